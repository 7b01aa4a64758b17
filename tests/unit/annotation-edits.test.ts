import { applyEdits, parse, type ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { annotationsOf, deleteAnnotation, insertAnnotation, moveAnnotation } from '../../src/core/annotation-edits';
import { handlesOf } from '../../src/core/drawing';
import type { TextEdit } from '../../src/core/json-text';
import type { AnnotationItem } from '../../src/core/marks/annotation-types';
import { fromPointer } from '../../src/core/pointer';

const TREND: AnnotationItem = {
  kind: 'trend',
  points: [
    { x: '2024-03-01', y: 182.5 },
    { x: '2024-04-12', y: 171.25 },
  ],
};
const TREND_TEXT = '{"kind": "trend", "points": [{"x": "2024-03-01", "y": 182.5}, {"x": "2024-04-12", "y": 171.25}]}';

/** The value of a JSONC text, failing the test when it does not parse. */
function valueOf(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  expect(errors).toEqual([]);
  return value;
}

/** The value at a JSON pointer. */
const at = (value: unknown, pointer: string): unknown =>
  fromPointer(pointer).reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value);

const clone = <T>(v: T): T => structuredClone(v);

/** Applies the edits, checking that the text outside the span they cover is unchanged. */
function applied(text: string, edits: readonly TextEdit[]): string {
  const out = applyEdits(text, [...edits]);
  const from = Math.min(...edits.map((e) => e.offset));
  const to = Math.max(...edits.map((e) => e.offset + e.length));
  expect(out.slice(0, from)).toBe(text.slice(0, from));
  expect(out.slice(out.length - (text.length - to))).toBe(text.slice(to));
  return out;
}

/** Inserts TREND and checks the result: it parses to `expected(original value)`, and the item's range and pointer are right. */
function insertChecked(text: string, unit: string, expected: (v: Record<string, unknown>) => void) {
  const r = insertAnnotation(text, unit, TREND)!;
  expect(r).toBeDefined();
  const out = applied(text, r.edits);
  const want = clone(valueOf(text)) as Record<string, unknown>;
  expected(want);
  expect(valueOf(out)).toEqual(want);
  expect(out.slice(r.inserted.offset, r.inserted.offset + r.inserted.length)).toBe(TREND_TEXT);
  expect(at(valueOf(out), r.pointer)).toEqual(TREND);
  // Round trip: found where it was said to be; deleting it again is well-formed.
  const found = annotationsOf(out, r.unit).find((a) => a.pointer === r.pointer);
  expect(found?.item).toEqual(TREND);
  expect(out.slice(found!.offset, found!.offset + found!.length)).toBe(TREND_TEXT);
  return { out, r };
}

const CANDLE_ENC = { open: { field: 'o' }, high: { field: 'h' }, low: { field: 'l' }, close: { field: 'c' } };
const ANNOTATION_LAYER = { mark: { type: 'annotation', items: [TREND] } };

const crlf = (s: string) => s.replace(/\n/g, '\r\n');
const tabs = (s: string) => s.replace(/^( {2})+/gm, (m) => '\t'.repeat(m.length / 2));
const fours = (s: string) => s.replace(/^( {2})+/gm, (m) => ' '.repeat(m.length * 2));

const TOP_STRING = `{
  "data": {"url": "data/ohlc.json"},
  "mark": "candlestick",
  "encoding": {
    "x": {"field": "date", "type": "temporal"},
    "open": {"field": "o"}, "high": {"field": "h"}, "low": {"field": "l"}, "close": {"field": "c"}
  }
}
`;

const TOP_OBJECT = `{
  "data": {"url": "data/ohlc.json"},
  // The bars
  "mark": {
    "type": "candlestick",
    "range": "6M" // opens on half a year
  },
  "encoding": {"x": {"field": "date", "type": "temporal"}}
}
`;

const LAYERED = `{
  "data": {"url": "data/ohlc.json"},
  "encoding": {"x": {"field": "date", "type": "temporal"}},
  "layer": [
    {
      "mark": "candlestick",
      "encoding": {"open": {"field": "o"}, "high": {"field": "h"}, "low": {"field": "l"}, "close": {"field": "c"}}
    }
  ]
}
`;

const TWO_ANNOTATIONS = `{
  "layer": [
    {"mark": "candlestick"},
    {
      "mark": {
        "type": "annotation",
        "items": [
          {"kind": "level", "y": 30}
        ]
      }
    },
    {
      "mark": {
        "type": "annotation",
        "items": [
          {"kind": "event", "x": "2024-01-02"}, // the split
          {"kind": "level", "y": 25},
        ],
      },
    },
    {"mark": {"type": "annotation", "kind": "marker", "x": {"field": "date"}, "y": {"field": "low"}}}
  ]
}
`;

describe('insertAnnotation', () => {
  it('makes a top-level unit with its mark as a name a layer of itself and the annotation', () => {
    const { out } = insertChecked(TOP_STRING, '', (v) => {
      delete v['mark'];
      v['layer'] = [{ mark: 'candlestick' }, ANNOTATION_LAYER];
    });
    // The unit's other properties stay on it, in place; the layer goes where the mark was.
    expect(Object.keys(valueOf(out) as object)).toEqual(['data', 'layer', 'encoding']);
    expect(out).toContain(`  "layer": [
    {"mark": "candlestick"},
    {
      "mark": {
        "type": "annotation",
        "items": [
          ${TREND_TEXT}
        ]
      }
    }
  ],
`);
  });

  it('makes a unit whose mark is an object spanning lines (with comments) a layer, its lines moved in', () => {
    const { out } = insertChecked(TOP_OBJECT, '', (v) => {
      v['layer'] = [{ mark: v['mark'] }, ANNOTATION_LAYER];
      delete v['mark'];
    });
    expect(out).toContain(`  // The bars
  "layer": [
    {
      "mark": {
        "type": "candlestick",
        "range": "6M" // opens on half a year
      }
    },
    {`);
  });

  it("moves the unit's params into its layer with the mark (a layer cannot hold them)", () => {
    const text = `{
  "mark": "candlestick",
  "params": [{"name": "pick", "select": "point"}],
  "encoding": {}
}`;
    insertChecked(text, '', (v) => {
      v['layer'] = [{ mark: 'candlestick', params: v['params'] }, ANNOTATION_LAYER];
      delete v['mark'];
      delete v['params'];
    });
  });

  it('adds an annotation layer right after the unit in its layer', () => {
    const { out } = insertChecked(LAYERED, '/layer/0', (v) => {
      (v['layer'] as unknown[]).push(ANNOTATION_LAYER);
    });
    expect(out).toContain(`    },
    {
      "mark": {
        "type": "annotation",
        "items": [
          ${TREND_TEXT}
        ]
      }
    }
  ]`);
  });

  it('adds the new layer after the unit, not at the end, when other layers follow it', () => {
    const text = LAYERED.replace(
      '"close": {"field": "c"}}\n    }\n',
      '"close": {"field": "c"}}\n    },\n    {"mark": "line", "encoding": {"y": {"field": "c"}}}\n',
    );
    insertChecked(text, '/layer/0', (v) => {
      (v['layer'] as unknown[]).splice(1, 0, ANNOTATION_LAYER);
    });
  });

  it('appends to the items of the last literal annotation beside the unit (trailing commas, comments, a data-driven one after)', () => {
    const { out } = insertChecked(TWO_ANNOTATIONS, '/layer/0', (v) => {
      ((at(v, '/layer/2/mark/items') as unknown[]) ?? []).push(TREND);
    });
    expect(out).toContain(`          {"kind": "level", "y": 25},
          ${TREND_TEXT},
        ],`);
  });

  it("appends after a comment that ends the last item's line, with a comma right after the item", () => {
    const text = `{"layer": [
  {"mark": "ohlc"},
  {"mark": {"type": "annotation", "items": [
    {"kind": "level", "y": 30} // resistance
  ]}}
]}`;
    const { out } = insertChecked(text, '/layer/0', (v) => {
      (at(v, '/layer/1/mark/items') as unknown[]).push(TREND);
    });
    expect(out).toContain(`    {"kind": "level", "y": 30}, // resistance\n    ${TREND_TEXT}\n  ]}}`);
  });

  it('writes into items on one line on that line, and into an empty list', () => {
    const one = '{"layer": [{"mark": "ohlc"}, {"mark": {"type": "annotation", "items": [{"kind": "level", "y": 1}]}}]}';
    expect(insertChecked(one, '/layer/0', (v) => (at(v, '/layer/1/mark/items') as unknown[]).push(TREND)).out).toBe(
      one.replace('"y": 1}]', `"y": 1}, ${TREND_TEXT}]`),
    );
    const empty = '{"layer": [{"mark": "ohlc"}, {"mark": {"type": "annotation", "items": []}}]}';
    insertChecked(empty, '/layer/0', (v) => (at(v, '/layer/1/mark/items') as unknown[]).push(TREND));
  });

  it('leaves data-driven annotations alone: a new layer when only they are there', () => {
    const text = `{"layer": [
  {"mark": "candlestick"},
  {"mark": {"type": "annotation", "kind": "level", "y": {"field": "c"}}}
]}`;
    const { r } = insertChecked(text, '/layer/0', (v) => (v['layer'] as unknown[]).splice(1, 0, ANNOTATION_LAYER));
    expect(r.pointer).toBe('/layer/1/mark/items/0');
  });

  it('writes into an annotation beside the enclosing layer when the unit is in a nested one', () => {
    const text = `{
  "layer": [
    {"layer": [{"mark": "candlestick"}, {"mark": "line"}]},
    {"mark": {"type": "annotation", "items": [{"kind": "level", "y": 3}]}}
  ]
}`;
    const { r } = insertChecked(text, '/layer/0/layer/0', (v) =>
      (at(v, '/layer/1/mark/items') as unknown[]).push(TREND),
    );
    expect(r.pointer).toBe('/layer/1/mark/items/1');
  });

  it('in a vconcat, makes the unit a layer; in an hconcat, adds a layer beside it in its own layer', () => {
    const v = `{
  "vconcat": [
    {"mark": "candlestick", "encoding": {}},
    {"mark": "bar"}
  ]
}`;
    const { out } = insertChecked(v, '/vconcat/0', (w) => {
      (w['vconcat'] as Record<string, unknown>[])[0] = {
        layer: [{ mark: 'candlestick' }, ANNOTATION_LAYER],
        encoding: {},
      };
    });
    expect(out).toContain(
      `    {"layer": [{"mark": "candlestick"}, {"mark": {"type": "annotation", "items": [${TREND_TEXT}]}}], "encoding": {}},`,
    );
    const h = `{
  "hconcat": [
    {"mark": "bar"},
    {"layer": [{"mark": "ohlc"}]},
    {"mark": {"type": "annotation", "items": []}}
  ]
}`;
    // The annotation in the other view has scales of its own: not next to the unit.
    expect(annotationsOf(h, '/hconcat/1/layer/0')).toEqual([]);
    insertChecked(h, '/hconcat/1/layer/0', (w) => (at(w, '/hconcat/1/layer') as unknown[]).push(ANNOTATION_LAYER));
  });

  it('in a facet or repeat, writes into the spec the views repeat', () => {
    const facet = `{
  "facet": {"row": {"field": "symbol"}},
  "spec": {
    "mark": "candlestick",
    "encoding": {"x": {"field": "date", "type": "temporal"}}
  }
}`;
    const { r } = insertChecked(facet, '/spec', (v) => {
      const spec = v['spec'] as Record<string, unknown>;
      v['spec'] = { layer: [{ mark: 'candlestick' }, ANNOTATION_LAYER], encoding: spec['encoding'] };
    });
    expect(r.pointer).toBe('/spec/layer/1/mark/items/0');
    const repeat = `{
  "repeat": ["AAPL", "MSFT"],
  "spec": {"layer": [{"mark": "candlestick"}]}
}`;
    insertChecked(repeat, '/spec/layer/0', (v) => (at(v, '/spec/layer') as unknown[]).push(ANNOTATION_LAYER));
  });

  it.each([
    ['2 spaces', (s: string) => s],
    ['4 spaces', fours],
    ['tabs', tabs],
    ['CRLF', crlf],
    ['tabs and CRLF', (s: string) => crlf(tabs(s))],
  ])('keeps the layout of the text: %s', (_, layout) => {
    for (const [text, unit] of [
      [TOP_STRING, ''],
      [LAYERED, '/layer/0'],
      [TWO_ANNOTATIONS, '/layer/0'],
    ] as const) {
      const original = layout(text);
      const r = insertAnnotation(original, unit, TREND)!;
      const out = applied(original, r.edits);
      expect(out).toBe(layout(applyEdits(text, insertAnnotation(text, unit, TREND)!.edits)));
      if (original.includes('\r\n')) expect(out.replace(/\r\n/g, '')).not.toContain('\n');
    }
  });

  it('writes minified JSON on its one line', () => {
    const text = JSON.stringify({ data: { values: [] }, mark: 'candlestick', encoding: CANDLE_ENC });
    const { out } = insertChecked(text, '', (v) => {
      v['layer'] = [{ mark: 'candlestick' }, ANNOTATION_LAYER];
      delete v['mark'];
    });
    expect(out).not.toContain('\n');
    const layered = JSON.stringify({ layer: [{ mark: 'candlestick' }, { mark: 'rule' }] });
    expect(
      insertChecked(layered, '/layer/0', (v) => (v['layer'] as unknown[]).splice(1, 0, ANNOTATION_LAYER)).out,
    ).not.toContain('\n');
  });

  it('gives no edit to a text it cannot read, or without the unit', () => {
    expect(insertAnnotation('{"mark": "candlestick",', '', TREND)).toBeUndefined();
    expect(insertAnnotation('{"mark": "candlestick"} x', '', TREND)).toBeUndefined();
    expect(insertAnnotation(LAYERED, '/layer/3', TREND)).toBeUndefined();
    expect(insertAnnotation(LAYERED, '/data', TREND)).toBeUndefined();
    expect(insertAnnotation('[1]', '', TREND)).toBeUndefined();
    expect(insertAnnotation(LAYERED, 'layer/0', TREND)).toBeUndefined();
    // Two marks: which one the chart draws is for the user to settle first.
    expect(insertAnnotation('{"mark": "candlestick", "mark": "ohlc"}', '', TREND)).toBeUndefined();
    expect(insertAnnotation('['.repeat(100_000) + ']'.repeat(100_000), '', TREND)).toBeUndefined();
  });
});

describe('annotationsOf', () => {
  it('finds the literal items beside the unit with their ranges, not data-driven ones', () => {
    const found = annotationsOf(TWO_ANNOTATIONS, '/layer/0');
    expect(found.map((a) => a.pointer)).toEqual([
      '/layer/1/mark/items/0',
      '/layer/2/mark/items/0',
      '/layer/2/mark/items/1',
    ]);
    expect(found[1]!.item).toEqual({ kind: 'event', x: '2024-01-02' });
    expect(TWO_ANNOTATIONS.slice(found[1]!.offset, found[1]!.offset + found[1]!.length)).toBe(
      '{"kind": "event", "x": "2024-01-02"}',
    );
  });

  it('leaves out items that are not annotations, and answers nothing for unreadable text', () => {
    const text =
      '{"layer": [{"mark": "ohlc"}, {"mark": {"type": "annotation", "items": [3, {"kind": "nope"}, {"kind": "level", "y": 1}]}}]}';
    expect(annotationsOf(text, '/layer/0').map((a) => a.pointer)).toEqual(['/layer/1/mark/items/2']);
    expect(annotationsOf(text.slice(0, -1), '/layer/0')).toEqual([]);
    expect(annotationsOf(text, '/layer/9')).toEqual([]);
  });

  it('leaves out items whose positions or label the schema refuses, so the chart never reads them', () => {
    const items = [
      { kind: 'trend', points: 'x' },
      { kind: 'trend', points: [null, 3] },
      { kind: 'fibonacci', points: [{}] },
      { kind: 'rect', x: {}, x2: '2024-01-02', y: 'a', y2: 2 },
      { kind: 'level', y: '30' },
      { kind: 'level' },
      { kind: 'trend', points: [] },
      { kind: 'pitchfork', points: [{ x: 1, y: 1 }] },
      { kind: 'level', y: 1, label: [{ text: 'a' }] },
      {
        kind: 'trend',
        points: [
          { x: '2024-01-01', y: 1 },
          { x: 1704153600000, y: 2 },
        ],
      },
    ];
    const text = JSON.stringify({ layer: [{ mark: 'ohlc' }, { mark: { type: 'annotation', items } }] });
    const found = annotationsOf(text, '/layer/0');
    expect(found.map((a) => a.pointer)).toEqual(['/layer/1/mark/items/9']);
    // What is found, the chart can take handles of.
    expect(handlesOf(found[0]!.item, true)).toHaveLength(2);
  });

  it('finds annotations in layers nested beside the unit', () => {
    const text =
      '{"layer": [{"mark": "ohlc"}, {"layer": [{"mark": {"type": "annotation", "items": [{"kind": "level", "y": 1}]}}]}]}';
    expect(annotationsOf(text, '/layer/0').map((a) => a.pointer)).toEqual(['/layer/1/layer/0/mark/items/0']);
  });
});

describe('deleteAnnotation', () => {
  const removed = (text: string, pointer: string) => {
    const edits = deleteAnnotation(text, pointer)!;
    expect(edits).toBeDefined();
    const out = applied(text, edits);
    const want = clone(valueOf(text));
    const path = fromPointer(pointer);
    (at(want, '/' + path.slice(0, -1).join('/')) as unknown[]).splice(Number(path.at(-1)), 1);
    return { out, want };
  };
  const ITEMS = `{"layer": [
  {"mark": "ohlc"},
  {"mark": {"type": "annotation", "items": [
    {"kind": "level", "y": 1}, // first
    /* the middle one */
    {"kind": "level", "y": 2},
    {"kind": "level", "y": 3}
  ]}}
]}`;

  it.each([
    ['first', 0, '    /* the middle one */\n    {"kind": "level", "y": 2},\n    {"kind": "level", "y": 3}\n'],
    ['middle', 1, '    {"kind": "level", "y": 1}, // first\n    /* the middle one */\n    {"kind": "level", "y": 3}\n'],
    ['last', 2, '    {"kind": "level", "y": 1}, // first\n    /* the middle one */\n    {"kind": "level", "y": 2}\n'],
  ])('removes the %s item with its line and comma, keeping comments on lines of their own', (_, index, kept) => {
    const { out, want } = removed(ITEMS, `/layer/1/mark/items/${index}`);
    expect(valueOf(out)).toEqual(want);
    expect(out).toBe(ITEMS.replace(/"items": \[\n[\s\S]*\n {2}\]/, `"items": [\n${kept}  ]`));
  });

  it("keeps a trailing comma as the list's, and works on one line", () => {
    const trailing =
      '{"layer": [{"mark": "ohlc"}, {"mark": {"type": "annotation", "items": [\n  {"kind": "level", "y": 1},\n  {"kind": "level", "y": 2},\n]}}]}';
    expect(applied(trailing, deleteAnnotation(trailing, '/layer/1/mark/items/1')!)).toBe(
      trailing.replace('  {"kind": "level", "y": 2},\n', ''),
    );
    const one =
      '{"layer": [{"mark": "ohlc"}, {"mark": {"type": "annotation", "items": [{"kind": "level", "y": 1}, {"kind": "level", "y": 2}, {"kind": "level", "y": 3},]}}]}';
    for (const [i, left] of [
      [0, '[{"kind": "level", "y": 2}, {"kind": "level", "y": 3},]'],
      [1, '[{"kind": "level", "y": 1}, {"kind": "level", "y": 3},]'],
      [2, '[{"kind": "level", "y": 1}, {"kind": "level", "y": 2},]'],
    ] as const)
      expect(applied(one, deleteAnnotation(one, `/layer/1/mark/items/${i}`)!)).toBe(
        one.replace(/\[\{"kind".*,\]/, left),
      );
    const plain = one.replace('3},]', '3}]');
    expect(applied(plain, deleteAnnotation(plain, '/layer/1/mark/items/2')!)).toBe(
      plain.replace(', {"kind": "level", "y": 3}', ''),
    );
  });

  it('removes the whole layer with its only item', () => {
    const text = `{"layer": [
  {"mark": "ohlc"},
  {"mark": {"type": "annotation", "items": [{"kind": "level", "y": 1}]}},
  {"mark": "line"}
]}`;
    expect(applied(text, deleteAnnotation(text, '/layer/1/mark/items/0')!)).toBe(
      text.replace('  {"mark": {"type": "annotation", "items": [{"kind": "level", "y": 1}]}},\n', ''),
    );
  });

  it('refuses what is not a literal item', () => {
    expect(deleteAnnotation(TWO_ANNOTATIONS, '/layer/0')).toBeUndefined();
    expect(deleteAnnotation(TWO_ANNOTATIONS, '/layer/3/mark/items/0')).toBeUndefined();
    expect(deleteAnnotation(TWO_ANNOTATIONS, '/layer/2/mark/items/5')).toBeUndefined();
    expect(deleteAnnotation(TWO_ANNOTATIONS + ',', '/layer/2/mark/items/0')).toBeUndefined();
  });
});

describe('insert, then delete', () => {
  it.each([
    ['a layer without annotation', LAYERED, '/layer/0'],
    ['two annotations, trailing commas, comments', TWO_ANNOTATIONS, '/layer/0'],
    ['tabs and CRLF', crlf(tabs(TWO_ANNOTATIONS)), '/layer/0'],
    ['4 spaces', fours(LAYERED), '/layer/0'],
    [
      'one line',
      '{"layer": [{"mark": "ohlc"}, {"mark": {"type": "annotation", "items": [{"kind": "level", "y": 1}]}}]}',
      '/layer/0',
    ],
    ['one line, new layer', '{"layer": [{"mark": "ohlc"}]}', '/layer/0'],
  ])('gives the text back byte for byte: %s', (_, text, unit) => {
    const r = insertAnnotation(text, unit, TREND)!;
    const out = applyEdits(text, r.edits);
    expect(applyEdits(out, deleteAnnotation(out, r.pointer)!)).toBe(text);
  });

  it('leaves a unit it made a layer as a layer of one', () => {
    const r = insertAnnotation(TOP_STRING, '', TREND)!;
    const out = applyEdits(TOP_STRING, r.edits);
    const back = applied(out, deleteAnnotation(out, r.pointer)!);
    const want = clone(valueOf(TOP_STRING)) as Record<string, unknown>;
    delete want['mark'];
    want['layer'] = [{ mark: 'candlestick' }];
    expect(valueOf(back)).toEqual(want);
  });
});

describe('moveAnnotation', () => {
  const TEXT = `{"layer": [
  {"mark": "candlestick"},
  {"mark": {"type": "annotation", "items": [
    {
      "kind": "trend", // support
      "points": [{"x": "2024-01-02", "y": 10.5}, {"x": "2024-02-01", /* low */ "y": 12}],
      "label": "Support"
    },
    {"kind": "rect", "x": "2024-01-02", "x2": "2024-01-09", "y": 1, "y2": 2, "color": "red"},
    {"kind": "level", "y": 3}
  ]}}
]}`;

  /** The changed spans: [old text, new text] pairs. */
  const diff = (text: string, edits: TextEdit[]) =>
    edits.map((e) => [text.slice(e.offset, e.offset + e.length), e.content]);

  it('replaces only the point numbers and dates, in place', () => {
    const edits = moveAnnotation(TEXT, '/layer/1/mark/items/0', {
      points: [
        { x: '2024-01-03', y: 11 },
        { x: '2024-02-01', y: 12.25 },
      ],
    })!;
    expect(diff(TEXT, edits)).toEqual([
      ['"2024-01-02"', '"2024-01-03"'],
      ['10.5', '11'],
      ['"2024-02-01"', '"2024-02-01"'],
      ['12', '12.25'],
    ]);
    expect(applied(TEXT, edits)).toContain('/* low */ "y": 12.25}],\n      "label": "Support"');
  });

  it('sets only the keys given, and adds a position the item lacks', () => {
    expect(diff(TEXT, moveAnnotation(TEXT, '/layer/1/mark/items/1', { x2: '2024-01-10', y2: 2.5 })!)).toEqual([
      ['"2024-01-09"', '"2024-01-10"'],
      ['2', '2.5'],
    ]);
    const edits = moveAnnotation(TEXT, '/layer/1/mark/items/2', { y: 4, x: '2024-01-05' })!;
    expect(valueOf(applied(TEXT, edits))).toMatchObject({
      layer: [{}, { mark: { items: [{}, {}, { kind: 'level', y: 4, x: '2024-01-05' }] } }],
    });
  });

  it('replaces the whole list when the number of points changes', () => {
    const points = [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
      { x: 5, y: 6 },
    ];
    const out = applied(TEXT, moveAnnotation(TEXT, '/layer/1/mark/items/0', { points })!);
    expect(at(valueOf(out), '/layer/1/mark/items/0/points')).toEqual(points);
  });

  it('refuses what is not a literal item, or a text it cannot read', () => {
    expect(moveAnnotation(TEXT, '/layer/0', { y: 1 })).toBeUndefined();
    expect(moveAnnotation(TEXT, '/layer/1/mark/items/3', { y: 1 })).toBeUndefined();
    expect(moveAnnotation(TEXT.slice(1), '/layer/1/mark/items/0', { y: 1 })).toBeUndefined();
  });
});
