import Ajv from 'ajv';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import chartspecSchema from '../../schemas/chartspec.schema.json' with { type: 'json' };
import vegaSchema from 'vega/vega-schema.json' with { type: 'json' };
import { topLevelKind } from '../../src/core/ajv';
import { SchemaExplainer, type Schema } from '../../src/core/explain';
import { didYouMean } from '../../src/core/suggest';
import { strictVegaSchema, VEGA_MARK_TYPES } from '../../src/core/vega-schema';
import { readCorpus } from '../conformance/corpus';

/** Issues as [path, keyword, params] for compact expectations. */
const brief = (x: SchemaExplainer, value: unknown, schema?: Schema) =>
  x.explain(value, schema).map((e) => [e.instancePath, e.keyword, e.params]);

describe('SchemaExplainer on small schemas', () => {
  const defs = {
    FieldDef: {
      type: 'object',
      properties: { field: { type: 'string' }, type: { enum: ['nominal', 'quantitative'] } },
      additionalProperties: false,
    },
    DatumDef: {
      type: 'object',
      properties: { datum: {}, type: { enum: ['nominal', 'quantitative', 'geojson'] } },
      additionalProperties: false,
    },
    ValueDef: {
      type: 'object',
      properties: { value: { type: 'number' } },
      required: ['value'],
      additionalProperties: false,
    },
    Channel: {
      anyOf: [
        { $ref: '#/definitions/FieldDef' },
        { $ref: '#/definitions/DatumDef' },
        { $ref: '#/definitions/ValueDef' },
      ],
    },
    Step: { type: 'object', properties: { step: { type: 'number' } }, required: ['step'], additionalProperties: false },
    Width: { anyOf: [{ type: 'number' }, { const: 'container' }, { $ref: '#/definitions/Step' }] },
    Bar: {
      type: 'object',
      properties: { type: { const: 'bar' }, size: { type: 'number' } },
      required: ['type'],
      additionalProperties: false,
    },
    Box: {
      type: 'object',
      properties: { type: { const: 'boxplot' }, extent: { type: 'number' } },
      required: ['type'],
      additionalProperties: false,
    },
    Mark: { anyOf: [{ $ref: '#/definitions/Bar' }, { $ref: '#/definitions/Box' }] },
    On: {
      oneOf: [
        { type: 'object', required: ['encode'] },
        { type: 'object', required: ['update'] },
      ],
    },
  };
  const root = { definitions: defs, type: 'object' } as const;
  const x = new SchemaExplainer(root);
  const ref = (name: string) => ({ $ref: `#/definitions/${name}` });

  it('finds nothing wrong with a valid value', () => {
    expect(x.explain({ field: 'a', type: 'nominal' }, ref('Channel'))).toEqual([]);
    expect(x.explain('container', ref('Width'))).toEqual([]);
  });

  it('keeps the complaints of the branch whose properties the value uses', () => {
    // The datum branch would also say "field" is unknown; the value branch, that "value" is missing.
    // What the other branches take at the same place is offered too (for the "did you mean").
    expect(brief(x, { field: 'a', type: 'nominl' }, ref('Channel'))).toEqual([
      ['/type', 'enum', { allowedValues: ['nominal', 'quantitative', 'geojson'] }],
    ]);
    expect(brief(x, { value: 'big' }, ref('Channel'))).toEqual([['/value', 'type', { type: 'number' }]]);
  });

  it('prefers the branch in which an unknown property is a typo of a known one', () => {
    expect(brief(x, { feild: 'a', type: 'nominal' }, ref('Channel'))).toEqual([
      [
        '',
        'additionalProperties',
        { additionalProperty: 'feild', allowed: ['field', 'type'], suggestion: 'field', definition: 'FieldDef' },
      ],
    ]);
  });

  it('does not report a missing property beside the unknown one that misspells it', () => {
    expect(brief(x, { valeu: 1 }, ref('Channel'))).toEqual([
      [
        '',
        'additionalProperties',
        { additionalProperty: 'valeu', allowed: ['value'], suggestion: 'value', definition: 'ValueDef' },
      ],
    ]);
  });

  it('merges branches that all reject the value outright into one list of what may go there', () => {
    expect(brief(x, 'wide', ref('Width'))).toEqual([
      [
        '',
        'expected',
        { alternatives: [{ type: 'number' }, { value: 'container' }, { type: 'object', definition: 'Step' }] },
      ],
    ]);
  });

  it('follows the branch whose discriminating literal matches', () => {
    expect(brief(x, { type: 'boxplot', extent: 'x' }, ref('Mark'))).toEqual([['/extent', 'type', { type: 'number' }]]);
  });

  it("reports only a discriminator that no branch takes, with every branch's literal", () => {
    // (The boxplot branch ranks first: it knows "extent".)
    expect(brief(x, { type: 'barr', extent: 'x' }, ref('Mark'))).toEqual([
      ['/type', 'enum', { allowedValues: ['boxplot', 'bar'] }],
    ]);
  });

  it('says nothing about the other properties of an object whose type is unknown: they depend on it', () => {
    const shape = {
      type: 'object',
      properties: { type: { enum: ['circle', 'square'] }, size: { type: 'number' } },
      additionalProperties: false,
    };
    expect(brief(x, { type: 'gauge', min: 0, max: 1 }, shape)).toEqual([
      ['/type', 'enum', { allowedValues: ['circle', 'square'] }],
    ]);
    // With a known type they are complained about.
    expect(brief(x, { type: 'circle', min: 0 }, shape).map((i) => i[0])).toEqual(['']);
  });

  it('merges a oneOf whose branches each miss one property', () => {
    expect(brief(x, { events: 'click' }, ref('On'))).toEqual([
      ['', 'required', { missingProperty: 'encode', alternatives: ['encode', 'update'] }],
    ]);
    expect(brief(x, { encode: 'a', update: 'b' }, ref('On'))).toEqual([['', 'oneOf', { passing: 2 }]]);
  });

  it('checks limits, patterns, items, pattern properties and not', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'number', minimum: 0, maximum: 1 },
        s: { type: 'string', minLength: 1, pattern: '^[a-z]+$' },
        a: { type: 'array', items: { type: 'integer' }, maxItems: 2 },
        t: { not: { const: 'group' } },
      },
      patternProperties: { '^x-': { type: 'boolean' } },
      additionalProperties: false,
    };
    expect(brief(x, { n: 2, s: '', a: [1, 2.5, 3], t: 'group', 'x-y': 1 }, schema)).toEqual([
      ['/n', 'maximum', { comparison: '<=', limit: 1 }],
      ['/s', 'minLength', { limit: 1 }],
      ['/s', 'pattern', { pattern: '^[a-z]+$' }],
      ['/a', 'maxItems', { limit: 2 }],
      ['/a/1', 'type', { type: 'integer' }],
      ['/t', 'not', {}],
      ['/x-y', 'type', { type: 'boolean' }],
    ]);
  });

  it('asks the validity oracle before explaining what sits behind a $ref, and skips what it passes', () => {
    const isValid = vi.fn((r: string) => r === '#/definitions/Step');
    const withOracle = new SchemaExplainer(root, { isValid });
    const schema = { type: 'object', properties: { a: ref('Step'), b: ref('Step') } };
    expect(withOracle.explain({ a: { step: 'not checked' }, b: 5 }, schema).map((e) => e.instancePath)).toEqual(['/b']);
    // Primitives are not asked about: they are cheap, and literal matches count when ranking.
    expect(isValid).toHaveBeenCalledTimes(1);
  });
});

describe('didYouMean', () => {
  it('finds typos, case slips and abbreviations, and does not guess from a letter', () => {
    expect(didYouMean('nominl', ['nominal', 'ordinal'])).toBe('nominal');
    expect(didYouMean('tpye', ['type', 'title'])).toBe('type');
    expect(didYouMean('Quantitative', ['quantitative'])).toBe('quantitative');
    expect(didYouMean('avg', ['average', 'mean', 'argmax'])).toBe('average');
    expect(didYouMean('ba', ['bar', 'area'])).toBe('bar');
    expect(didYouMean('x', ['a', 'b'])).toBeUndefined();
    expect(didYouMean('wide', ['container'])).toBeUndefined();
  });
});

describe('strictVegaSchema', () => {
  const strict = strictVegaSchema(vegaSchema) as {
    definitions: Record<string, Record<string, unknown>>;
    additionalProperties?: unknown;
  };

  it('closes the compositions Vega leaves open, lists mark types, and leaves the input alone', () => {
    expect(strict.definitions['marktype']).toEqual({ type: 'string', enum: [...VEGA_MARK_TYPES] });
    expect(strict.additionalProperties).toBe(false);
    expect(Object.keys(strict.definitions['markVisual']!['properties'] as object)).toEqual(
      expect.arrayContaining(['type', 'from', 'encode', 'zindex']),
    );
    expect((vegaSchema as { definitions: Record<string, unknown> }).definitions['marktype']).toEqual({
      type: 'string',
    });
  });
});

/**
 * The explainer interprets the schemas itself; AJV has the last word on validity. The two must
 * agree, or a valid spec would be explained into errors and an invalid one into none.
 */
describe('SchemaExplainer agrees with AJV on the real schemas', () => {
  const vlCorpus = readCorpus('vega-lite');
  const vgCorpus = readCorpus('vega');
  const vega = strictVegaSchema(vegaSchema);
  // In full (every part explained) and as used (valid parts skipped after a quick walk).
  const full = {
    vl: new SchemaExplainer(chartspecSchema as never, { skipValid: false }),
    vg: new SchemaExplainer(vega, { skipValid: false }),
  };
  const quick = { vl: new SchemaExplainer(chartspecSchema as never), vg: new SchemaExplainer(vega) };
  let ajv: Ajv;
  beforeAll(() => {
    ajv = new Ajv({ strict: false, allowUnionTypes: true, validateFormats: false });
    ajv.addSchema(chartspecSchema, 'vl');
    ajv.addSchema(vega, 'vg');
  });
  const check = (language: 'vega-lite' | 'vega', spec: unknown, x = quick) => {
    const kind = topLevelKind(spec);
    const valid = language === 'vega' ? ajv.validate('vg', spec) : ajv.validate(`vl#/definitions/${kind}`, spec);
    const issues = language === 'vega' ? x.vg.explain(spec) : x.vl.explain(spec, { $ref: `#/definitions/${kind}` });
    return { valid, issues };
  };

  it.skipIf(!vlCorpus || !vgCorpus)(
    'finds nothing wrong with any conformance spec, explaining all of it and as used',
    () => {
      for (const [language, corpus] of [
        ['vega-lite', vlCorpus!],
        ['vega', vgCorpus!],
      ] as const) {
        for (const f of corpus) {
          expect([f.name, check(language, JSON.parse(f.text), full).issues]).toEqual([f.name, []]);
          expect([f.name, check(language, JSON.parse(f.text), quick).issues]).toEqual([f.name, []]);
        }
      }
    },
  );

  it.skipIf(!vlCorpus || !vgCorpus)('says "invalid" exactly when AJV does, for mutated conformance specs', () => {
    let seed = 1;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pick = <T>(a: readonly T[]) => a[Math.floor(random() * a.length)]!;
    const values = ['x', 'bar', 'nominal', 1, -5, 0.5, true, null, {}, [], { field: 'a' }, ['a'], 'container', '0.5'];
    let invalid = 0;
    for (const [language, corpus] of [
      ['vega-lite', vlCorpus!],
      ['vega', vgCorpus!],
    ] as const) {
      for (const f of corpus) {
        for (let m = 0; m < 3; m++) {
          const spec = JSON.parse(f.text);
          const slots: Array<[Record<string, unknown> | unknown[], string | number]> = [];
          const walk = (v: unknown, depth: number) => {
            if (depth > 10) return;
            if (Array.isArray(v)) {
              if (v.length <= 20)
                v.forEach((c, i) => {
                  slots.push([v, i]);
                  walk(c, depth + 1);
                });
            } else if (v && typeof v === 'object') {
              for (const k of Object.keys(v)) {
                slots.push([v as Record<string, unknown>, k]);
                walk((v as Record<string, unknown>)[k], depth + 1);
              }
            }
          };
          walk(spec, 0);
          const [parent, key] = pick(slots);
          const p = parent as Record<string | number, unknown>;
          const op = Math.floor(random() * 4);
          if (op === 0) p[key] = pick(values);
          else if (op === 1 && !Array.isArray(parent)) {
            const v = p[key];
            delete p[key];
            p[String(key).slice(1) + 'x'] = v;
          } else if (op === 2 && !Array.isArray(parent)) delete p[key];
          else p[key] = [p[key]];
          const { valid, issues } = check(language, spec);
          if (!valid) invalid++;
          expect([f.name, valid]).toEqual([f.name, issues.length === 0]);
          expect([f.name, valid]).toEqual([f.name, check(language, spec, full).issues.length === 0]);
        }
      }
    }
    // Enough of them must fail for this to say something.
    expect(invalid).toBeGreaterThan(300);
  });
});
