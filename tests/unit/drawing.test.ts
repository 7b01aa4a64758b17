import fc from 'fast-check';
import { applyEdits } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { annotationsOf, insertAnnotation, moveAnnotation } from '../../src/core/annotation-edits';
import { createAjvValidator } from '../../src/core/ajv';
import {
  DRAWING_TOOLS,
  drawnItem,
  formatX,
  handlesOf,
  movedPosition,
  parseX,
  positionFormat,
  roundPrice,
  shiftedPosition,
  TOOL_POINTS,
  type PositionFormat,
} from '../../src/core/drawing';
import type { AnnotationItem } from '../../src/core/marks/annotation-types';
import { runPipeline } from '../../src/core/pipeline';

// Local date-times depend on the time zone: these tests hold in any (run with TZ=… to try one).
const DAY = 86_400_000;
const utc = (s: string) => Date.parse(s + 'Z');
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
const DATE: PositionFormat = { x: 'date', decimals: 2 };

describe('positionFormat', () => {
  it('reads dates at UTC midnight as dates, whole local minutes as minutes, else seconds', () => {
    expect(positionFormat([utc('2024-01-02T00:00'), utc('2024-01-03T00:00')], true, [1.5])).toEqual({
      x: 'date',
      decimals: 1,
    });
    expect(positionFormat([local(2024, 1, 2, 9, 30), local(2024, 1, 2, 9, 31)], true, []).x).toBe('minute');
    expect(positionFormat([local(2024, 1, 2, 9, 30, 5)], true, []).x).toBe('second');
    expect(positionFormat([0, 1, 2.5], false, [3])).toEqual({ x: 'number', decimals: 0, xDecimals: 1 });
  });

  it('counts the decimals prices are written with, floating noise aside, at most 8', () => {
    const dec = (prices: number[]) => positionFormat([], true, prices).decimals;
    expect(dec([182.5, 171.25, 100])).toBe(2);
    expect(dec([0.1 + 0.2])).toBe(1);
    expect(dec([1e-7])).toBe(7);
    expect(dec([1.123456789123])).toBe(8);
    expect(dec([12, 1500])).toBe(0);
    // Only the first 500 are read.
    expect(dec([...Array<number>(500).fill(1), 1.5])).toBe(0);
  });
});

describe('formatX and parseX', () => {
  it('write dates from the UTC day (the nearest) and date-times from the local clock', () => {
    expect(formatX(utc('2024-03-01T00:00'), DATE)).toBe('2024-03-01');
    expect(formatX(utc('2024-03-01T13:00'), DATE)).toBe('2024-03-02');
    expect(formatX(local(2024, 3, 1, 9, 30, 40), { x: 'minute', decimals: 2 })).toBe('2024-03-01T09:31');
    expect(formatX(local(2024, 3, 1, 9, 30, 40), { x: 'second', decimals: 2 })).toBe('2024-03-01T09:30:40');
    expect(formatX(2.345, { x: 'number', decimals: 2, xDecimals: 1 })).toBe(2.3);
    expect(formatX(0.1 + 0.2, { x: 'number', decimals: 2 })).toBe(0.3);
  });

  it('read as the annotation mark reads them: a date is UTC midnight, a date-time local time, a number itself', () => {
    expect(parseX('2024-03-01', true)).toBe(utc('2024-03-01T00:00'));
    expect(parseX('2024-03-01T09:30', true)).toBe(local(2024, 3, 1, 9, 30));
    expect(parseX(1700000000000, true)).toBe(1700000000000);
    expect(parseX('12.5', false)).toBe(12.5);
    expect(parseX('soon', true)).toBeUndefined();
    expect(parseX(undefined, true)).toBeUndefined();
  });

  const instant = fc.integer({ min: utc('1900-01-01T00:00'), max: utc('2200-01-01T00:00') });

  it('round trip: a day written as a date reads back as its UTC midnight', () => {
    fc.assert(
      fc.property(fc.integer({ min: -25_000, max: 80_000 }), (days) => {
        expect(parseX(formatX(days * DAY, DATE), true)).toBe(days * DAY);
      }),
    );
  });

  it.each(['minute', 'second'] as const)('round trip: a time written to the %s reads back as the same instant', (x) => {
    const f: PositionFormat = { x, decimals: 2 };
    fc.assert(
      fc.property(instant, (t) => {
        const written = formatX(t, f) as string;
        const back = parseX(written, true)!;
        // The text it gives back is the text it came from, and the instant within half a step of
        // the one drawn, but where a clock goes back: the repeated hour names two instants, and
        // reads as one of them (the two differ by the change of the clock's offset).
        expect(formatX(back, f)).toBe(written);
        const clockChange = Math.abs(new Date(t).getTimezoneOffset() - new Date(back).getTimezoneOffset()) * 60_000;
        expect(Math.abs(back - t) - clockChange).toBeLessThanOrEqual(x === 'minute' ? 30_000 : 500);
        // Data on that step keeps its instants exactly.
        const onStep = parseX(written, true)!;
        expect(parseX(formatX(onStep, positionFormat([onStep], true, [])), true)).toBe(onStep);
      }),
    );
  });

  it("round trip: prices rounded to the data's decimals keep them", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }), (units, decimals) => {
        const price = units / 10 ** decimals;
        const f = positionFormat([], true, [price]);
        expect(f.decimals).toBeLessThanOrEqual(decimals);
        expect(roundPrice(price, f)).toBe(price);
        expect(roundPrice(price + 0.4 / 10 ** f.decimals, f)).toBe(price);
      }),
    );
  });
});

const A = { x: utc('2024-03-01T00:00'), y: 182.504 };
const B = { x: utc('2024-04-12T00:00') + 3_600_000, y: 171.249 };
const C = { x: utc('2024-03-20T00:00'), y: 160 };

describe('drawnItem', () => {
  it("writes each tool as the annotation kind it stands for, in the data's format", () => {
    const draw = (tool: (typeof DRAWING_TOOLS)[number]) => drawnItem(tool, [A, B, C], DATE);
    const pa = { x: '2024-03-01', y: 182.5 };
    const pb = { x: '2024-04-12', y: 171.25 };
    expect(Object.fromEntries(DRAWING_TOOLS.map((t) => [t, draw(t)]))).toEqual({
      level: { kind: 'level', y: 182.5 },
      event: { kind: 'event', x: '2024-03-01' },
      trend: { kind: 'trend', points: [pa, pb] },
      ray: { kind: 'trend', points: [pa, pb], extend: 'ray' },
      rect: { kind: 'rect', x: '2024-03-01', x2: '2024-04-12', y: 171.25, y2: 182.5 },
      fibonacci: { kind: 'fibonacci', points: [pa, pb] },
      channel: { kind: 'channel', points: [pa, pb, { x: '2024-03-20', y: 160 }] },
      callout: { kind: 'callout', ...pa, label: 'Note' },
      note: { kind: 'note', ...pa, label: 'Note' },
      buy: { kind: 'marker', ...pa, shape: 'buy' },
      sell: { kind: 'marker', ...pa, shape: 'sell' },
      measure: { kind: 'measure', points: [pa, pb] },
    });
    // A rectangle dragged from its right corner is written left to right all the same.
    expect(drawnItem('rect', [B, A], DATE)).toEqual(draw('rect'));
    expect(() => drawnItem('trend', [A], DATE)).toThrow(RangeError);
    expect(Object.values(TOOL_POINTS).every((n) => n >= 1 && n <= 3)).toBe(true);
  });
});

/** A daily candlestick chart as a person writes it, with the unit at the top. */
const CHART = `{
  "$schema": "https://chartspec.dev/schema/chartspec/v1.json",
  "data": {"url": "data/ohlc.json"},
  "mark": "candlestick",
  "encoding": {
    "x": {"field": "date", "type": "temporal"},
    "open": {"field": "open"},
    "high": {"field": "high"},
    "low": {"field": "low"},
    "close": {"field": "close"}
  }
}
`;
const LAYERED = `{
  "$schema": "https://chartspec.dev/schema/chartspec/v1.json",
  "data": {"url": "data/ohlc.json"},
  "transform": [{"filter": "datum.close > 0"}],
  "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"type": "quantitative"}},
  "layer": [
    {"mark": "ohlc", "encoding": {"open": {"field": "open"}, "high": {"field": "high"}, "low": {"field": "low"}, "close": {"field": "close"}}}
  ]
}
`;

/** A concat whose second view is the chart. */
const CONCAT = `{
  "$schema": "https://chartspec.dev/schema/chartspec/v1.json",
  "data": {"url": "data/ohlc.json"},
  "vconcat": [
    {"mark": "line", "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "close", "type": "quantitative"}}},
    {
      "mark": {"type": "candlestick", "range": "All"},
      "encoding": {
        "x": {"field": "date", "type": "temporal"},
        "open": {"field": "open"}, "high": {"field": "high"}, "low": {"field": "low"}, "close": {"field": "close"}
      }
    }
  ]
}
`;

/** Small multiples: the chart is the spec each facet repeats. */
const FACET = `{
  "$schema": "https://chartspec.dev/schema/chartspec/v1.json",
  "data": {"url": "data/ohlc.json"},
  "facet": {"row": {"field": "signal"}},
  "spec": {
    "mark": "candlestick",
    "encoding": {
      "x": {"field": "date", "type": "temporal"},
      "open": {"field": "open"}, "high": {"field": "high"}, "low": {"field": "low"}, "close": {"field": "close"}
    }
  }
}
`;

describe('a drawing written into the spec', () => {
  const validator = createAjvValidator();

  it.each(DRAWING_TOOLS)('%s: the spec with it validates, expands and compiles with no problem', (tool) => {
    for (const [text, first] of [
      [CHART, ''],
      [LAYERED, '/layer/0'],
      [CONCAT, '/vconcat/1'],
      [FACET, '/spec'],
    ] as const) {
      const item = drawnItem(tool, [A, B, C], DATE);
      let spec: string = text;
      let unit: string = first;
      // Twice: the second goes into the annotation the first made.
      for (let i = 0; i < 2; i++) {
        const r = insertAnnotation(spec, unit, item)!;
        spec = applyEdits(spec, r.edits);
        unit = r.unit;
      }
      expect(annotationsOf(spec, unit).map((a) => a.item)).toEqual([item, item]);
      const run = runPipeline(spec, { validator });
      expect(run.problems).toEqual([]);
      expect(run.vega).toBeDefined();
      expect(JSON.stringify(run.vegaLite)).toContain('"annotation-');
    }
  });
});

describe('handles', () => {
  const T = utc('2024-03-01T00:00');
  const items: [AnnotationItem, ReturnType<typeof handlesOf>][] = [
    [{ kind: 'level', y: 3 }, [{ x: null, y: 3 }]],
    [
      { kind: 'level', y: 3, x: '2024-03-01', x2: '2024-03-02' },
      [
        { x: T, y: 3 },
        { x: T + DAY, y: 3 },
      ],
    ],
    [{ kind: 'event', x: '2024-03-01' }, [{ x: T, y: null }]],
    [
      { kind: 'yband', y: 1, y2: 2 },
      [
        { x: null, y: 1 },
        { x: null, y: 2 },
      ],
    ],
    [
      { kind: 'rect', x: '2024-03-01', x2: T + DAY, y: 1, y2: 2 },
      [
        { x: T, y: 1 },
        { x: T + DAY, y: 2 },
      ],
    ],
    [{ kind: 'marker', x: '2024-03-01', y: 5, shape: 'buy' }, [{ x: T, y: 5 }]],
    [
      {
        kind: 'trend',
        points: [
          { x: '2024-03-01', y: 1 },
          { x: '2024-03-02', y: 2 },
        ],
      },
      [
        { x: T, y: 1 },
        { x: T + DAY, y: 2 },
      ],
    ],
  ];

  it.each(items)('%j has its handles where it is', (item, handles) => {
    expect(handlesOf(item, true)).toEqual(handles);
  });

  it('has none when a position cannot be read', () => {
    expect(handlesOf({ kind: 'event', x: 'soon' }, true)).toEqual([]);
    expect(handlesOf({ kind: 'trend', points: [{ x: '2024-03-01', y: 1 }, null] } as never, true)).toEqual([]);
  });

  it('moves the dragged handle, keeping spans in order and each x in its written form', () => {
    const to = { x: T + 5 * DAY + 1000, y: 7.123 };
    expect(movedPosition({ kind: 'level', y: 3 }, 0, to, DATE)).toEqual({ y: 7.12 });
    expect(movedPosition({ kind: 'event', x: '2024-03-01' }, 0, to, DATE)).toEqual({ x: '2024-03-06' });
    // The left corner dragged past the right one: they swap, the timestamp stays a timestamp.
    expect(movedPosition({ kind: 'rect', x: '2024-03-01', x2: T + DAY, y: 1, y2: 2 }, 0, to, DATE)).toEqual({
      x: T + DAY,
      x2: '2024-03-06',
      y: 2,
      y2: 7.12,
    });
    expect(
      movedPosition(
        {
          kind: 'trend',
          points: [
            { x: '2024-03-01', y: 1 },
            { x: '2024-03-02', y: 2 },
          ],
        },
        1,
        to,
        DATE,
      ),
    ).toEqual({
      points: [
        { x: '2024-03-01', y: 1 },
        { x: '2024-03-06', y: 7.12 },
      ],
    });
    expect(movedPosition({ kind: 'level', y: 3 }, 1, to, DATE)).toEqual({});
  });

  it('shifts the whole item', () => {
    expect(shiftedPosition({ kind: 'xband', x: '2024-03-01', x2: '2024-03-02' }, 2 * DAY, 9, DATE)).toEqual({
      x: '2024-03-03',
      x2: '2024-03-04',
    });
    expect(shiftedPosition({ kind: 'level', y: 3 }, DAY, 0.5, DATE)).toEqual({ y: 3.5 });
    expect(
      shiftedPosition(
        {
          kind: 'measure',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
        },
        1,
        1,
        {
          x: 'number',
          decimals: 0,
          xDecimals: 0,
        },
      ),
    ).toEqual({
      points: [
        { x: 2, y: 2 },
        { x: 3, y: 3 },
      ],
    });
  });

  it('a drag written with moveAnnotation changes only those numbers, and the item is found where it moved', () => {
    const r = insertAnnotation(CHART, '', drawnItem('fibonacci', [A, B], DATE))!;
    const text = applyEdits(CHART, r.edits);
    const [found] = annotationsOf(text, r.unit);
    const edits = moveAnnotation(text, found!.pointer, movedPosition(found!.item, 0, { x: C.x, y: 150 }, DATE))!;
    expect(edits.map((e) => [text.slice(e.offset, e.offset + e.length), e.content])).toEqual([
      ['"2024-03-01"', '"2024-03-20"'],
      ['182.5', '150'],
      ['"2024-04-12"', '"2024-04-12"'],
      ['171.25', '171.25'],
    ]);
    const moved = annotationsOf(applyEdits(text, edits), r.unit)[0]!;
    expect(handlesOf(moved.item, true)[0]).toEqual({ x: C.x, y: 150 });
  });
});
