import { readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AJV_OPTIONS, quickSchema, stripAnnotations } from '../../scripts/standalone-validators.mjs';
import { quickValidator, type QuickValidator } from '../../src/core/quick-validate';
import { validationSchemas } from '../../src/core/schema-explainer';
import { topLevelKind } from '../../src/core/spec-kind';
import { readCorpus } from '../conformance/corpus';

/**
 * The schema worker's first answers come from the quick validator, later ones from AJV's
 * precompiled code: the two must say the same of every spec, valid or not.
 */
type Language = 'vega-lite' | 'vega';
interface Spec {
  name: string;
  language: Language;
  value: unknown;
}

function corpus(): Spec[] {
  const out: Spec[] = [];
  const examples = new URL('../../examples/', import.meta.url);
  for (const f of readdirSync(examples).filter((f) => f.endsWith('.json')))
    out.push({
      name: `examples/${f}`,
      language: f.endsWith('.vg.json') ? 'vega' : 'vega-lite',
      value: JSON.parse(readFileSync(new URL(f, examples), 'utf8')),
    });
  for (const language of ['vega-lite', 'vega'] as const)
    for (const file of readCorpus(language) ?? [])
      out.push({ name: `${language}/${file.name}`, language, value: JSON.parse(file.text) });
  return out;
}

/** Every place in a JSON value, as a path of keys and indices. */
function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.slice(0, 20).forEach((v, i) => paths(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

type Mutation =
  | { kind: 'replace'; value: unknown }
  | { kind: 'delete' }
  | { kind: 'rename'; suffix: string }
  | { kind: 'add'; key: string; value: unknown };

/** The spec with one change at `path` (a copy; the corpus stays as it is). */
function mutate(spec: unknown, path: (string | number)[], m: Mutation): unknown {
  const copy = structuredClone(spec);
  if (path.length === 0) return m.kind === 'replace' ? m.value : copy;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const target = parent[last];
  if (m.kind === 'replace') parent[last] = m.value;
  else if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (m.kind === 'rename' && !Array.isArray(parent)) {
    delete parent[last];
    parent[`${String(last)}${m.suffix}`] = target;
  } else if (m.kind === 'add' && target && typeof target === 'object' && !Array.isArray(target)) {
    Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

describe('the quick validator', () => {
  const specs = corpus();
  let ajv: Ajv;
  let quick: Record<Language, QuickValidator>;

  beforeAll(() => {
    const { vl, vg } = validationSchemas();
    // As the precompiled validators are generated (scripts/standalone-validators.mjs).
    ajv = new Ajv(AJV_OPTIONS);
    ajv.addSchema(stripAnnotations(vl), 'vl');
    ajv.addSchema(stripAnnotations(vg), 'vg');
    quick = { 'vega-lite': quickValidator(quickSchema(vl)), vega: quickValidator(quickSchema(vg)) };
  });

  const verdicts = (language: Language, value: unknown): { ajv: boolean; quick: boolean } => {
    if (language === 'vega') return { ajv: ajv.validate('vg', value) as boolean, quick: quick.vega(value) };
    const ref = `#/definitions/${topLevelKind(value)}`;
    return { ajv: ajv.validate(`vl${ref}`, value) as boolean, quick: quick['vega-lite'](value, ref) };
  };

  it('has specs to compare (the examples, and the conformance specs when they are there)', () => {
    expect(specs.length).toBeGreaterThan(30);
  });

  it('finds every example and conformance spec valid, as AJV does', () => {
    const disagree = specs
      .map((s) => ({ name: s.name, ...verdicts(s.language, s.value) }))
      .filter((v) => !v.ajv || !v.quick);
    expect(disagree).toEqual([]);
  });

  it('says what AJV says of typical mistakes', () => {
    const cases: [Language, unknown][] = [
      ['vega-lite', { mark: 'barr', data: { values: [] } }],
      ['vega-lite', { mark: 'bar', encoding: { x: { feild: 'a' } } }],
      ['vega-lite', { mark: 'line', encoding: { x: { field: 'a', type: 'quantitive' } } }],
      ['vega-lite', { mark: { type: 'candlestick', open: 'o' } }],
      ['vega-lite', { layer: [{ mark: 'bar' }], width: 'wide' }],
      ['vega', { marks: [{ type: 'rectt' }] }],
      ['vega', { signals: [{ name: 3 }] }],
    ];
    for (const [language, value] of cases) {
      const v = verdicts(language, value);
      expect(v.ajv, JSON.stringify(value)).toBe(false);
      expect(v.quick, JSON.stringify(value)).toBe(false);
    }
  });

  it('agrees with AJV on specs changed at random (values replaced, keys deleted, renamed or added)', () => {
    const mutation: fc.Arbitrary<Mutation> = fc.oneof(
      fc.record({ kind: fc.constant('replace' as const), value: fc.jsonValue({ maxDepth: 2 }) }),
      fc.record({ kind: fc.constant('delete' as const) }),
      fc.record({ kind: fc.constant('rename' as const), suffix: fc.constantFrom('s', 'x', '_', 'e') }),
      fc.record({
        kind: fc.constant('add' as const),
        key: fc.constantFrom('tooltip', 'type', 'field', 'sort', 'extra', 'value'),
        value: fc.jsonValue({ maxDepth: 1 }),
      }),
    );
    const changed = fc
      .record({ spec: fc.nat(specs.length - 1), at: fc.nat(), mutation })
      .map(({ spec, at, mutation }) => {
        const s = specs[spec]!;
        const all = paths(s.value);
        const path = all[at % all.length]!;
        return { name: s.name, path: path.join('/'), language: s.language, value: mutate(s.value, path, mutation) };
      });
    let invalid = 0;
    fc.assert(
      fc.property(changed, (c) => {
        const v = verdicts(c.language, c.value);
        if (!v.ajv) invalid++;
        expect(v.quick, `${c.name} at /${c.path}`).toBe(v.ajv);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 400), seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
    // The changes make plenty of invalid specs, or the comparison would prove little.
    expect(invalid).toBeGreaterThan(100);
  });
});
