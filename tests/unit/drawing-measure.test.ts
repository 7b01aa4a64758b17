import { describe, expect, it } from 'vitest';
import { measureReadout, timeSpan } from '../../src/core/drawing-measure';

const DAY = 86_400_000;

describe('the measure tool’s readout', () => {
  it('says the change in price and percent, the bars and the days between two points', () => {
    expect(
      measureReadout(
        { x: 0, y: 100 },
        { x: 20 * DAY, y: 102.5 },
        { temporal: true, decimals: 2, count: 14, noun: 'bar' },
      ),
    ).toEqual(['+2.50 (+2.50%)', '14 bars, 20 days']);
    expect(
      measureReadout({ x: 5 * DAY, y: 80 }, { x: 0, y: 60 }, { temporal: true, decimals: 0, count: 1, noun: 'point' }),
    ).toEqual(['-20 (-25.00%)', '1 point, 5 days']);
  });

  it('no percent from zero; a numeric x says its difference; no change is not signed', () => {
    expect(
      measureReadout({ x: 1, y: 0 }, { x: 3.5, y: 0.25 }, { temporal: false, decimals: 3, count: 2, noun: 'point' }),
    ).toEqual(['+0.250', '2 points, Δx 2.5']);
    expect(
      measureReadout({ x: 1, y: 5 }, { x: 1, y: 5 }, { temporal: false, decimals: 1, count: 0, noun: 'bar' })[0],
    ).toBe('0.0 (0.00%)');
  });

  it('a time span in the units that say it', () => {
    expect(timeSpan(DAY)).toBe('1 day');
    expect(timeSpan(-3 * DAY)).toBe('3 days');
    expect(timeSpan(3 * 3_600_000 + 20 * 60_000)).toBe('3 h 20 min');
    expect(timeSpan(2 * 3_600_000)).toBe('2 h');
    expect(timeSpan(45 * 60_000)).toBe('45 min');
    expect(timeSpan(30_000)).toBe('30 s');
  });
});
