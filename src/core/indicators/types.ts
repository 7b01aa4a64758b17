/**
 * Technical indicators: the shapes shared by the registry and the math.
 *
 * Everything here is pure: columns in, columns out. Each output is a Float64Array as long as
 * the bars, NaN where the indicator is undefined (its warm-up, or a column it needs is missing),
 * so the render layer can draw it against the bars' own index without re-aligning anything.
 */

/** Columns, one entry per bar, in time order. The number of bars is `close.length`. */
export interface Bars {
  /** Milliseconds since the epoch (or plain numbers); VWAP reads it to find day boundaries. */
  time?: ArrayLike<number>;
  open: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  close: ArrayLike<number>;
  volume?: ArrayLike<number>;
}

/** One numeric parameter, as the spec's schema will declare it. */
export interface ParamSpec {
  default: number;
  min?: number;
  max?: number;
  integer?: boolean;
  description: string;
}

export type Column = 'open' | 'high' | 'low' | 'close' | 'volume' | 'time';

export interface IndicatorDef {
  /** The key in specs and in `INDICATORS`: 'ema'. */
  name: string;
  /** 'Exponential moving average'. */
  title: string;
  /** Overlay on the price pane, or a pane of its own under it. */
  pane: 'price' | 'own';
  params: Record<string, ParamSpec>;
  /** The keys of `compute`'s result, in drawing order: ['upper', 'middle', 'lower']. */
  outputs: readonly string[];
  /**
   * The columns `compute` reads. Without `volume`, VWAP and OBV are NaN throughout; without
   * `time`, VWAP runs from the first bar (it only needs times to find day boundaries).
   */
  needs: readonly Column[];
  /** Reference levels drawn and labelled in the indicator's pane: RSI [30, 70]. */
  levels?: readonly number[];
  /** A fixed axis for a bounded indicator: RSI [0, 100]. */
  range?: readonly [number, number];
  /** A short legend label with the parameters: 'EMA 20', 'BB 20 2'. */
  label(p: Record<string, number>): string;
  /**
   * The outputs, each as long as the bars, NaN where undefined. Expects every parameter present
   * and valid (`computeIndicator` fills defaults and checks them).
   */
  compute(bars: Bars, p: Record<string, number>): Record<string, Float64Array>;
}
