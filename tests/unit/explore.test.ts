import { describe, expect, it } from 'vitest';
import { rangeDomain, RANGE_PATTERN } from '../../src/core/explore';
import { rangeEdits } from '../../src/core/spec-edits';
import { applyEdits } from 'jsonc-parser';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

describe('range tokens', () => {
  const whole: [number, number] = [day(2020, 1, 6), day(2024, 7, 18)];
  it('go back from the last bar by calendar months and years, by days and weeks, or to the first of January', () => {
    expect(rangeDomain('1M', whole)).toEqual([day(2024, 6, 18), whole[1]]);
    expect(rangeDomain('6M', whole)).toEqual([day(2024, 1, 18), whole[1]]);
    expect(rangeDomain('1Y', whole)).toEqual([day(2023, 7, 18), whole[1]]);
    expect(rangeDomain('2W', whole)).toEqual([day(2024, 7, 4), whole[1]]);
    expect(rangeDomain('10D', whole)).toEqual([day(2024, 7, 8), whole[1]]);
    expect(rangeDomain('YTD', whole)).toEqual([day(2024, 1, 1), whole[1]]);
    expect(rangeDomain('All', whole)).toEqual(whole);
  });
  it('never start before the first bar', () => {
    expect(rangeDomain('10Y', whole)).toEqual(whole);
    expect(rangeDomain('YTD', [day(2024, 3, 1), day(2024, 7, 18)])).toEqual([day(2024, 3, 1), day(2024, 7, 18)]);
  });
  it('are spelled as the schema allows', () => {
    const ok = new RegExp(RANGE_PATTERN);
    for (const t of ['1M', '3M', '12M', '5D', '2W', '10Y', 'YTD', 'All']) expect(ok.test(t)).toBe(true);
    for (const t of ['0M', '6 months', 'm', '1m', 'all', '1X', '']) expect(ok.test(t)).toBe(false);
  });
});

describe('writing the range in view into the spec', () => {
  const range: [string, string] = ['2024-06-18', '2024-07-18'];
  const write = (text: string, unit: string) =>
    applyEdits(text, rangeEdits(text, [{ meta: { unit, mark: 'candlestick' }, range }]));

  it('adds `range` to a mark object, keeping the rest of the text as it was', () => {
    const text = '{\n  // prices\n  "mark": {"type": "candlestick", "zoom": true},\n  "encoding": {}\n}';
    expect(write(text, '')).toBe(
      '{\n  // prices\n  "mark": {"type": "candlestick", "zoom": true, "range": ["2024-06-18", "2024-07-18"]},\n  "encoding": {}\n}',
    );
    // Properties on lines of their own: the range on one of its own, indented as they are.
    const tall = '{\n  "mark": {\n    "type": "candlestick"\n  }\n}';
    expect(write(tall, '')).toBe(
      '{\n  "mark": {\n    "type": "candlestick",\n    "range": ["2024-06-18", "2024-07-18"]\n  }\n}',
    );
  });

  it('turns a mark given by name into an object, and replaces a range already written', () => {
    expect(write('{"mark": "candlestick"}', '')).toBe(
      '{"mark": {"type": "candlestick", "range": ["2024-06-18", "2024-07-18"]}}',
    );
    const again = write(JSON.stringify({ mark: { type: 'candlestick', range: '6M' } }), '');
    expect(JSON.parse(again)).toEqual({ mark: { type: 'candlestick', range } });
  });

  it('finds the unit inside layers and concatenations, and is one small edit', () => {
    const spec = { vconcat: [{ mark: 'bar' }, { layer: [{ mark: 'line' }, { mark: { type: 'candlestick' } }] }] };
    const text = JSON.stringify(spec, null, 2);
    const edits = rangeEdits(text, [{ meta: { unit: '/vconcat/1/layer/1', mark: 'candlestick' }, range }]);
    expect(edits).toHaveLength(1);
    expect(edits[0]!.length).toBe(0); // an insertion: nothing of the text is rewritten
    expect(JSON.parse(applyEdits(text, edits)).vconcat[1].layer[1].mark).toEqual({ type: 'candlestick', range });
  });

  it('leaves the text alone when the unit is gone', () => {
    expect(rangeEdits('{"mark": "bar"}', [{ meta: { unit: '/layer/3', mark: 'candlestick' }, range }])).toEqual([]);
  });
});
