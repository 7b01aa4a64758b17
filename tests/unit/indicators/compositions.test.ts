/**
 * The indicators TA-Lib lacks, against compositions of TA-Lib functions (Keltner, Donchian,
 * Ichimoku) or, for VWAP, a plain loop written from the definition in this file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { computeIndicator } from '../../../src/core/indicators';
import { expectClose } from './expect-close';
import { makeSeries, type Series } from './series';
import { initTalib, talib } from './talib';

const daily = makeSeries();
const QUARTER_HOUR = 15 * 60_000;
/** 600 quarter-hour bars from 13:30 UTC: six and a quarter UTC days, so five day boundaries. */
const intraday = makeSeries(600, 11, QUARTER_HOUR);

beforeAll(initTalib);

/** `values` moved `by` bars later (negative: earlier), NaN where nothing lands. */
function shifted(values: Float64Array, by: number): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  for (let i = 0; i < values.length; i++) {
    const from = i - by;
    if (from >= 0 && from < values.length) out[i] = values[from]!;
  }
  return out;
}

const map = (a: Float64Array, f: (x: number, i: number) => number) => a.map(f);

describe('Keltner = EMA(close) ± multiplier × ATR', () => {
  it.each([{}, { period: 10, multiplier: 1.5, atrPeriod: 20 }, { period: 2, multiplier: 3, atrPeriod: 1 }])(
    '%j',
    (p) => {
      const { high, low, close } = daily;
      const period = p.period ?? 20;
      const m = p.multiplier ?? 2;
      const ema = talib('EMA', [close], [period], 1).outputs[0]!;
      const atr = talib('ATR', [high, low, close], [p.atrPeriod ?? 10], 1).outputs[0]!;
      const ours = computeIndicator('keltner', daily, p);
      const middle = map(ema, (x, i) => (Number.isNaN(atr[i]!) ? NaN : x));
      expectClose(ours.middle!, middle, 'middle');
      expectClose(
        ours.upper!,
        map(ema, (x, i) => x + m * atr[i]!),
        'upper',
      );
      expectClose(
        ours.lower!,
        map(ema, (x, i) => x - m * atr[i]!),
        'lower',
      );
    },
  );
});

describe('Donchian = MAX(high), MIN(low) and their midpoint', () => {
  it.each([{}, { period: 2 }, { period: 55 }])('%j', (p) => {
    const period = p.period ?? 20;
    const max = talib('MAX', [daily.high], [period], 1).outputs[0]!;
    const min = talib('MIN', [daily.low], [period], 1).outputs[0]!;
    const ours = computeIndicator('donchian', daily, p);
    expectClose(ours.upper!, max, 'upper');
    expectClose(ours.lower!, min, 'lower');
    expectClose(
      ours.middle!,
      map(max, (x, i) => (x + min[i]!) / 2),
      'middle',
    );
  });

  it('period 1 is each bar’s own high and low', () => {
    const ours = computeIndicator('donchian', daily, { period: 1 });
    expectClose(ours.upper!, daily.high, 'upper');
    expectClose(ours.lower!, daily.low, 'lower');
  });
});

describe('Ichimoku = MIDPRICE lines, spans shifted ahead, the close shifted behind', () => {
  it.each([{}, { displacement: 25 }, { conversion: 7, base: 22, spanB: 44, displacement: 0 }])('%j', (p) => {
    const { high, low, close } = daily;
    const mid = (n: number) => talib('MIDPRICE', [high, low], [n], 1).outputs[0]!;
    const d = p.displacement ?? 26;
    const conversion = mid(p.conversion ?? 9);
    const base = mid(p.base ?? 26);
    const ours = computeIndicator('ichimoku', daily, p);
    expectClose(ours.conversion!, conversion, 'conversion');
    expectClose(ours.base!, base, 'base');
    expectClose(
      ours.spanA!,
      shifted(
        map(conversion, (x, i) => (x + base[i]!) / 2),
        d,
      ),
      'spanA',
    );
    expectClose(ours.spanB!, shifted(mid(p.spanB ?? 52), d), 'spanB');
    expectClose(ours.lagging!, shifted(close, -d), 'lagging');
  });
});

/** VWAP from its definition: for each bar, sum over the bars of its session so far. */
function vwapByDefinition(s: Series, perUtcDay: boolean): Float64Array {
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return s.close.map((_, i) => {
    let pv = 0;
    let v = 0;
    let from = 0;
    if (perUtcDay) for (from = i; from > 0 && day(s.time[from - 1]!) === day(s.time[i]!); from--);
    for (let j = from; j <= i; j++) {
      pv += ((s.high[j]! + s.low[j]! + s.close[j]!) / 3) * s.volume[j]!;
      v += s.volume[j]!;
    }
    return v === 0 ? NaN : pv / v;
  });
}

describe('VWAP = Σ typical price × volume / Σ volume', () => {
  it('runs from the first bar for daily bars', () => {
    expectClose(computeIndicator('vwap', daily).value!, vwapByDefinition(daily, false), 'vwap');
  });

  it('restarts at each UTC day for intraday bars', () => {
    const ours = computeIndicator('vwap', intraday).value!;
    expectClose(ours, vwapByDefinition(intraday, true), 'vwap');
    // The first bar of a day (with volume) is its own typical price: nothing carried over.
    const first = intraday.time.findIndex((t) => new Date(t).getUTCHours() === 0 && new Date(t).getUTCMinutes() === 0);
    expect(intraday.volume[first]).toBeGreaterThan(0);
    const typical = (intraday.high[first]! + intraday.low[first]! + intraday.close[first]!) / 3;
    expect(ours[first]).toBeCloseTo(typical, 12);
  });

  it('runs from the first bar when the bars have no times', () => {
    const { time: _time, ...untimed } = intraday;
    expectClose(computeIndicator('vwap', untimed).value!, vwapByDefinition(intraday, false), 'vwap');
  });

  it('daily bars at local midnight stay daily across a 23-hour DST day', () => {
    const s = makeSeries(40);
    s.time[10] = s.time[10]! - 3_600_000;
    expectClose(computeIndicator('vwap', s).value!, vwapByDefinition(s, false), 'vwap');
  });
});
