/**
 * Technical indicators: the one registry, keyed by the name a spec uses, and the entry point
 * that fills in default parameters. Pure TypeScript over columns: no DOM, no Vega, no runtime
 * dependency, so it runs alike in the page, a worker, the CLI and tests.
 *
 * Exactness: every indicator TA-Lib has (SMA EMA WMA BBANDS SAR RSI MACD STOCH ATR OBV CCI
 * WILLR ADX, and MAX/MIN/MIDPRICE inside Donchian and Ichimoku) gives TA-Lib's values and
 * warm-up; tests/unit/indicators checks them against TA-Lib itself.
 */
import { BOLLINGER, DONCHIAN, KELTNER } from './bands';
import { EMA, SMA, WMA } from './moving-averages';
import { CCI, MACD, RSI, STOCHASTIC, WILLIAMS_R } from './oscillators';
import { resolveParams } from './params';
import { ADX, ICHIMOKU, SAR } from './trend';
import type { Bars, IndicatorDef } from './types';
import { ATR } from './volatility';
import { OBV, VWAP } from './volume';

export type { Bars, Column, IndicatorDef, ParamSpec } from './types';
export { paramProblems, resolveParams } from './params';

const ALL: readonly IndicatorDef[] = [
  // Overlays on the price pane.
  SMA,
  EMA,
  WMA,
  VWAP,
  BOLLINGER,
  KELTNER,
  DONCHIAN,
  SAR,
  ICHIMOKU,
  // Panes of their own.
  RSI,
  MACD,
  STOCHASTIC,
  ATR,
  OBV,
  CCI,
  WILLIAMS_R,
  ADX,
];

export const INDICATORS: Readonly<Record<string, IndicatorDef>> = Object.freeze(
  Object.fromEntries(ALL.map((def) => [def.name, def])),
);

/**
 * The outputs of indicator `name` on `bars`, with the parameters not given taken from their
 * defaults. Each output is as long as the bars, NaN where undefined. Throws a RangeError for an
 * unknown name or a bad parameter: the spec's validation reports those as Problems first, so
 * here they are a caller's mistake.
 */
export function computeIndicator(
  name: string,
  bars: Bars,
  params?: Partial<Record<string, number>>,
): Record<string, Float64Array> {
  const def = Object.hasOwn(INDICATORS, name) ? INDICATORS[name] : undefined;
  if (!def) throw new RangeError(`unknown indicator "${name}"`);
  return def.compute(bars, resolveParams(def, params));
}
