import { PRICE_SCALES, type PriceScale, type RangeToken } from '../core/explore';
import type { ReplayState } from '../render/explore-replay';

const SCALE_LABELS: Record<PriceScale, { text: string; title: string }> = {
  linear: { text: 'Linear', title: 'Prices on a linear axis' },
  log: { text: 'Log', title: 'Prices on a logarithmic axis: equal steps are equal percentages' },
  percent: { text: '%', title: 'Each price as its change from the first bar in view' },
};

interface ExploreBarProps {
  /** The range buttons the spec asks for (`rangeButtons`), and the one whose range is in view. */
  buttons: readonly RangeToken[];
  active: RangeToken | undefined;
  onRange(token: RangeToken): void;
  /** Writes the range in view into the spec. */
  onKeep(): void;
  /** The price scale drawn, and the toggle that writes another into the spec. */
  priceScale: PriceScale;
  onScale(scale: PriceScale): void;
  /** The replay's state, when the spec asks for one (`replay`), and its buttons' action. */
  replay?: ReplayState | undefined;
  onReplay(action: 'play' | 'pause' | 'restart'): void;
}

/**
 * Above a chart whose time axis can be explored: the range buttons (1M, 3M, … All), the price
 * scale toggles and the action that keeps the range in view. The toggles and "keep" write into
 * the spec (the text stays the whole truth of the chart); the range buttons only move the view.
 */
export function ExploreBar({
  buttons,
  active,
  onRange,
  onKeep,
  priceScale,
  onScale,
  replay,
  onReplay,
}: ExploreBarProps) {
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
      <span className="scale-toggles" role="group" aria-label="Price scale">
        {PRICE_SCALES.map((scale) => (
          <button
            key={scale}
            type="button"
            className="scale-button"
            aria-pressed={priceScale === scale}
            data-testid={`scale-${scale}`}
            title={SCALE_LABELS[scale].title}
            onClick={() => scale !== priceScale && onScale(scale)}
          >
            {SCALE_LABELS[scale].text}
          </button>
        ))}
      </span>
      {replay && (
        <span className="replay-buttons" role="group" aria-label="Replay">
          <button
            type="button"
            className="replay-play"
            data-testid="replay-play"
            title={replay.playing ? 'The bars stop arriving' : 'The next bars arrive one at a time'}
            onClick={() => onReplay(replay.playing ? 'pause' : 'play')}
          >
            <span aria-hidden="true">{replay.playing ? '❚❚ ' : '▶ '}</span>
            {replay.playing ? 'Pause' : replay.ended ? 'Replay again' : 'Play'}
          </button>
          <button
            type="button"
            className="replay-restart"
            data-testid="replay-restart"
            title="Back to the bars the replay starts from"
            onClick={() => onReplay('restart')}
          >
            <span aria-hidden="true">⟲ </span>Start over
          </button>
        </span>
      )}
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
