// Validation time in Node, straight against the core (src/core/ajv.ts through Vite's
// runnerImport, as scripts/schema.mjs loads TypeScript):
//
//   node bench/validate.mjs          # prints a summary
//   node bench/validate.mjs --json   # prints the figures as JSON (bench/run.mjs reads this)
//
// For each spec: the first validation (which compiles that language's schema), then WARMUP
// validations that are not counted, then SAMPLES timed one by one with performance.now();
// median, p95, min and max are reported. `createAjvValidator().validate(language, spec)` is the
// measured call (AJV alone: the spec is parsed once beforehand). `document_ms` also times what
// the schema worker does per request: parseDocument(text) + validateDocument(doc, language,
// validator), when those are there with that shape.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROKEN_SPEC, rowsSpec, SPEC } from './specs.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const WARMUP = 20;
const SAMPLES = { typical: 50, rows_10k: 21, vega_typical: 50 };
const round3 = (x) => Math.round(x * 1000) / 1000;

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[rank - 1];
}
const stats = (xs) => ({
  median: round3(percentile(xs, 50)),
  p95: round3(percentile(xs, 95)),
  min: round3(Math.min(...xs)),
  max: round3(Math.max(...xs)),
  samples: xs.length,
});

function time(fn, warmup, samples) {
  for (let i = 0; i < warmup; i++) fn();
  const out = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function main() {
  const { runnerImport } = await import('vite');
  const load = async (id) => (await runnerImport(id, { logLevel: 'error' })).module;
  const t0 = performance.now();
  const ajvMod = await load('/src/core/ajv.ts');
  const importMs = performance.now() - t0;

  const texts = { typical: SPEC, rows_10k: rowsSpec(10000) };
  // A typical Vega spec: the typical Vega-Lite spec compiled by vega-lite.
  let vegaSpec;
  try {
    const vl = await import('vega-lite');
    vegaSpec = (vl.compile ?? vl.default.compile)(JSON.parse(SPEC)).spec;
    texts.vega_typical = JSON.stringify(vegaSpec, null, 2);
  } catch (e) {
    console.error(`[validate] no Vega spec: ${e.message}`);
  }
  const language = (name) => (name === 'vega_typical' ? 'vega' : 'vega-lite');

  const validator = ajvMod.createAjvValidator();
  const result = {
    node: process.version,
    import_ms: Math.round(importMs),
    warmup: WARMUP,
    spec_bytes: Object.fromEntries(Object.entries(texts).map(([k, t]) => [k, Buffer.byteLength(t)])),
    compile_ms: {},
    errors: {},
  };

  // First validations: each compiles its language's schema (Vega-Lite: the unit-spec entry).
  for (const name of ['typical', 'vega_typical']) {
    if (!texts[name]) continue;
    const spec = JSON.parse(texts[name]);
    const c0 = performance.now();
    const errors = validator.validate(language(name), spec);
    result.compile_ms[language(name)] = Math.round(performance.now() - c0);
    result.errors[name] = errors.length;
  }

  for (const name of Object.keys(texts)) {
    const spec = JSON.parse(texts[name]);
    const lang = language(name);
    result.errors[name] = validator.validate(lang, spec).length;
    const warmup = name === 'rows_10k' ? 3 : WARMUP;
    result[`${name}_ms`] = stats(time(() => validator.validate(lang, spec), warmup, SAMPLES[name]));
  }
  result.errors.broken = validator.validate('vega-lite', JSON.parse(BROKEN_SPEC)).length;

  // What the schema worker does per request (parse + validate + Problems), when the core still
  // has these functions with this shape (src/core is being changed by others; skip if not).
  try {
    const parse = await load('/src/core/parse.ts');
    const validate = await load('/src/core/validate.ts');
    if (typeof parse.parseDocument !== 'function' || typeof validate.validateDocument !== 'function')
      throw new Error('parseDocument/validateDocument not found');
    result.document_ms = {};
    for (const name of ['typical', 'rows_10k']) {
      const text = texts[name];
      const run = () => validate.validateDocument(parse.parseDocument(text), 'vega-lite', validator);
      const problems = run();
      if (!Array.isArray(problems)) throw new Error('validateDocument did not return an array');
      result.document_ms[name] = {
        ...stats(time(run, name === 'rows_10k' ? 3 : WARMUP, SAMPLES[name])),
        problems: problems.length,
      };
    }
  } catch (e) {
    result.document_ms = null;
    result.document_error = e.message;
  }
  return result;
}

main().then(
  (r) => {
    if (process.argv.includes('--json')) console.log(JSON.stringify(r));
    else {
      console.log(
        `compile (first validation): Vega-Lite ${r.compile_ms['vega-lite']} ms, Vega ${r.compile_ms.vega ?? '—'} ms`,
      );
      for (const k of ['typical', 'rows_10k', 'vega_typical']) {
        const s = r[`${k}_ms`];
        if (s)
          console.log(
            `${k}: median ${s.median} ms (p95 ${s.p95}, min ${s.min}, n=${s.samples}), ${r.errors[k]} errors, ${r.spec_bytes[k]} bytes`,
          );
      }
      if (r.document_ms)
        for (const [k, s] of Object.entries(r.document_ms))
          console.log(`parse+validateDocument ${k}: median ${s.median} ms (${s.problems} problems)`);
      else console.log(`parse+validateDocument: skipped (${r.document_error})`);
      console.log(`broken spec ("barr"): ${r.errors.broken} errors`);
    }
    process.exit(0);
  },
  (e) => {
    console.error(`validate: ${e?.stack ?? e}`);
    process.exit(1);
  },
);
