import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { NavigatorState } from '../render/explore-controls';
import { OVERVIEW_BOX } from '../render/explore-navigator';

interface NavigatorProps {
  state: NavigatorState;
  /** Shows the range the window covers now (fractions of the whole range). */
  onWindow(window: [number, number]): void;
}

/** The narrowest window, as a share of the whole range (a few bars of a long series). */
const MIN_WINDOW = 0.002;
/** What an arrow key moves the window or an edge by. */
const KEY_STEP = 0.02;

type Grip = 'move' | 'start' | 'end';

/**
 * Under an explorable chart, lined up with its plot: the whole series and a window on the range
 * in view. Drag the window to pan, its edges to zoom, press beside it to bring it there; with the
 * keyboard, ← and → move the focused window or edge.
 */
export function Navigator({ state, onWindow }: NavigatorProps) {
  const box = useRef<SVGSVGElement>(null);
  const drag = useRef<{ grip: Grip; x: number; window: [number, number] } | undefined>(undefined);
  const [f0, f1] = state.window;

  const fractionAt = (clientX: number) => {
    const r = box.current!.getBoundingClientRect();
    return (clientX - r.left) / (r.width || 1);
  };

  /** The window after moving a grip by `d` (a fraction), kept inside the whole range and not too narrow. */
  const moved = (grip: Grip, [a, b]: [number, number], d: number): [number, number] => {
    if (grip === 'move') {
      const shift = Math.min(1 - b, Math.max(-a, d));
      return [a + shift, b + shift];
    }
    if (grip === 'start') return [Math.min(b - MIN_WINDOW, Math.max(0, a + d)), b];
    return [a, Math.max(a + MIN_WINDOW, Math.min(1, b + d))];
  };

  const down = (grip: Grip) => (e: PointerEvent) => {
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
    drag.current = { grip, x: fractionAt(e.clientX), window: [f0, f1] };
  };
  const move = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    onWindow(moved(d.grip, d.window, fractionAt(e.clientX) - d.x));
  };
  const up = () => {
    drag.current = undefined;
  };
  /** A press beside the window brings the window's middle there. */
  const jump = (e: PointerEvent) => {
    const half = (f1 - f0) / 2;
    const at = fractionAt(e.clientX);
    onWindow(moved('move', [f0, f1], at - half - f0));
  };
  const key = (grip: Grip) => (e: KeyboardEvent) => {
    const d = e.key === 'ArrowLeft' ? -KEY_STEP : e.key === 'ArrowRight' ? KEY_STEP : 0;
    if (!d) return;
    e.preventDefault();
    onWindow(moved(grip, [f0, f1], d * (grip === 'move' ? f1 - f0 || 1 : 1)));
  };

  const { width, height } = OVERVIEW_BOX;
  const x0 = f0 * width;
  const x1 = f1 * width;
  const percent = (f: number) => Math.round(f * 100);
  return (
    <div className="navigator" style={{ marginLeft: state.left, width: state.width }} data-testid="navigator">
      <svg
        ref={box}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="group"
        aria-label="Navigator: the whole series, with the range in view"
        onPointerDown={jump}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      >
        <path className="navigator-series" d={`${state.path}V${height}H0Z`} />
        <path className="navigator-line" d={state.path} vectorEffect="non-scaling-stroke" />
        <rect className="navigator-shade" x={0} y={0} width={x0} height={height} />
        <rect className="navigator-shade" x={x1} y={0} width={width - x1} height={height} />
        <rect
          className="navigator-window"
          data-testid="navigator-window"
          x={x0}
          y={0}
          width={Math.max(0, x1 - x0)}
          height={height}
          tabIndex={0}
          role="slider"
          aria-label="Range in view"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent(f0)}
          aria-valuetext={state.label}
          vectorEffect="non-scaling-stroke"
          onPointerDown={down('move')}
          onKeyDown={key('move')}
        />
        {(['start', 'end'] as const).map((grip) => (
          <rect
            key={grip}
            className="navigator-grip"
            data-testid={`navigator-${grip}`}
            x={(grip === 'start' ? x0 : x1) - 6}
            y={height * 0.25}
            width={12}
            height={height * 0.5}
            tabIndex={0}
            role="slider"
            aria-label={grip === 'start' ? 'Start of the range in view' : 'End of the range in view'}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent(grip === 'start' ? f0 : f1)}
            aria-valuetext={state.label}
            onPointerDown={down(grip)}
            onKeyDown={key(grip)}
          />
        ))}
      </svg>
    </div>
  );
}
