import type { RangeToken } from '../core/explore';

interface ExploreBarProps {
  /** The range buttons the spec asks for (`rangeButtons`), and the one whose range is in view. */
  buttons: readonly RangeToken[];
  active: RangeToken | undefined;
  onRange(token: RangeToken): void;
  /** Writes the range in view into the spec. */
  onKeep(): void;
}

/**
 * Above a chart whose time axis can be explored: the range buttons (1M, 3M, … All) and the
 * action that keeps the range in view by writing it into the spec.
 */
export function ExploreBar({ buttons, active, onRange, onKeep }: ExploreBarProps) {
  return (
    <div className="explore-bar" role="toolbar" aria-label="Time range" data-testid="explore-bar">
      {buttons.map((token) => (
        <button
          key={token}
          type="button"
          className="range-button"
          aria-pressed={active === token}
          data-testid={`range-${token}`}
          onClick={() => onRange(token)}
        >
          {token}
        </button>
      ))}
      <button
        type="button"
        className="keep-range"
        data-testid="keep-range"
        title="Write the range in view into the spec, as the mark's range: the chart opens on it"
        onClick={onKeep}
      >
        Keep this range in the spec
      </button>
    </div>
  );
}
