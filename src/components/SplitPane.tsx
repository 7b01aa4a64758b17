import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useMedia } from './use-media';

/** Under this width the panes are stacked: the editor above, the chart below. */
export const STACKED_QUERY = '(max-width: 900px)';

const RANGE = { min: 0.15, max: 0.85 };
const clamp = (r: number) => Math.min(RANGE.max, Math.max(RANGE.min, r));

interface SplitPaneProps {
  first: ReactNode;
  second: ReactNode;
  /** The first pane's share (0–1) of the width, or of the height when stacked. */
  ratio: number;
  /** A new share, once the user has let go of the divider (or with each key). */
  onRatio(ratio: number): void;
}

/**
 * Two panes, side by side on a wide window and stacked on a narrow one, with a divider that can
 * be dragged or moved with the keyboard (arrows, Page Up/Down, Home/End).
 */
export function SplitPane({ first, second, ratio, onRatio }: SplitPaneProps) {
  const stacked = useMedia(STACKED_QUERY);
  // While dragging, the share follows the pointer here; it is handed on when the drag ends.
  const [dragged, setDragged] = useState<number>();
  const box = useRef<HTMLDivElement>(null);
  const shown = dragged ?? ratio;
  useEffect(() => setDragged(undefined), [ratio]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const el = box.current;
    if (!el) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const rect = el.getBoundingClientRect();
    let last = ratio;
    const move = (ev: globalThis.PointerEvent) => {
      last = clamp(stacked ? (ev.clientY - rect.top) / rect.height : (ev.clientX - rect.left) / rect.width);
      setDragged(last);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      document.body.classList.remove('dragging', 'dragging-rows', 'dragging-columns');
      onRatio(last);
    };
    document.body.classList.add('dragging', stacked ? 'dragging-rows' : 'dragging-columns');
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const less = stacked ? 'ArrowUp' : 'ArrowLeft';
    const more = stacked ? 'ArrowDown' : 'ArrowRight';
    const to =
      e.key === less
        ? ratio - 0.02
        : e.key === more
          ? ratio + 0.02
          : e.key === 'PageUp'
            ? ratio - 0.1
            : e.key === 'PageDown'
              ? ratio + 0.1
              : e.key === 'Home'
                ? RANGE.min
                : e.key === 'End'
                  ? RANGE.max
                  : undefined;
    if (to === undefined) return;
    e.preventDefault();
    onRatio(clamp(to));
  };

  const percent = Math.round(shown * 100);
  const tracks = `${shown * 100}% 6px minmax(0, 1fr)`;
  return (
    <div
      className={`split ${stacked ? 'stacked' : 'side-by-side'}`}
      ref={box}
      style={stacked ? { gridTemplateRows: tracks } : { gridTemplateColumns: tracks }}
    >
      <div className="split-pane">{first}</div>
      <div
        className="split-divider"
        role="separator"
        aria-label="Resize the editor and the chart"
        aria-orientation={stacked ? 'horizontal' : 'vertical'}
        aria-valuenow={percent}
        aria-valuemin={RANGE.min * 100}
        aria-valuemax={RANGE.max * 100}
        aria-valuetext={`Editor ${percent}%`}
        tabIndex={0}
        data-testid="split-divider"
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      />
      <div className="split-pane">{second}</div>
    </div>
  );
}
