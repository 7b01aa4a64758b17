/**
 * Every indicator TA-Lib has, against TA-Lib itself on the fixed series: values to 1e-9
 * relative and NaN at exactly the bars TA-Lib leaves out (its outBegIdx), for the defaults and
 * for other parameters (short, long, odd).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { computeIndicator } from '../../../src/core/indicators';
import { expectClose, firstDefined } from './expect-close';
import { constantSeries, makeSeries, type Series } from './series';
import { initTalib, talib, type TalibResult } from './talib';

const SERIES: Record<string, Series> = {
  'a 600-bar walk with gaps, flat stretches, a spike and zero volumes': makeSeries(),
  'constant prices': constantSeries(60, 50),
  'fewer bars than most warm-ups': makeSeries(12, 7),
};
const SMA_TYPE = 0;

beforeAll(initTalib);

interface Case {
  name: string;
  params: Record<string, number>[];
  /** Our outputs, in the order of TA-Lib's. */
  outputs: string[];
  reference(bars: Series, p: Record<string, number>): TalibResult;
}

const CASES: Case[] = [
  {
    name: 'sma',
    params: [{}, { period: 2 }, { period: 7 }, { period: 50 }, { period: 200 }],
    outputs: ['value'],
    reference: (b, p) => talib('SMA', [b.close], [p.period ?? 20], 1),
  },
  {
    name: 'ema',
    params: [{}, { period: 2 }, { period: 9 }, { period: 50 }, { period: 200 }],
    outputs: ['value'],
    reference: (b, p) => talib('EMA', [b.close], [p.period ?? 20], 1),
  },
  {
    name: 'wma',
    params: [{}, { period: 2 }, { period: 9 }, { period: 50 }, { period: 200 }],
    outputs: ['value'],
    reference: (b, p) => talib('WMA', [b.close], [p.period ?? 20], 1),
  },
  {
    name: 'bollinger',
    params: [{}, { period: 2 }, { period: 10, stdDev: 1 }, { period: 50, stdDev: 2.5 }, { stdDev: 0 }],
    outputs: ['upper', 'middle', 'lower'],
    reference: (b, p) => {
      const dev = p.stdDev ?? 2;
      return talib('BBANDS', [b.close], [p.period ?? 20, dev, dev, SMA_TYPE], 3);
    },
  },
  {
    name: 'sar',
    params: [{}, { acceleration: 0.01, maximum: 0.1 }, { acceleration: 0.05, maximum: 0.5 }, { acceleration: 0.3 }],
    outputs: ['value'],
    reference: (b, p) => talib('SAR', [b.high, b.low], [p.acceleration ?? 0.02, p.maximum ?? 0.2], 1),
  },
  {
    name: 'rsi',
    params: [{}, { period: 2 }, { period: 7 }, { period: 30 }, { period: 100 }],
    outputs: ['value'],
    reference: (b, p) => talib('RSI', [b.close], [p.period ?? 14], 1),
  },
  {
    name: 'macd',
    params: [{}, { fast: 5, slow: 35, signal: 5 }, { fast: 2, slow: 3, signal: 2 }, { fast: 26, slow: 12, signal: 9 }],
    outputs: ['macd', 'signal', 'histogram'],
    reference: (b, p) => talib('MACD', [b.close], [p.fast ?? 12, p.slow ?? 26, p.signal ?? 9], 3),
  },
  {
    name: 'stochastic',
    params: [
      {},
      { kPeriod: 5, kSmooth: 3, dPeriod: 3 },
      { kPeriod: 1, kSmooth: 1, dPeriod: 1 },
      { kPeriod: 21, kSmooth: 5, dPeriod: 4 },
    ],
    outputs: ['k', 'd'],
    reference: (b, p) =>
      talib(
        'STOCH',
        [b.high, b.low, b.close],
        [p.kPeriod ?? 14, p.kSmooth ?? 3, SMA_TYPE, p.dPeriod ?? 3, SMA_TYPE],
        2,
      ),
  },
  {
    name: 'atr',
    params: [{}, { period: 1 }, { period: 2 }, { period: 30 }],
    outputs: ['value'],
    reference: (b, p) => talib('ATR', [b.high, b.low, b.close], [p.period ?? 14], 1),
  },
  {
    name: 'obv',
    params: [{}],
    outputs: ['value'],
    reference: (b) => talib('OBV', [b.close, b.volume], [], 1),
  },
  {
    name: 'cci',
    params: [{}, { period: 2 }, { period: 14 }, { period: 50 }],
    outputs: ['value'],
    reference: (b, p) => talib('CCI', [b.high, b.low, b.close], [p.period ?? 20], 1),
  },
  {
    name: 'williamsR',
    params: [{}, { period: 2 }, { period: 30 }],
    outputs: ['value'],
    reference: (b, p) => talib('WILLR', [b.high, b.low, b.close], [p.period ?? 14], 1),
  },
  {
    name: 'adx',
    params: [{}, { period: 2 }, { period: 7 }, { period: 30 }],
    outputs: ['adx'],
    reference: (b, p) => talib('ADX', [b.high, b.low, b.close], [p.period ?? 14], 1),
  },
  {
    name: 'adx',
    params: [{}, { period: 2 }, { period: 7 }, { period: 30 }],
    outputs: ['plusDI'],
    reference: (b, p) => talib('PLUS_DI', [b.high, b.low, b.close], [p.period ?? 14], 1),
  },
  {
    name: 'adx',
    params: [{}, { period: 2 }, { period: 7 }, { period: 30 }],
    outputs: ['minusDI'],
    reference: (b, p) => talib('MINUS_DI', [b.high, b.low, b.close], [p.period ?? 14], 1),
  },
];

describe.each(Object.entries(SERIES))('indicators equal TA-Lib on %s', (_, bars) => {
  for (const c of CASES) {
    for (const p of c.params) {
      it(`${c.name} ${c.outputs.join('/')} ${JSON.stringify(p)}`, () => {
        const ours = computeIndicator(c.name, bars, p);
        const ref = c.reference(bars, p);
        c.outputs.forEach((output, k) => {
          const values = ours[output]!;
          expect(firstDefined(values), `${output}: first defined bar`).toBe(ref.begIdx);
          expectClose(values, ref.outputs[k]!, output);
        });
      });
    }
  }
});
