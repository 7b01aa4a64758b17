import { useCallback, useRef, useState, type ReactNode } from 'react';

interface SplitPaneProps {
  left: ReactNode;
  right: ReactNode;
  /** Initial share of the width given to the left pane (0–1). */
  initial?: number;
}

/** Two panes side by side with a divider that can be dragged or moved with the arrow keys. */
export function SplitPane({ left, right, initial = 0.42 }: SplitPaneProps) {
  const [ratio, setRatio] = useState(initial);
  const box = useRef<HTMLDivElement>(null);

  const onPointerDown = useCallback((e: React.PointerEvent<HTMLDivElement>) => {
    const el = box.current;
    if (!el) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const rect = el.getBoundingClientRect();
    const move = (ev: PointerEvent) => setRatio(clamp((ev.clientX - rect.left) / rect.width));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      document.body.classList.remove('dragging');
    };
    document.body.classList.add('dragging');
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }, []);

  return (
    <div className="split" ref={box} style={{ gridTemplateColumns: `${ratio * 100}% 6px 1fr` }}>
      <div className="split-pane">{left}</div>
      <div
        className="split-divider"
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuemin={15}
        aria-valuemax={85}
        tabIndex={0}
        data-testid="split-divider"
        onPointerDown={onPointerDown}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') setRatio((r) => clamp(r - 0.02));
          if (e.key === 'ArrowRight') setRatio((r) => clamp(r + 0.02));
        }}
      />
      <div className="split-pane">{right}</div>
    </div>
  );
}

function clamp(r: number): number {
  return Math.min(0.85, Math.max(0.15, r));
}
