import { afterEach, describe, expect, it, vi } from 'vitest';
import { compile } from 'vega-lite';
import { compileVegaLite, logProblems } from '../../src/core/compile';
import { parseDocument } from '../../src/core/parse';
import { textOf } from './helpers';

const BAR = {
  data: {
    values: [
      { a: 'A', b: 28 },
      { a: 'B', b: 55 },
    ],
  },
  mark: 'bar',
  encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
};

function docOf(spec: unknown) {
  return parseDocument(JSON.stringify(spec, null, 2));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('compileVegaLite', () => {
  it('compiles a valid spec to the same Vega as vega-lite, without problems', () => {
    const doc = docOf(BAR);
    const result = compileVegaLite(doc.value, doc);
    expect(result.problems).toEqual([]);
    expect(result.vega).toEqual(compile(BAR as never).spec);
    expect(result.vega?.marks?.[0]?.type).toBe('rect');
  });

  it('turns vega-lite warnings into compile warnings, located, and prints nothing', () => {
    const warn = vi.spyOn(console, 'warn');
    const log = vi.spyOn(console, 'log');
    const spec = { ...BAR, encoding: { ...BAR.encoding, color: { type: 'nominal' } } };
    const doc = docOf(spec);
    const result = compileVegaLite(doc.value, doc);
    expect(result.vega).toBeDefined();
    expect(result.problems).toHaveLength(1);
    const [p] = result.problems;
    expect(p).toMatchObject({ severity: 'warning', source: 'compile', path: '/encoding/color' });
    expect(p!.message).toBe(
      'Dropping {"type":"nominal"} from channel "color" since it does not contain any data field, datum, value, or signal.',
    );
    expect(textOf(doc, p!.range)).toBe('"color"');
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('turns a compile exception into an error and no Vega', () => {
    const doc = docOf({});
    const result = compileVegaLite(doc.value, doc);
    expect(result.vega).toBeUndefined();
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ severity: 'error', source: 'compile', path: '' });
    expect(result.problems[0]!.message).toMatch(/^Invalid specification/);
  });

  it('does not throw for values that are not specs', () => {
    const doc = parseDocument('{}');
    for (const v of [null, undefined, 5, 'bar', [], { mark: null }, { layer: 'x' }]) {
      const result = compileVegaLite(v, doc);
      expect(result.vega, JSON.stringify(v)).toBeUndefined();
      expect(
        result.problems.some((p) => p.severity === 'error'),
        JSON.stringify(v),
      ).toBe(true);
    }
  });

  it('does not mutate the spec it compiles', () => {
    const spec = structuredClone({ ...BAR, transform: [{ filter: 'datum.b > 1' }] });
    const before = structuredClone(spec);
    compileVegaLite(spec, docOf(spec));
    expect(spec).toEqual(before);
  });
});

describe('logProblems', () => {
  const doc = docOf({ mark: 'bar', encoding: { x: { field: 'price', type: 'quantitative' } } });

  it('maps levels to severities and keeps the source it is given', () => {
    const problems = logProblems(
      doc,
      [
        { level: 'error', message: 'e' },
        { level: 'warn', message: 'w' },
        { level: 'info', message: 'i' },
      ],
      'runtime',
    );
    expect(problems.map((p) => [p.severity, p.message, p.source])).toEqual([
      ['error', 'e', 'runtime'],
      ['warning', 'w', 'runtime'],
      ['info', 'i', 'runtime'],
    ]);
  });

  it('drops repeats and empty messages, but not the same text at another level', () => {
    const problems = logProblems(
      doc,
      [
        { level: 'warn', message: 'again' },
        { level: 'warn', message: 'again' },
        { level: 'warn', message: '' },
        { level: 'error', message: 'again' },
      ],
      'compile',
    );
    expect(problems.map((p) => [p.severity, p.message])).toEqual([
      ['warning', 'again'],
      ['error', 'again'],
    ]);
  });

  it('places each message where the text mentions what it names', () => {
    const [p, q] = logProblems(
      doc,
      [
        { level: 'warn', message: 'Unknown field "price".' },
        { level: 'warn', message: 'Something general.' },
      ],
      'compile',
    );
    expect(p!.path).toBe('/encoding/x/field');
    expect(textOf(doc, p!.range)).toBe('"price"');
    expect(q!.path).toBe('');
    expect(q!.range.start.offset).toBe(0);
  });
});

describe('compileVegaLite: fields named __proto__ or constructor', () => {
  // Found by fuzzing: vega-lite keys its aggregate bookkeeping by field name, so a field
  // "__proto__" added `mean` to Object.prototype for the rest of the worker's life.
  it.each(['__proto__', 'constructor'])(
    'a field "%s" is an error at its place, and no built-in object changes',
    (name) => {
      const text = JSON.stringify({
        data: { values: [] },
        mark: 'bar',
        encoding: { y: { field: name, aggregate: 'mean' }, color: { field: name, aggregate: 'sum' } },
      });
      const doc = parseDocument(text);
      const proto = Object.getOwnPropertyNames(Object.prototype).length;
      const statics = Object.getOwnPropertyNames(Object).length;
      const r = compileVegaLite(doc.value, doc);
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(proto);
      expect(Object.getOwnPropertyNames(Object).length).toBe(statics);
      expect(r.vega).toBeUndefined();
      expect(r.problems).toHaveLength(1);
      expect(r.problems[0]).toMatchObject({ severity: 'error', source: 'compile', path: '/encoding/y/field' });
      expect(r.problems[0]!.message).toContain(`A field named "${name}" cannot be drawn`);
    },
  );

  it('other odd field names still compile', () => {
    const text = JSON.stringify({
      data: { values: [] },
      mark: 'bar',
      encoding: { y: { field: 'prototype', aggregate: 'mean' }, x: { field: 'toString', type: 'nominal' } },
    });
    const doc = parseDocument(text);
    expect(compileVegaLite(doc.value, doc).vega).toBeDefined();
  });
});

describe('compileVegaLite: a property named __proto__', () => {
  // Found by fuzzing: an array under "__proto__" in a scale gave the compiled spec Array's
  // methods, which a worker cannot post.
  it('is an error at its key, and nothing is compiled', () => {
    const text =
      '{\n  "data": {"values": [{"a": 1, "__proto__": 2}]},\n  "mark": "point",\n  "encoding": {"x": {"field": "a", "type": "quantitative", "scale": {"__proto__": [1, 2]}}}\n}';
    const doc = parseDocument(text);
    const r = compileVegaLite(doc.value, doc);
    expect(r.vega).toBeUndefined();
    expect(r.problems.map((p) => [p.severity, p.path, textOf(doc, p.range)])).toEqual([
      ['error', '/encoding/x/scale/__proto__', '"__proto__"'],
    ]);
    expect(r.problems[0]!.message).toMatch(/^A property named "__proto__" cannot be drawn/);
  });

  it('inside inline data rows is left to the data', () => {
    const doc = parseDocument(
      '{"data": {"values": [{"a": 1, "__proto__": 2}]}, "mark": "point", "encoding": {"x": {"field": "a", "type": "quantitative"}}}',
    );
    const r = compileVegaLite(doc.value, doc);
    expect(r.problems).toEqual([]);
    expect(r.vega).toBeDefined();
  });
});

describe('compileVegaLite: repeated fields Vega-Lite would name alike', () => {
  // Found by fuzzing: with a string of emoji where the column list belongs, Vega-Lite iterated
  // it by character, named "👩" and "👧" views alike ("__"), and in a layered repeat renamed
  // their signals into each other without end.
  const layered = (repeat: unknown) =>
    JSON.stringify(
      {
        data: { values: [{ a: 1 }] },
        repeat,
        spec: {
          layer: [
            {
              params: [{ name: 'brush', select: { type: 'point', encodings: ['x'] } }],
              mark: 'bar',
              encoding: { x: { field: { repeat: 'column' }, bin: true }, y: { aggregate: 'count' } },
            },
            {
              transform: [{ filter: { param: 'brush' } }],
              mark: 'bar',
              encoding: { x: { field: { repeat: 'column' }, bin: true }, y: { aggregate: 'count' } },
            },
          ],
        },
      },
      null,
      2,
    );

  it.each([
    [{ column: '👩‍👩‍👧‍👦' }, '/repeat/column', '"👩" and "👧"', '"__"'],
    [{ column: ['x-', 'x.'] }, '/repeat/column', '"x-" and "x."', '"x_"'],
    [{ row: ['Sales ($)', 'Sales (€)'] }, '/repeat/row', '"Sales ($)" and "Sales (€)"', '"Sales____"'],
  ])('%j is an error at the list, and nothing is compiled', (repeat, path, values, name) => {
    const doc = parseDocument(layered(repeat));
    const r = compileVegaLite(doc.value, doc);
    expect(r.vega).toBeUndefined();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ severity: 'error', source: 'compile', path });
    expect(r.problems[0]!.message).toContain(`repeated for ${values} alike (${name})`);
    // At the list: where its value starts in the text.
    const text = layered(repeat);
    const axis = text.indexOf(`"${path.split('/')[2]}": `);
    expect(r.problems[0]!.range.start.offset).toBe(text.indexOf(': ', axis) + 2);
  });

  it('also in a repeat inside a composition, and in a plain list of fields', () => {
    const doc = parseDocument(
      JSON.stringify({
        data: { values: [] },
        vconcat: [
          { mark: 'point' },
          { repeat: ['a b', 'a-b'], spec: { mark: 'bar', encoding: { x: { field: { repeat: 'repeat' } } } } },
        ],
      }),
    );
    const r = compileVegaLite(doc.value, doc);
    expect(r.vega).toBeUndefined();
    expect(r.problems[0]).toMatchObject({ severity: 'error', path: '/vconcat/1/repeat' });
  });

  it('fields whose names differ, or the same field twice, still compile', () => {
    for (const repeat of [{ column: ['a-b', 'a_c'] }, { column: ['a', 'a'] }, ['Sales ($)', 'Cost ($)']]) {
      const doc = parseDocument(layered(repeat));
      expect(compileVegaLite(doc.value, doc).vega, JSON.stringify(repeat)).toBeDefined();
    }
  });
});
