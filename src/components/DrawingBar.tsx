import type { ReactNode } from 'react';
import { DRAWING_TOOLS, type DrawingTool } from '../core/drawing-tools';

/** Each tool's name (its button's accessible name) and what it does (its tooltip). */
const TOOLS: Record<DrawingTool, { name: string; hint: string }> = {
  level: { name: 'Horizontal level', hint: 'Click a price: a level across the chart' },
  event: { name: 'Vertical event line', hint: 'Click a bar: a line at its date' },
  trend: { name: 'Trend line', hint: 'Drag from one point to another' },
  ray: { name: 'Ray', hint: 'Drag from its start through a second point: it runs on past it' },
  rect: { name: 'Rectangle', hint: 'Drag from one corner to the other' },
  fibonacci: { name: 'Fibonacci retracement', hint: 'Drag from the swing’s start to its end' },
  channel: { name: 'Parallel channel', hint: 'Drag the base line, then click where the parallel line goes' },
  callout: { name: 'Callout', hint: 'Click the point the arrow shows; write its text in the spec' },
  note: { name: 'Text note', hint: 'Click where the note goes; write its text in the spec' },
  buy: { name: 'Buy marker', hint: 'Click a bar: an arrow under the price' },
  sell: { name: 'Sell marker', hint: 'Click a bar: an arrow over the price' },
  measure: { name: 'Measure', hint: 'Drag between two points: the change in price, percent and time' },
};

/** Line icons on a 20-pixel grid, drawn in the button's color. */
const ICONS: Record<DrawingTool | 'magnet', ReactNode> = {
  level: (
    <>
      <path d="M2 10h16" />
      <circle cx="10" cy="10" r="2" />
    </>
  ),
  event: (
    <>
      <path d="M10 2v16" strokeDasharray="3 2" />
      <circle cx="10" cy="10" r="2" />
    </>
  ),
  trend: (
    <>
      <path d="M5 15 15 5" />
      <circle cx="4" cy="16" r="2" />
      <circle cx="16" cy="4" r="2" />
    </>
  ),
  ray: (
    <>
      <path d="M5 15 18 2" />
      <circle cx="4" cy="16" r="2" />
      <circle cx="11" cy="9" r="2" />
    </>
  ),
  rect: <rect x="3" y="5" width="14" height="10" rx="1" />,
  fibonacci: <path d="M2 3h16M2 7h16M2 10h16M2 12.5h16M2 17h16" />,
  channel: <path d="M2 12 14 3M6 17 18 8M4 14.5 16 5.5" />,
  callout: (
    <>
      <path d="M3 17 8 12" />
      <rect x="8" y="3" width="10" height="8" rx="2" />
    </>
  ),
  note: <path d="M4 4h12M10 4v13M7.5 17h5" />,
  buy: <path d="M10 17V4M5 9l5-5 5 5" />,
  sell: <path d="M10 3v13M5 11l5 5 5-5" />,
  measure: (
    <>
      <path d="M4 16V4M4 16h12" />
      <path d="M7 13 15 5M15 5h-4M15 5v4" />
    </>
  ),
  magnet: <path d="M5 3v7a5 5 0 0 0 10 0V3M5 6h3M12 6h3M8 3v7a2 2 0 0 0 4 0V3" />,
};

const Icon = ({ of }: { of: DrawingTool | 'magnet' }) => (
  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
    {ICONS[of]}
  </svg>
);

interface DrawingBarProps {
  /** The tool in hand, if any. */
  tool: DrawingTool | undefined;
  /** Points snap to the nearest bar's open, high, low or close (a data point's value on other charts). */
  magnet: boolean;
  onTool(tool: DrawingTool | undefined): void;
  onMagnet(magnet: boolean): void;
  /** Why nothing can be drawn now (the tools are shown, disabled, saying so), if that is so. */
  off?: string | undefined;
}

/**
 * The drawing tools beside a chart that can be drawn on (a financial chart, or any with continuous
 * x and y): a tool taken draws one item on
 * the chart, written into the spec as an annotation (src/render/drawing-controls.ts); the button
 * pressed again, or Escape, puts it down.
 */
export function DrawingBar({ tool, magnet, onTool, onMagnet, off }: DrawingBarProps) {
  return (
    <div
      className="drawing-bar"
      role="toolbar"
      aria-label="Drawing tools"
      aria-orientation="vertical"
      data-testid="drawing-bar"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && tool) {
          e.preventDefault();
          onTool(undefined);
        }
      }}
    >
      {DRAWING_TOOLS.map((t) => (
        <button
          key={t}
          type="button"
          className={`drawing-tool drawing-tool-${t}`}
          aria-label={TOOLS[t].name}
          aria-pressed={!off && tool === t}
          disabled={!!off}
          title={`${TOOLS[t].name}: ${off ?? TOOLS[t].hint}`}
          data-testid={`tool-${t}`}
          onClick={() => onTool(tool === t ? undefined : t)}
        >
          <Icon of={t} />
        </button>
      ))}
      <button
        type="button"
        className="drawing-magnet"
        aria-label="Magnet"
        aria-pressed={magnet}
        title="Magnet: points snap to the nearest open, high, low or close, or the nearest value drawn"
        data-testid="tool-magnet"
        onClick={() => onMagnet(!magnet)}
      >
        <Icon of="magnet" />
      </button>
    </div>
  );
}
