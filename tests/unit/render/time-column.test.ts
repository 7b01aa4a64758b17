import { describe, expect, it } from 'vitest';
import { priceColumns, timeColumn } from '../../../src/render/time-column';

describe('the time column', () => {
  it('reads the prices named beside the times, a missing price as NaN, and the smallest step', () => {
    const rows = [
      { t: '2024-01-01', c: 10, v: '7' },
      { t: '2024-01-02', c: null, v: 5 },
      { t: '2024-01-05', c: '', v: 'x' },
      { t: '2024-01-05', c: 12.5 },
    ];
    const col = timeColumn(rows, 't', true, ['c', 'v']);
    expect(col.sorted).toBe(true);
    expect(col.step).toBe(864e5);
    expect([...col.prices.get('c')!]).toEqual([10, NaN, NaN, 12.5]);
    expect([...col.prices.get('v')!]).toEqual([7, 5, NaN, NaN]);
    expect([...col.values]).toEqual(rows.map((r) => Date.parse(r.t)));
    // The same prices read alone, and none read when none is named.
    expect(priceColumns(rows, ['c', 'v'])).toEqual(col.prices);
    expect(timeColumn(rows, 't', true).prices.size).toBe(0);
  });

  it('has no step when no time follows a smaller one', () => {
    expect(timeColumn([{ t: 3 }, { t: 3 }, { t: 1 }], 't', false).step).toBe(Infinity);
    expect(timeColumn([{ t: 3 }, { t: 1 }, { t: 2 }], 't', false)).toMatchObject({ step: 1, sorted: false });
  });
});
