import { afterEach, describe, expect, it, vi } from 'vitest';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { expandMarks, markType } from '../../src/core/expand';
import { marks as defaultRegistry } from '../../src/core/marks/index';
import type { ExpandContext, ExtensionMark, JsonObject } from '../../src/core/marks/types';
import { parseDocument, rangeOfPointer } from '../../src/core/parse';
import { deepFreeze, lc, textOf } from './helpers';

/**
 * "twin": a point and a line over the same encoding. Style from the mark definition reaches both
 * parts; `"warn": true` in the mark definition makes it report a warning at /mark/warn, and an
 * encoding without "y" anywhere (own or inherited) makes it report at /encoding.
 */
const twinCalls: { spec: JsonObject; parentEncoding: JsonObject | undefined }[] = [];
const twin: ExtensionMark = {
  name: 'twin',
  normalize(spec: JsonObject, ctx: ExpandContext): JsonObject {
    twinCalls.push({ spec, parentEncoding: ctx.parentEncoding });
    const { mark, ...rest } = spec;
    const { type: _type, warn, ...style } = typeof mark === 'object' && mark !== null ? (mark as JsonObject) : {};
    if (warn) ctx.report({ severity: 'warning', message: 'twin was asked to warn', path: '/mark/warn' });
    const encoding = { ...ctx.parentEncoding, ...(spec['encoding'] as JsonObject | undefined) };
    if (!('y' in encoding)) ctx.report({ severity: 'error', message: 'twin needs y', path: '/encoding' });
    return {
      ...rest,
      layer: [
        { mark: { type: 'point', ...style, style: 'twin-point' } },
        { mark: { type: 'line', ...style, style: 'twin-line' } },
      ],
    };
  },
};

/** Expands into two twins: checks that expansions are expanded again. */
const pair: ExtensionMark = {
  name: 'pair',
  normalize: ({ mark: _mark, encoding, ...rest }) => ({
    ...rest,
    hconcat: [
      { mark: 'twin', encoding },
      { mark: { type: 'twin', size: 5 }, encoding },
    ],
  }),
};

const boom: ExtensionMark = {
  name: 'boom',
  normalize() {
    throw new Error('kaboom');
  },
};

/** Expands into itself, counting how often. */
const loop: ExtensionMark = {
  name: 'loop',
  normalize: (spec) => ({ ...spec, n: ((spec['n'] as number | undefined) ?? 0) + 1 }),
};

const registry = [twin, pair, boom, loop];

const X = { field: 'a', type: 'quantitative' };
const Y = { field: 'b', type: 'quantitative' };
const TWIN_LAYER = [{ mark: { type: 'point', style: 'twin-point' } }, { mark: { type: 'line', style: 'twin-line' } }];

/** Runs expandMarks on a deep-frozen input and checks that the input did not change. */
function expand(spec: unknown, doc?: Parameters<typeof expandMarks>[1], reg: readonly ExtensionMark[] = registry) {
  const before = structuredClone(spec);
  deepFreeze(spec);
  const result = expandMarks(spec, doc, reg);
  expect(spec).toEqual(before);
  return result;
}

afterEach(() => {
  twinCalls.length = 0;
});

describe('markType', () => {
  it('reads the mark type from a string or a mark definition', () => {
    expect(markType({ mark: 'bar' })).toBe('bar');
    expect(markType({ mark: { type: 'twin', color: 'red' } })).toBe('twin');
  });

  it('is undefined when there is no usable mark type', () => {
    expect(markType({})).toBeUndefined();
    expect(markType({ layer: [] })).toBeUndefined();
    expect(markType({ mark: { color: 'red' } })).toBeUndefined();
    expect(markType({ mark: 5 })).toBeUndefined();
    expect(markType({ mark: null })).toBeUndefined();
    expect(markType({ mark: { type: 3 } })).toBeUndefined();
  });
});

describe('expandMarks: where extension marks are found', () => {
  it('expands a top-level unit spec', () => {
    const spec = { data: { url: 'data/x.csv' }, mark: 'twin', encoding: { x: X, y: Y } };
    const result = expand(spec);
    expect(result).toEqual({
      spec: { data: { url: 'data/x.csv' }, encoding: { x: X, y: Y }, layer: TWIN_LAYER },
      problems: [],
      expandedCount: 1,
    });
    expect(twinCalls).toHaveLength(1);
    expect(twinCalls[0]!.spec).toBe(spec);
    expect(twinCalls[0]!.parentEncoding).toBeUndefined();
  });

  it('expands a mark definition object, passing its properties on', () => {
    const spec = { mark: { type: 'twin', color: 'red' }, encoding: { y: Y } };
    expect(expand(spec).spec).toEqual({
      encoding: { y: Y },
      layer: [
        { mark: { type: 'point', color: 'red', style: 'twin-point' } },
        { mark: { type: 'line', color: 'red', style: 'twin-line' } },
      ],
    });
  });

  it("expands inside a layer, passing the layer's encoding as parentEncoding", () => {
    const spec = {
      data: { url: 'data/x.csv' },
      encoding: { x: X, y: Y },
      layer: [{ mark: 'bar' }, { mark: 'twin', encoding: { color: { value: 'red' } } }],
    };
    const result = expand(spec);
    expect(result.problems).toEqual([]);
    expect(result.expandedCount).toBe(1);
    expect(result.spec).toEqual({
      data: { url: 'data/x.csv' },
      encoding: { x: X, y: Y },
      layer: [{ mark: 'bar' }, { encoding: { color: { value: 'red' } }, layer: TWIN_LAYER }],
    });
    expect(twinCalls.map((c) => c.parentEncoding)).toEqual([{ x: X, y: Y }]);
  });

  it('merges the encodings of nested layers, the inner one winning', () => {
    const spec = {
      encoding: { x: X, y: { field: 'outer', type: 'nominal' } },
      layer: [{ encoding: { y: Y, color: { field: 'c', type: 'nominal' } }, layer: [{ mark: 'twin' }] }],
    };
    const result = expand(spec);
    expect(result.spec).toEqual({
      encoding: spec.encoding,
      layer: [{ encoding: spec.layer[0]!.encoding, layer: [{ layer: TWIN_LAYER }] }],
    });
    expect(twinCalls.map((c) => c.parentEncoding)).toEqual([{ x: X, y: Y, color: { field: 'c', type: 'nominal' } }]);
  });

  it.each(['hconcat', 'vconcat', 'concat'] as const)('expands inside %s, without a parent encoding', (key) => {
    const spec = {
      [key]: [
        { mark: 'bar', encoding: { x: X } },
        { mark: 'twin', encoding: { y: Y } },
      ],
    };
    const result = expand(spec);
    expect(result).toEqual({
      spec: {
        [key]: [
          { mark: 'bar', encoding: { x: X } },
          { encoding: { y: Y }, layer: TWIN_LAYER },
        ],
      },
      problems: [],
      expandedCount: 1,
    });
    expect(twinCalls.map((c) => c.parentEncoding)).toEqual([undefined]);
  });

  it('expands the spec of a facet', () => {
    const spec = {
      data: { url: 'data/x.csv' },
      facet: { row: { field: 'r', type: 'nominal' } },
      spec: { mark: 'twin', encoding: { x: X, y: Y } },
    };
    expect(expand(spec)).toEqual({
      spec: {
        data: { url: 'data/x.csv' },
        facet: { row: { field: 'r', type: 'nominal' } },
        spec: { encoding: { x: X, y: Y }, layer: TWIN_LAYER },
      },
      problems: [],
      expandedCount: 1,
    });
  });

  it('expands the spec of a repeat', () => {
    const spec = {
      repeat: { column: ['a', 'b'] },
      spec: { mark: 'twin', encoding: { x: { field: { repeat: 'column' }, type: 'quantitative' }, y: Y } },
    };
    expect(expand(spec).spec).toEqual({
      repeat: { column: ['a', 'b'] },
      spec: { encoding: { x: { field: { repeat: 'column' }, type: 'quantitative' }, y: Y }, layer: TWIN_LAYER },
    });
  });

  it('expands nested combinations: repeat > layer, facet > hconcat > layer, vconcat > facet', () => {
    const spec = {
      vconcat: [
        {
          repeat: ['a', 'b'],
          spec: { encoding: { y: Y }, layer: [{ mark: 'rule' }, { mark: 'twin' }] },
        },
        {
          facet: { field: 'f', type: 'nominal' },
          spec: { layer: [{ mark: { type: 'twin', opacity: 0.5 }, encoding: { y: Y } }] },
        },
        { hconcat: [{ layer: [{ encoding: { y: Y }, layer: [{ mark: 'twin' }] }] }, { mark: 'bar' }] },
      ],
    };
    const result = expand(spec);
    expect(result.problems).toEqual([]);
    expect(result.expandedCount).toBe(3);
    expect(result.spec).toEqual({
      vconcat: [
        {
          repeat: ['a', 'b'],
          spec: { encoding: { y: Y }, layer: [{ mark: 'rule' }, { layer: TWIN_LAYER }] },
        },
        {
          facet: { field: 'f', type: 'nominal' },
          spec: {
            layer: [
              {
                encoding: { y: Y },
                layer: [
                  { mark: { type: 'point', opacity: 0.5, style: 'twin-point' } },
                  { mark: { type: 'line', opacity: 0.5, style: 'twin-line' } },
                ],
              },
            ],
          },
        },
        { hconcat: [{ layer: [{ encoding: { y: Y }, layer: [{ layer: TWIN_LAYER }] }] }, { mark: 'bar' }] },
      ],
    });
    expect(twinCalls.map((c) => c.parentEncoding)).toEqual([{ y: Y }, undefined, { y: Y }]);
  });

  it('expands what an expansion produces', () => {
    const result = expand({ mark: 'pair', encoding: { y: Y } });
    expect(result.problems).toEqual([]);
    expect(result.expandedCount).toBe(3);
    expect(result.spec).toEqual({
      hconcat: [
        { encoding: { y: Y }, layer: TWIN_LAYER },
        {
          encoding: { y: Y },
          layer: [
            { mark: { type: 'point', size: 5, style: 'twin-point' } },
            { mark: { type: 'line', size: 5, style: 'twin-line' } },
          ],
        },
      ],
    });
  });

  it('does not look for units outside layer, concat, facet and repeat', () => {
    const spec = {
      mark: 'bar',
      encoding: { x: { mark: 'twin' } },
      params: [{ mark: 'twin' }],
      transform: [{ layer: [{ mark: 'twin' }] }],
    };
    const result = expand(spec);
    expect(result.spec).toBe(spec);
    expect(result.expandedCount).toBe(0);
  });

  it('leaves values that are not specs as they are', () => {
    expect(expandMarks(null, undefined, registry).spec).toBeNull();
    expect(expandMarks('twin', undefined, registry).spec).toBe('twin');
    const arr = [{ mark: 'twin' }];
    expect(expandMarks(arr, undefined, registry).spec).toBe(arr);
    expect(expandMarks({ layer: 'twin', hconcat: null, spec: 5 }, undefined, registry).expandedCount).toBe(0);
  });
});

describe('expandMarks: sharing and purity', () => {
  it('returns a spec without extension marks as the identical object', () => {
    const spec = {
      data: { values: [{ a: 1 }] },
      vconcat: [
        { layer: [{ mark: 'bar' }, { mark: { type: 'line' } }] },
        { facet: { field: 'f' }, spec: { mark: 'point' } },
      ],
    };
    const result = expand(spec);
    expect(result.spec).toBe(spec);
    expect(result.expandedCount).toBe(0);
    expect(result.problems).toEqual([]);
  });

  it('shares every subtree that did not change', () => {
    const plain = { mark: 'bar', encoding: { x: X } };
    const sideLayer = { layer: [{ mark: 'rule' }] };
    const data = { values: [{ a: 1 }] };
    const area = { mark: 'area' };
    const middle = { layer: [area, { mark: 'twin', encoding: { y: Y } }] };
    const spec = { data, hconcat: [plain, middle, sideLayer] };
    const result = expand(spec);
    const out = result.spec as { data: unknown; hconcat: [unknown, { layer: unknown[] }, unknown] };
    expect(out).not.toBe(spec);
    expect(out.data).toBe(data);
    expect(out.hconcat).not.toBe(spec.hconcat);
    expect(out.hconcat[0]).toBe(plain);
    expect(out.hconcat[2]).toBe(sideLayer);
    expect(out.hconcat[1]).not.toBe(middle);
    expect(out.hconcat[1].layer).not.toBe(middle.layer);
    expect(out.hconcat[1].layer[0]).toBe(area);
  });

  it('never mutates its input, even when every mark reports and some throw', () => {
    const spec = {
      encoding: { x: X },
      layer: [{ mark: { type: 'twin', warn: true } }, { mark: 'boom' }, { mark: 'pair' }, { mark: 'loop' }],
    };
    // expand() deep-freezes and deep-compares.
    const result = expand(spec);
    expect(result.problems.length).toBeGreaterThan(0);
  });
});

describe('expandMarks: problems', () => {
  it('turns a throwing mark into an error at its /mark, leaves it as is, and goes on', () => {
    const boomUnit = { mark: 'boom', encoding: { x: X } };
    const spec = { layer: [{ mark: 'twin', encoding: { y: Y } }, boomUnit] };
    const result = expand(spec);
    expect(result.problems).toEqual([
      {
        severity: 'error',
        source: 'mark',
        path: '/layer/1/mark',
        message: 'The "boom" mark could not be expanded: kaboom',
        range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
      },
    ]);
    expect(result.expandedCount).toBe(1);
    expect(result.spec).toEqual({ layer: [{ encoding: { y: Y }, layer: TWIN_LAYER }, boomUnit] });
    expect((result.spec as typeof spec).layer[1]).toBe(boomUnit);
  });

  it('reports a thrown non-Error too', () => {
    const odd: ExtensionMark = {
      name: 'odd',
      normalize() {
        throw 'just a string';
      },
    };
    const result = expand({ hconcat: [{ mark: { type: 'odd' } }] }, undefined, [odd]);
    expect(result.problems.map((p) => [p.path, p.message])).toEqual([
      ['/hconcat/0/mark', 'The "odd" mark could not be expanded: just a string'],
    ]);
  });

  it("places a throwing mark's error in the text when given the document", () => {
    const text = '{\n  "layer": [\n    {"mark": "bar"},\n    {"mark": "boom"}\n  ]\n}';
    const doc = parseDocument(text);
    const [p] = expand(doc.value, doc).problems;
    expect(p!.path).toBe('/layer/1/mark');
    expect(textOf(doc, p!.range)).toBe('"boom"');
    expect(lc(p!.range)).toBe('4:14-4:20');
  });

  it("prefixes reported paths with the unit's path and maps them into the text", () => {
    const text = [
      '{',
      '  "hconcat": [',
      '    {"mark": "bar"},',
      '    {',
      '      "mark": {"type": "twin", "warn": true},',
      '      "encoding": {"x": {"field": "a"}}',
      '    }',
      '  ]',
      '}',
    ].join('\n');
    const doc = parseDocument(text);
    const result = expand(doc.value, doc);
    expect(result.problems.map((p) => [p.severity, p.source, p.path, p.message, lc(p.range)])).toEqual([
      ['warning', 'mark', '/hconcat/1/mark/warn', 'twin was asked to warn', '5:40-5:44'],
      ['error', 'mark', '/hconcat/1/encoding', 'twin needs y', '6:19-6:40'],
    ]);
    expect(textOf(doc, result.problems[0]!.range)).toBe('true');
    // The mark reported, yet it still expanded.
    expect(result.expandedCount).toBe(1);
  });

  it('places reports at the nearest existing ancestor when the path is not in the text', () => {
    const text = '{"layer": [{"mark": "twin", "encoding": {"y": {"field": "b"}}}]}';
    const doc = parseDocument(text);
    const ghost: ExtensionMark = {
      name: 'twin',
      normalize(spec, ctx) {
        ctx.report({ severity: 'info', message: 'no such place', path: '/encoding/size/legend' });
        return { ...spec, mark: 'point' };
      },
    };
    const [p] = expand(doc.value, doc, [ghost]).problems;
    expect(p!.path).toBe('/layer/0/encoding/size/legend');
    expect(p!.range).toEqual(rangeOfPointer(doc, '/layer/0/encoding'));
  });

  it('uses an empty range at 1:1 without a document', () => {
    const [p] = expand({ mark: 'twin' }).problems;
    expect(p).toEqual({
      severity: 'error',
      source: 'mark',
      path: '/encoding',
      message: 'twin needs y',
      range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
    });
  });

  it('stops a mark that expands into itself with an error, without throwing', () => {
    const result = expand({ vconcat: [{ mark: 'loop' }] });
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ severity: 'error', source: 'mark', path: '/vconcat/0/mark' });
    expect(result.problems[0]!.message).toMatch(/"loop" mark expands into itself too deeply/);
    expect(result.expandedCount).toBeGreaterThanOrEqual(2);
    expect(result.expandedCount).toBeLessThanOrEqual(64);
    const unit = (result.spec as { vconcat: { mark: string; n: number }[] }).vconcat[0]!;
    expect(unit).toEqual({ mark: 'loop', n: result.expandedCount });
  });

  it('stops a mark that expands into several copies of itself', () => {
    const fork: ExtensionMark = { name: 'fork', normalize: () => ({ layer: [{ mark: 'fork' }, { mark: 'fork' }] }) };
    const result = expand({ mark: 'fork' }, undefined, [fork]);
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems.every((p) => p.severity === 'error' && p.source === 'mark')).toBe(true);
    expect(result.expandedCount).toBeLessThan(1000);
  });

  it('leaves built-in marks alone', () => {
    const spec = { layer: [{ mark: 'bar' }, { mark: { type: 'errorband' } }] };
    const result = expand(spec);
    expect(result).toEqual({ spec, problems: [], expandedCount: 0 });
  });

  it('names an unknown mark at its value, with the mark it resembles', () => {
    const spec = { layer: [{ mark: 'bar' }, { mark: 'sparkle' }, { mark: { type: 'lnie' } }] };
    const result = expand(spec);
    expect(result.spec).toBe(spec);
    expect(result.problems.map((p) => [p.severity, p.source, p.path, p.message])).toEqual([
      ['error', 'mark', '/layer/1/mark', expect.stringMatching(/^Unknown mark "sparkle"\. Marks: arc, area, bar/)],
      ['error', 'mark', '/layer/2/mark/type', 'Unknown mark "lnie". Did you mean "line"?'],
    ]);
  });
});

describe('the default registry', () => {
  afterEach(() => vi.resetModules());

  it('is the marks registered (marks/index.ts registers them all)', async () => {
    vi.resetModules();
    const registry = await import('../../src/core/marks/registry');
    const fresh = await import('../../src/core/expand');
    expect(fresh.expandMarks({ mark: 'twin', encoding: { y: Y } }).expandedCount).toBe(0);
    registry.registerMarks([twin]);
    const result = fresh.expandMarks({ mark: 'twin', encoding: { y: Y } });
    expect(result.expandedCount).toBe(1);
    expect(result.spec).toEqual({ encoding: { y: Y }, layer: TWIN_LAYER });
    // And an explicit registry replaces it.
    expect(fresh.expandMarks({ mark: 'twin' }, undefined, []).expandedCount).toBe(0);
    const all = await import('../../src/core/marks/index');
    expect(registry.registeredMarks().map((m) => m.name)).toEqual(['twin', ...all.marks.map((m) => m.name)]);
  });

  it('behaves the same whether passed explicitly or not', () => {
    const spec = { hconcat: [{ mark: 'bar' }, ...defaultRegistry.map((m) => ({ mark: m.name }))] };
    const implicit = expandMarks(spec);
    const explicit = expandMarks(spec, undefined, defaultRegistry);
    expect(implicit.spec).toEqual(explicit.spec);
    expect(implicit.expandedCount).toBe(explicit.expandedCount);
    expect(implicit.expandedCount).toBe(defaultRegistry.length);
  });

  it("has unique names that do not shadow Vega-Lite's own marks", () => {
    const defs = vegaLiteSchema.definitions as Record<string, { enum?: string[]; const?: string }>;
    const builtIn = new Set([
      ...(defs['Mark']?.enum ?? []),
      defs['BoxPlot']?.const,
      defs['ErrorBar']?.const,
      defs['ErrorBand']?.const,
    ]);
    expect(builtIn.has('bar')).toBe(true);
    expect(builtIn.has('boxplot')).toBe(true);
    const names = defaultRegistry.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(builtIn.has(name), name).toBe(false);
  });
});
