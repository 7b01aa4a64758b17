/** The registry the spec language reads, parameter checks, and the edge cases of the math. */
import { beforeAll, describe, expect, it } from 'vitest';
import { computeIndicator, INDICATORS, paramProblems, resolveParams } from '../../../src/core/indicators';
import { expectClose } from './expect-close';
import { makeSeries } from './series';
import { initTalib, talib } from './talib';

beforeAll(initTalib);

const NAMES = Object.keys(INDICATORS);

describe('the registry', () => {
  it('holds the overlays and the pane indicators, keyed by their names', () => {
    const panes = (pane: string) => NAMES.filter((name) => INDICATORS[name]!.pane === pane);
    expect(panes('price')).toEqual([
      'sma',
      'ema',
      'wma',
      'vwap',
      'bollinger',
      'keltner',
      'donchian',
      'sar',
      'ichimoku',
    ]);
    expect(panes('own')).toEqual(['rsi', 'macd', 'stochastic', 'atr', 'obv', 'cci', 'williamsR', 'adx']);
    for (const name of NAMES) expect(INDICATORS[name]!.name).toBe(name);
    expect(Object.isFrozen(INDICATORS)).toBe(true);
  });

  it('declares defaults that pass its own checks, and labels them', () => {
    const labels = Object.fromEntries(
      NAMES.map((name) => [name, INDICATORS[name]!.label(resolveParams(INDICATORS[name]!))]),
    );
    expect(labels).toEqual({
      sma: 'SMA 20',
      ema: 'EMA 20',
      wma: 'WMA 20',
      vwap: 'VWAP',
      bollinger: 'BB 20 2',
      keltner: 'KC 20 2 10',
      donchian: 'DC 20',
      sar: 'SAR 0.02 0.2',
      ichimoku: 'Ichimoku 9 26 52 26',
      rsi: 'RSI 14',
      macd: 'MACD 12 26 9',
      stochastic: 'Stoch 14 3 3',
      atr: 'ATR 14',
      obv: 'OBV',
      cci: 'CCI 20',
      williamsR: '%R 14',
      adx: 'ADX 14',
    });
  });

  it('keeps levels inside a fixed range', () => {
    for (const def of Object.values(INDICATORS)) {
      if (!def.range || !def.levels) continue;
      const [min, max] = def.range;
      for (const level of def.levels) expect(min <= level && level <= max, `${def.name} ${level}`).toBe(true);
    }
  });

  it('reads only the columns it declares it needs (the page reads only those from the rows)', () => {
    const full = makeSeries(400);
    const nan = new Float64Array(full.close.length).fill(NaN);
    for (const def of Object.values(INDICATORS)) {
      const only = Object.fromEntries(
        (['open', 'high', 'low', 'close', 'volume'] as const).map((c) => [c, def.needs.includes(c) ? full[c] : nan]),
      );
      const bars = { ...only, time: full.time } as unknown as typeof full;
      const a = computeIndicator(def.name, full);
      const b = computeIndicator(def.name, bars);
      for (const o of def.outputs) expect(Array.from(b[o]!), `${def.name} ${o}`).toEqual(Array.from(a[o]!));
    }
  });
});

describe('parameters', () => {
  it('fills in defaults and keeps what is given', () => {
    expect(resolveParams(INDICATORS.macd!, { signal: 5 })).toEqual({ fast: 12, slow: 26, signal: 5 });
  });

  it('reports one problem per bad or unknown parameter', () => {
    expect(paramProblems(INDICATORS.rsi!, { period: '14' as unknown as number })).toEqual([
      { param: 'period', message: 'rsi period must be a finite number' },
    ]);
    expect(paramProblems(INDICATORS.bollinger!, { period: 2.5, stdDev: -1, length: 3 })).toEqual([
      { param: 'period', message: 'bollinger period must be a whole number' },
      { param: 'stdDev', message: 'bollinger stdDev must be at least 0' },
      { param: 'length', message: 'bollinger has no parameter "length" (it takes period, stdDev)' },
    ]);
    expect(paramProblems(INDICATORS.obv!, { period: 3 })).toEqual([
      { param: 'period', message: 'obv takes no parameters' },
    ]);
  });

  it('computeIndicator throws on an unknown name or a bad value (validation reports them first)', () => {
    const bars = makeSeries(30);
    expect(() => computeIndicator('ema2', bars)).toThrow(RangeError);
    expect(() => computeIndicator('toString', bars)).toThrow(RangeError);
    expect(() => computeIndicator('rsi', bars, { period: 1 })).toThrow('rsi period must be at least 2');
  });
});

describe('edge cases', () => {
  it.each(NAMES)('%s: no bars, one bar, fewer bars than the window: all NaN, no throw', (name) => {
    for (const n of [0, 1, 5]) {
      const out = computeIndicator(name, makeSeries(n));
      for (const [key, values] of Object.entries(out)) {
        expect(values.length).toBe(n);
        // OBV is defined from the first bar; VWAP from the first bar with volume.
        if (name === 'obv' || name === 'vwap' || name === 'sar') continue;
        expect(Array.from(values).every(Number.isNaN), `${key} on ${n} bars`).toBe(true);
      }
    }
  });

  it('period 1: the moving averages are the close itself, the ATR the true range', () => {
    const bars = makeSeries();
    for (const name of ['sma', 'ema', 'wma'])
      expectClose(computeIndicator(name, bars, { period: 1 }).value!, bars.close, name);
    const trueRange = talib('TRANGE', [bars.high, bars.low, bars.close], [], 1).outputs[0]!;
    expectClose(computeIndicator('atr', bars, { period: 1 }).value!, trueRange, 'atr');
  });

  it('without a volume column, VWAP and OBV are NaN throughout', () => {
    const { volume: _volume, ...bars } = makeSeries();
    for (const name of ['vwap', 'obv'])
      expect(Array.from(computeIndicator(name, bars).value!).every(Number.isNaN)).toBe(true);
  });

  it('constant prices: RSI, Stochastic, Williams %R and CCI read 0 as TA-Lib gives them; bands collapse', () => {
    const bars = makeSeries(60);
    for (const column of [bars.open, bars.high, bars.low, bars.close]) column.fill(50);
    expect(computeIndicator('rsi', bars).value![14]).toBe(0);
    expect(computeIndicator('stochastic', bars).k![20]).toBe(0);
    expect(computeIndicator('williamsR', bars).value![20]).toBe(0);
    expect(computeIndicator('cci', bars).value![40]).toBe(0);
    const bands = computeIndicator('bollinger', bars);
    expect([bands.upper![40], bands.middle![40], bands.lower![40]]).toEqual([50, 50, 50]);
  });

  it('does not change its inputs', () => {
    const bars = makeSeries(100);
    const copy = structuredClone(bars);
    for (const name of NAMES) computeIndicator(name, bars);
    expect(bars).toEqual(copy);
  });
});
