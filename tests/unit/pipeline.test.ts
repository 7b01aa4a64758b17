import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { compile } from 'vega-lite';
import { createAjvValidator } from '../../src/core/ajv';
import { SCHEMA_URLS } from '../../src/core/language';
import type { ExtensionMark } from '../../src/core/marks/types';
import { runPipeline, type PipelineResult } from '../../src/core/pipeline';
import { sortProblems } from '../../src/core/problem';
import { validateDocument, type Validator } from '../../src/core/validate';
import { lc, textOf } from './helpers';

const BAR = {
  data: {
    values: [
      { a: 'A', b: 28 },
      { a: 'B', b: 55 },
      { a: 'C', b: 43 },
    ],
  },
  mark: 'bar',
  encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
};
const text = (spec: unknown) => JSON.stringify(spec, null, 2);
const errors = (r: PipelineResult) => r.problems.filter((p) => p.severity === 'error');

/** Problems as [severity, source, path, message] for compact expectations. */
const brief = (r: PipelineResult) => r.problems.map((p) => [p.severity, p.source, p.path, p.message]);

describe('runPipeline: Vega-Lite', () => {
  it('compiles a valid bar chart to the Vega that vega-lite gives, with no problems', () => {
    const r = runPipeline(text(BAR));
    expect(r.problems).toEqual([]);
    expect(r.language).toBe('vega-lite');
    expect(r.vega).toEqual(compile(BAR as never).spec);
    // No extension marks: the expanded spec is the parsed value itself.
    expect(r.vegaLite).toBe(r.doc.value);
    expect(r.doc.ok).toBe(true);
    for (const t of Object.values(r.timings)) expect(t).toBeGreaterThanOrEqual(0);
  });

  it('returns a vega-lite warning as a compile warning at the channel it names', () => {
    const spec = { ...BAR, encoding: { ...BAR.encoding, color: { type: 'nominal' } } };
    const r = runPipeline(text(spec));
    expect(r.vega).toBeDefined();
    expect(brief(r)).toEqual([
      [
        'warning',
        'compile',
        '/encoding/color',
        'Dropping {"type":"nominal"} from channel "color" since it does not contain any data field, datum, value, or signal.',
      ],
    ]);
    expect(textOf(r.doc, r.problems[0]!.range)).toBe('"color"');
    expect(lc(r.problems[0]!.range)).toBe('28:5-28:12');
  });

  it('returns an encoding on a channel the mark does not support as a compile warning', () => {
    const spec = { ...BAR, encoding: { ...BAR.encoding, theta: { field: 'b', type: 'quantitative' } } };
    const r = runPipeline(text(spec));
    expect(r.vega).toBeDefined();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({
      severity: 'warning',
      source: 'compile',
      message: 'theta dropped as it is incompatible with "bar".',
    });
  });

  it('places the unsupported-channel warning at that channel', () => {
    const spec = { ...BAR, encoding: { ...BAR.encoding, theta: { field: 'b', type: 'quantitative' } } };
    const r = runPipeline(text(spec));
    expect(r.problems[0]!.path).toBe('/encoding/theta');
  });

  it('gives one clear error and no Vega for a misspelt mark type', () => {
    const r = runPipeline(text({ ...BAR, mark: 'barr' }));
    expect(r.vega).toBeUndefined();
    expect(brief(r)).toEqual([['error', 'mark', '/mark', 'Unknown mark "barr". Did you mean "bar"?']]);
    expect(textOf(r.doc, errors(r)[0]!.range)).toBe('"barr"');
  });

  it('gives an error and no Vega for a spec vega-lite cannot read', () => {
    const r = runPipeline('{"data": {"values": []}}');
    expect(r.vega).toBeUndefined();
    expect(brief(r)).toEqual([['error', 'compile', '', expect.stringMatching(/^Invalid specification/)]]);
  });

  it('stops after parsing on a syntax error: parse problems only, no Vega', () => {
    const validate = vi.fn(() => []);
    const broken = text(BAR).replace('"mark": "bar",', '"mark": "bar"');
    const r = runPipeline(broken, { validator: { validate } });
    expect(r.problems.length).toBeGreaterThan(0);
    expect(r.problems.every((p) => p.source === 'parse')).toBe(true);
    expect(brief(r)).toEqual([['error', 'parse', '', "Expected ',' before this"]]);
    expect(lc(r.problems[0]!.range)).toBe('19:3-19:13');
    expect(r.vega).toBeUndefined();
    expect(r.vegaLite).toBeUndefined();
    expect(r.language).toBe('vega-lite');
    expect(validate).not.toHaveBeenCalled();
    expect(r.timings.compile).toBe(0);
    expect(r.timings.expand).toBe(0);
  });

  it('goes on past comment and trailing-comma warnings', () => {
    const r = runPipeline('{\n  // bars\n  "data": {"values": [{"a": 1}]},\n  "mark": "bar",\n}');
    expect(r.vega).toBeDefined();
    expect(r.problems.map((p) => [p.severity, p.source])).toEqual([
      ['warning', 'parse'],
      ['warning', 'parse'],
    ]);
  });

  it('removes usermeta.embedOptions from the output, with a warning at its key', () => {
    const spec = { ...BAR, usermeta: { embedOptions: { actions: true, ast: false }, note: 'kept' } };
    const r = runPipeline(text(spec));
    expect(r.vega).toBeDefined();
    expect((r.vega as { usermeta?: unknown }).usermeta).toEqual({ note: 'kept' });
    expect(brief(r)).toEqual([
      [
        'warning',
        'compile',
        '/usermeta/embedOptions',
        'usermeta.embedOptions is ignored: a spec cannot change how Chartspec draws it',
      ],
    ]);
    expect(textOf(r.doc, r.problems[0]!.range)).toBe('"embedOptions"');
  });

  it('reads a Vega-Lite v5 $schema with an info and still compiles', () => {
    const r = runPipeline(text({ $schema: 'https://vega.github.io/schema/vega-lite/v5.json', ...BAR }));
    expect(r.vega).toBeDefined();
    expect(brief(r)).toEqual([['info', 'schema', '/$schema', expect.stringContaining('Vega-Lite v5')]]);
  });

  it('lists problems errors first, then in text order', () => {
    const spec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      mark: 'bar',
      encoding: { color: { type: 'nominal' } },
      usermeta: { embedOptions: {} },
    };
    const r = runPipeline(text(spec), {
      validator: {
        validate: () => [{ instancePath: '/usermeta', keyword: 'type', params: { type: 'string' }, schemaPath: '' }],
      },
    });
    expect(r.problems.map((p) => p.severity)).toEqual(['error', 'warning', 'warning', 'info']);
    expect(r.problems).toEqual(sortProblems(r.problems));
    const warnings = r.problems.filter((p) => p.severity === 'warning');
    expect(warnings[0]!.range.start.offset).toBeLessThan(warnings[1]!.range.start.offset);
  });
});

describe('runPipeline: raw Vega', () => {
  const VEGA = {
    $schema: SCHEMA_URLS.vega,
    width: 100,
    height: 50,
    data: [{ name: 't', values: [{ v: 1 }] }],
    marks: [{ type: 'rect', from: { data: 't' }, encode: { enter: { x: { value: 0 }, width: { value: 10 } } } }],
  };

  it('passes a Vega v6 spec through unchanged', () => {
    const r = runPipeline(text(VEGA));
    expect(r.language).toBe('vega');
    expect(r.problems).toEqual([]);
    expect(r.vega).toEqual(VEGA);
    expect(r.vega).toBe(r.doc.value);
    expect(r.vegaLite).toBeUndefined();
    expect(r.timings.compile).toBe(0);
  });

  it('does not expand extension marks in Vega', () => {
    const twin: ExtensionMark = { name: 'rect', normalize: () => ({ mark: 'point' }) };
    const r = runPipeline(text({ ...VEGA, mark: 'rect' }), { registry: [twin] });
    expect(r.vega).toEqual({ ...VEGA, mark: 'rect' });
  });

  it('removes usermeta.embedOptions from Vega too', () => {
    const r = runPipeline(
      text({ ...VEGA, usermeta: { embedOptions: { loader: { baseURL: 'https://evil.example/' } } } }),
    );
    expect((r.vega as { usermeta?: unknown }).usermeta).toEqual({});
    expect(brief(r)).toEqual([['warning', 'compile', '/usermeta/embedOptions', expect.any(String)]]);
  });
});

// AJV takes seconds to compile the schemas: this file compiles them once, for the validator's
// own tests and the pipeline's.
describe('validation: createAjvValidator and runPipeline', () => {
  let ajv: Validator;
  beforeAll(() => {
    ajv = createAjvValidator();
  });

  describe('createAjvValidator', () => {
    it('accepts a valid Vega-Lite spec', () => {
      const spec = {
        $schema: SCHEMA_URLS['vega-lite'],
        data: { values: [{ a: 'A', b: 1 }] },
        mark: 'bar',
        encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
      };
      expect(ajv.validate('vega-lite', spec)).toEqual([]);
    });

    it('reports an unknown property as additionalProperties with its name', () => {
      const errors = ajv.validate('vega-lite', { data: { values: [] }, mark: 'bar', colour: 'red' });
      expect(errors).toEqual([
        expect.objectContaining({
          instancePath: '',
          keyword: 'additionalProperties',
          params: expect.objectContaining({ additionalProperty: 'colour' }),
          resolved: true,
        }),
      ]);
    });

    it('gives one error per mistake, from the branch the spec evidently is', () => {
      // AJV alone also reports "field" as unknown (to datum definitions) and "value" as missing.
      const errors = ajv.validate('vega-lite', {
        data: { values: [] },
        mark: 'bar',
        encoding: { x: { field: 'a', type: 'nominl' } },
      });
      expect(errors).toEqual([
        expect.objectContaining({
          instancePath: '/encoding/x/type',
          keyword: 'enum',
          params: { allowedValues: expect.arrayContaining(['nominal', 'quantitative']) },
        }),
      ]);
    });

    it("gives AJV's own errors when asked not to explain them", () => {
      const raw = createAjvValidator({ explain: false });
      const errors = raw.validate('vega-lite', { data: { values: [] }, mark: 'bar', colour: 'red' });
      expect(errors).toContainEqual(
        expect.objectContaining({
          instancePath: '',
          keyword: 'additionalProperties',
          params: { additionalProperty: 'colour' },
        }),
      );
      expect(errors.some((e) => e.resolved)).toBe(false);
    });

    it('reports a wrong enum value at its instance path', () => {
      const errors = ajv.validate('vega-lite', { mark: { type: 'barr' } });
      const enumError = errors.find((e) => e.keyword === 'enum' && e.instancePath === '/mark/type');
      expect(enumError?.params['allowedValues']).toEqual(expect.arrayContaining(['bar', 'line', 'point']));
    });

    it("validates Vega specs against the Vega schema, not Vega-Lite's", () => {
      const vega = { $schema: SCHEMA_URLS.vega, width: 100, marks: [] };
      expect(ajv.validate('vega', vega)).toEqual([]);
      // The same spec is no valid Vega-Lite.
      expect(ajv.validate('vega-lite', vega).length).toBeGreaterThan(0);
      expect(ajv.validate('vega', { width: 'wide' })).toEqual([
        expect.objectContaining({
          instancePath: '/width',
          keyword: 'expected',
          params: { alternatives: [{ type: 'number' }, { type: 'object', definition: 'signalRef' }] },
        }),
      ]);
    });

    it('returns plain errors that a worker can post (structured clone) and that hold no schema', () => {
      const errors = ajv.validate('vega-lite', { mark: 'bar', width: 'wide' });
      expect(errors.length).toBeGreaterThan(0);
      expect(structuredClone(errors)).toEqual(errors);
      for (const e of errors) {
        for (const key of Object.keys(e))
          expect(['instancePath', 'keyword', 'message', 'params', 'schemaPath', 'resolved']).toContain(key);
      }
    });

    it('gives fresh results per call, not the errors of the previous one', () => {
      const bad = ajv.validate('vega-lite', { mark: 'bar', colour: 1 });
      expect(bad.length).toBeGreaterThan(0);
      expect(ajv.validate('vega-lite', { data: { values: [] }, mark: 'bar' })).toEqual([]);
      expect(bad.some((e) => e.params['additionalProperty'] === 'colour')).toBe(true);
    });
  });

  it('finds nothing wrong with a valid chart', () => {
    const r = runPipeline(text({ $schema: SCHEMA_URLS['vega-lite'], ...BAR }), { validator: ajv });
    expect(r.problems).toEqual([]);
  });

  it('reports an unknown property with a range over its name', () => {
    const src = text({ ...BAR, colour: 'red' });
    const r = runPipeline(src, { validator: ajv });
    const p = r.problems.find((x) => x.path === '/colour');
    expect(p).toMatchObject({
      severity: 'error',
      source: 'schema',
      message: 'Unknown property "colour". Did you mean "color"? It goes inside "encoding"',
    });
    expect(textOf(r.doc, p!.range)).toBe('"colour"');
    expect(lc(p!.range)).toBe('29:3-29:11');
    // Schema errors do not stop the chart.
    expect(r.vega).toBeDefined();
  });

  it('reports two unrelated mistakes, one shallow and one deep, both', () => {
    const spec = {
      ...BAR,
      colour: 'red',
      encoding: { ...BAR.encoding, x: { ...BAR.encoding.x, axis: { titel: 'A' } } },
    };
    const r = runPipeline(text(spec), { validator: ajv });
    const paths = r.problems.filter((p) => p.source === 'schema').map((p) => p.path);
    expect(paths).toContain('/colour');
    expect(paths).toContain('/encoding/x/axis/titel');
  });

  it('reports a wrong enum value at the value', () => {
    const r = runPipeline(text({ ...BAR, autosize: 'fitt' }), { validator: ajv });
    const p = r.problems.find((x) => x.path === '/autosize');
    expect(p).toMatchObject({ severity: 'error', source: 'schema' });
    expect(p!.message).toBe('Unknown autosize "fitt". Did you mean "fit"?');
    expect(textOf(r.doc, p!.range)).toBe('"fitt"');
  });

  it('reports a wrong type at the value', () => {
    const r = runPipeline(text({ ...BAR, title: 5 }), { validator: ajv });
    const p = r.problems.find((x) => x.path === '/title');
    expect(p).toMatchObject({ severity: 'error', source: 'schema' });
    expect(p!.message).toBe('"title" must be a string, an array or an object');
    expect(textOf(r.doc, p!.range)).toBe('5');
  });

  it('validates raw Vega against the Vega schema', () => {
    const r = runPipeline(text({ $schema: SCHEMA_URLS.vega, width: 'wide', marks: [] }), { validator: ajv });
    expect(brief(r)).toEqual([['error', 'schema', '/width', '"width" must be a number or {"signal": …}']]);
    expect(textOf(r.doc, r.problems[0]!.range)).toBe('"wide"');
  });

  it('reports a misspelt mark once, at the value: the schema agrees with the mark stage', () => {
    const r = runPipeline(text({ ...BAR, mark: 'barr' }), { validator: ajv });
    expect(brief(r)).toEqual([['error', 'mark', '/mark', 'Unknown mark "barr". Did you mean "bar"?']]);
    expect(textOf(r.doc, r.problems[0]!.range)).toBe('"barr"');
    // The schema check alone says the same thing at the same place.
    const schema = validateDocument(r.doc, r.language, ajv);
    expect(schema.map((p) => [p.path, p.message])).toEqual([['/mark', 'Unknown mark "barr". Did you mean "bar"?']]);
  });

  it('reports one unknown property as one problem, not valid properties too', () => {
    const r = runPipeline(text({ ...BAR, colour: 'red' }), { validator: ajv });
    expect(r.problems.filter((p) => p.source === 'schema').map((p) => p.path)).toEqual(['/colour']);
  });

  it('goes on with a warning when the validator throws', () => {
    const r = runPipeline(text(BAR), {
      validator: {
        validate() {
          throw new Error('schema not loaded');
        },
      },
    });
    expect(r.vega).toBeDefined();
    expect(brief(r)).toEqual([
      ['warning', 'schema', '', 'The spec could not be checked against the schema: schema not loaded'],
    ]);
  });
});

describe('runPipeline: extension marks', () => {
  const twin: ExtensionMark = {
    name: 'twin',
    normalize: ({ mark: _mark, ...rest }) => ({ ...rest, layer: [{ mark: 'point' }, { mark: 'line' }] }),
  };
  const broken: ExtensionMark = {
    name: 'twin',
    normalize() {
      throw new Error('no');
    },
  };

  it('expands marks from the registry before compiling', () => {
    const r = runPipeline(text({ ...BAR, mark: 'twin' }), { registry: [twin] });
    expect(r.problems).toEqual([]);
    const { mark: _m, ...rest } = BAR;
    const expanded = { ...rest, layer: [{ mark: 'point' }, { mark: 'line' }] };
    expect(r.vegaLite).toEqual(expanded);
    expect(r.vega).toEqual(compile(expanded as never).spec);
    // The parsed value itself is left as written.
    expect((r.doc.value as { mark: string }).mark).toBe('twin');
  });

  it('does not compile when a mark fails', () => {
    const r = runPipeline(text({ ...BAR, mark: 'twin' }), { registry: [broken] });
    expect(r.vega).toBeUndefined();
    expect(brief(r)).toEqual([['error', 'mark', '/mark', 'The "twin" mark could not be expanded: no']]);
    expect(textOf(r.doc, r.problems[0]!.range)).toBe('"twin"');
  });

  it('uses the default registry without the option: a mark it lacks is unknown', () => {
    const r = runPipeline(text({ ...BAR, mark: 'twin' }));
    expect(r.vegaLite).toBe(r.doc.value);
    expect(r.vega).toBeUndefined();
    expect(brief(r)).toEqual([['error', 'mark', '/mark', expect.stringMatching(/^Unknown mark "twin"/)]]);
  });
});

describe('runPipeline: hostile input', () => {
  it('does not let "__proto__" keys change any prototype, and refuses them where vega-lite would read them', () => {
    const src =
      '{"__proto__": {"polluted": 1}, "data": {"values": [{"__proto__": {"polluted": 2}, "a": 1}]}, "mark": "bar",' +
      ' "config": {"__proto__": {"polluted": 3}, "bar": {"__proto__": {"polluted": 4}}},' +
      ' "encoding": {"__proto__": {"polluted": 5}, "x": {"field": "a", "type": "nominal", "__proto__": {"polluted": 6}}},' +
      ' "usermeta": {"__proto__": {"polluted": 7}, "embedOptions": {}}}';
    const r = runPipeline(src);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(r.vega).toBeUndefined();
    expect(brief(r).filter((p) => p[0] === 'error')).toEqual([
      ['error', 'compile', '/__proto__', expect.stringMatching(/^A property named "__proto__" cannot be drawn/)],
    ]);
    // In data rows and usermeta it is only carried: the chart draws.
    const carried = runPipeline(
      '{"data": {"values": [{"__proto__": {"polluted": 2}, "a": 1}]}, "mark": "bar", "encoding": {"x": {"field": "a", "type": "nominal"}}, "usermeta": {"__proto__": {"polluted": 7}}}',
    );
    expect(carried.vega).toBeDefined();
    expect(Object.getPrototypeOf(carried.vega)).toBe(Object.prototype);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('reports 100000 levels of nesting without throwing', () => {
    const r = runPipeline('{"a":' + '['.repeat(100_000));
    expect(r.vega).toBeUndefined();
    expect(brief(r)).toEqual([['error', 'parse', '', expect.stringMatching(/^Nesting is deeper than/)]]);
  });

  it('compiles deeply nested but allowed data without throwing', () => {
    const deep = '['.repeat(400) + ']'.repeat(400);
    const r = runPipeline(
      `{"data": {"values": [{"a": 1, "deep": ${deep}}]}, "mark": "point", "encoding": {"x": {"field": "a", "type": "quantitative"}}}`,
    );
    expect(r.vega).toBeDefined();
    expect(errors(r)).toEqual([]);
  });

  /** What must hold for every result, whatever the text. */
  function checkInvariants(src: string, r: PipelineResult) {
    expect(Array.isArray(r.problems)).toBe(true);
    expect(r.problems).toEqual(sortProblems(r.problems));
    if (!r.doc.ok) {
      expect(r.vega).toBeUndefined();
      expect(r.problems.every((p) => p.source === 'parse')).toBe(true);
    }
    for (const p of r.problems) {
      expect(typeof p.message).toBe('string');
      expect(p.range.start.offset).toBeGreaterThanOrEqual(0);
      expect(p.range.start.offset).toBeLessThanOrEqual(p.range.end.offset);
      expect(p.range.end.offset).toBeLessThanOrEqual(src.length);
      expect(p.range.start.line).toBeGreaterThanOrEqual(1);
      expect(p.range.end.line).toBeLessThanOrEqual(r.doc.lines.lineCount);
      expect(p.path === '' || p.path.startsWith('/')).toBe(true);
    }
  }

  it('never throws for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (src) => {
        checkInvariants(src, runPipeline(src));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws for any string made of JSON punctuation', () => {
    const unit = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"',
      ':',
      ',',
      ' ',
      '\n',
      '\r',
      'a',
      '1',
      '-',
      '/',
      '*',
      '\\',
      'mark',
      '"bar"',
      'true',
      'null',
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (src) => {
        checkInvariants(src, runPipeline(src));
      }),
      { numRuns: 400 },
    );
  });

  it('never throws for any JSON text', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (src) => {
        checkInvariants(src, runPipeline(src));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws for any JSON object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }), (obj) => {
        const src = JSON.stringify(obj);
        checkInvariants(src, runPipeline(src));
      }),
      { numRuns: 200 },
    );
  });

  it('never throws for spec-like objects with odd marks, channels and values', () => {
    const value = fc.oneof(
      fc.constantFrom(
        'a',
        'b',
        'nominal',
        'quantitative',
        'temporal',
        'sum',
        'datum.b > 1',
        '',
        null,
        true,
        0,
        -1,
        1e9,
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const fieldDef = fc.dictionary(
      fc.constantFrom('field', 'type', 'aggregate', 'bin', 'timeUnit', 'scale', 'value', 'datum', 'stack', 'sort'),
      value,
      { maxKeys: 4 },
    );
    const spec = fc.record(
      {
        $schema: fc.constantFrom(SCHEMA_URLS['vega-lite'], 'https://vega.github.io/schema/vega-lite/v5.json', 'x'),
        data: fc.constant({
          values: [
            { a: 'A', b: 1 },
            { a: 'B', b: 2 },
          ],
        }),
        mark: fc.oneof(
          fc.constantFrom('bar', 'line', 'point', 'arc', 'rect', 'text', 'boxplot', 'errorband', 'barr', '', 'twin'),
          fc.record({ type: fc.constantFrom('bar', 'line', 'area', 'x'), tooltip: fc.boolean() }, { requiredKeys: [] }),
        ),
        encoding: fc.dictionary(
          fc.constantFrom('x', 'y', 'x2', 'color', 'size', 'theta', 'shape', 'row', 'detail', 'foo'),
          fieldDef,
          { maxKeys: 4 },
        ),
        transform: fc.array(
          fc.oneof(
            fc.record({ filter: fc.string({ maxLength: 12 }) }),
            fc.record({ calculate: fc.string({ maxLength: 12 }), as: fc.string({ maxLength: 3 }) }),
          ),
          { maxLength: 2 },
        ),
        usermeta: fc.record({ embedOptions: fc.jsonValue({ maxDepth: 1 }) }),
      },
      { requiredKeys: ['data', 'mark'] },
    );
    fc.assert(
      fc.property(spec, (s) => {
        const src = JSON.stringify(s, null, 2);
        const r = runPipeline(src);
        checkInvariants(src, r);
        if (r.vega)
          expect((r.vega as { usermeta?: Record<string, unknown> }).usermeta?.['embedOptions']).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  });
});
