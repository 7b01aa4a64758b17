import { describe, it } from 'vitest';
import { createAjvValidator } from '../../src/core/ajv';
import { SCHEMA_URLS, type Language } from '../../src/core/language';
import { readCorpus } from '../conformance/corpus';

/**
 * Validation timings, run by hand (skipped otherwise; it asserts nothing):
 *
 *     TIMING=1 npx vitest run tests/unit/validate-timing.test.ts
 *
 * A valid spec costs one run of AJV's compiled code; a failing one also the explainer's walk.
 */

const BAR = {
  $schema: SCHEMA_URLS['vega-lite'],
  description: 'A simple bar chart with embedded data.',
  data: {
    values: [
      { a: 'A', b: 28 },
      { a: 'B', b: 55 },
      { a: 'C', b: 43 },
      { a: 'D', b: 91 },
      { a: 'E', b: 81 },
      { a: 'F', b: 53 },
      { a: 'G', b: 19 },
      { a: 'H', b: 87 },
      { a: 'I', b: 52 },
    ],
  },
  mark: 'bar',
  encoding: { x: { field: 'a', type: 'nominal', axis: { labelAngle: 0 } }, y: { field: 'b', type: 'quantitative' } },
};
const BIG = {
  ...BAR,
  data: { values: Array.from({ length: 10_000 }, (_, i) => ({ a: `k${i}`, b: i, c: i % 7 === 0 })) },
};
const VEGA = {
  $schema: SCHEMA_URLS.vega,
  width: 200,
  height: 100,
  data: [{ name: 't', values: [{ v: 1 }, { v: 2 }] }],
  scales: [{ name: 'x', type: 'linear', domain: { data: 't', field: 'v' }, range: 'width' }],
  marks: [
    {
      type: 'rect',
      from: { data: 't' },
      encode: { enter: { x: { scale: 'x', field: 'v' }, width: { value: 5 }, height: { value: 20 } } },
    },
  ],
};

const FAILING: Array<[string, Language, unknown]> = [
  ['"type": "nominl"', 'vega-lite', { ...BAR, encoding: { ...BAR.encoding, x: { field: 'a', type: 'nominl' } } }],
  ['"mark": "barr"', 'vega-lite', { ...BAR, mark: 'barr' }],
  ['"width": "wide"', 'vega-lite', { ...BAR, width: 'wide' }],
  ['"feild", 10,000 rows', 'vega-lite', { ...BIG, encoding: { ...BAR.encoding, x: { feild: 'a', type: 'nominal' } } }],
  ['Vega "encod"', 'vega', { ...VEGA, marks: [{ type: 'rect', encod: {} }] }],
];

function time(runs: number, f: () => unknown): number {
  for (let i = 0; i < Math.min(runs, 200); i++) f();
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) f();
  return (performance.now() - t0) / runs;
}

describe.skipIf(!process.env['TIMING'])('validation timing (by hand)', () => {
  it('prints the figures', () => {
    const rows: Array<[string, string]> = [];
    const validator = createAjvValidator();
    const valid = (language: Language, spec: unknown) => () => {
      if (validator.validate(language, spec).length) throw new Error('expected a valid spec');
    };
    let t0 = performance.now();
    validator.validate('vega-lite', BAR);
    rows.push(['first Vega-Lite validation (compiles)', `${(performance.now() - t0).toFixed(0)} ms`]);
    t0 = performance.now();
    validator.validate('vega', VEGA);
    rows.push(['first Vega validation (compiles)', `${(performance.now() - t0).toFixed(0)} ms`]);
    rows.push(['valid: typical bar chart', `${(time(20_000, valid('vega-lite', BAR)) * 1000).toFixed(1)} µs`]);
    rows.push(['valid: 10,000 inline rows', `${(time(200, valid('vega-lite', BIG)) * 1000).toFixed(1)} µs`]);
    rows.push(['valid: small Vega spec', `${(time(20_000, valid('vega', VEGA)) * 1000).toFixed(1)} µs`]);
    for (const [name, language, spec] of FAILING) {
      rows.push([`failing: ${name}`, `${time(200, () => validator.validate(language, spec)).toFixed(3)} ms`]);
    }
    // One unknown top-level property in each conformance spec: the explainer walks all of it.
    const spread: number[] = [];
    for (const language of ['vega-lite', 'vega'] as const) {
      for (const f of readCorpus(language) ?? []) {
        const spec = { ...JSON.parse(f.text), zzz: 1 };
        spread.push(time(5, () => validator.validate(language, spec)));
      }
    }
    spread.sort((a, b) => a - b);
    if (spread.length) {
      const at = (q: number) => spread[Math.min(spread.length - 1, Math.floor(q * spread.length))]!.toFixed(2);
      rows.push([
        `failing: conformance specs + 1 unknown property (${spread.length})`,
        `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`,
      ]);
    }
    console.log(rows.map(([k, v]) => `${k.padEnd(62)} ${v}`).join('\n'));
  });
});
