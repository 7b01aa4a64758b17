// Builds the validation-strategy experiment workers for the bench (bench/run.mjs):
//
//   compile_in_worker    bench/workers/compile.js: the app's createAjvValidator (src/core/ajv.ts),
//                        which compiles the schema with AJV on the first validation.
//   standalone           bench/workers/standalone.js over AJV standalone code generated here
//                        (ajv/dist/standalone, ESM) for Vega-Lite's seven top-level spec kinds
//                        and Vega's schema, with src/core/ajv.ts's AJV options and schemas
//                        (Vega's through src/core/vega-schema.ts's strictVegaSchema when that
//                        exists, as src/core/ajv.ts does).
//   standalone_stripped  the same, generated from schemas without `description`/`title`
//                        (strings) and `examples` (arrays) keywords: validation never reads them.
//   standalone_stripped_noinline
//                        standalone_stripped with AJV's inlineRefs: false (smaller code).
//   compile_in_worker_stripped
//                        compile_in_worker with those stripped schemas put in place of the two
//                        schema imports of src/core/ajv.ts (a Vite alias): what stripping saves
//                        without standalone code.
//   quick                bench/workers/quick.js: the app's first validator (@cfworker/json-schema
//                        through src/core/quick-validate.ts) over the stripped schemas as JSON
//                        files beside the worker (quickSchema from scripts/standalone-validators.mjs),
//                        fetched on the first request. No code generated, nothing compiled.
//
// Each is bundled and minified for the browser with Vite's build API (one ES-module worker
// file) into bench/.out/strategies/<name>/ (git-ignored). Returns what it built and how long
// each step took.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The options src/core/ajv.ts gives AJV (kept in step by hand; see bench/README.md). */
export const AJV_OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false };

// The kinds and the annotation stripping are the app's own (scripts/standalone-validators.mjs).
export { VL_KINDS, stripAnnotations } from '../scripts/standalone-validators.mjs';
import { VL_KINDS, quickSchema, stripAnnotations } from '../scripts/standalone-validators.mjs';

const fileBytes = (file) => {
  const body = readFileSync(file);
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
};

/**
 * Generates the standalone validators module for the given schemas. Returns its path, size and
 * the time AJV took (compile + code generation).
 */
async function generateStandalone({ vl, vg, file, options = {} }) {
  const { default: Ajv } = await import('ajv');
  const standalone = await import('ajv/dist/standalone/index.js');
  const standaloneCode = standalone.default?.default ?? standalone.default;
  const t0 = performance.now();
  const ajv = new Ajv({ ...AJV_OPTIONS, ...options, code: { source: true, esm: true } });
  ajv.addSchema(vl, 'vl');
  ajv.addSchema(vg, 'vg');
  const refs = Object.fromEntries(VL_KINDS.map((k) => [k, `vl#/definitions/${k}`]));
  refs.vega = 'vg';
  const code = standaloneCode(ajv, refs);
  const ms = performance.now() - t0;
  writeFileSync(file, code);
  return {
    codegen_ms: Math.round(ms),
    generated_bytes: code.length,
    requires: [...new Set(code.match(/require\("[^"]*"\)/g) ?? [])],
  };
}

/** Bundles one worker entry into `outDir/<name>.worker.js`, minified, ES module. */
async function bundle({ root, name, entry, outDir, alias = {} }) {
  const { build } = await import('vite');
  const t0 = performance.now();
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022', // as vite.config.ts
      minify: true,
      sourcemap: false,
      write: true,
      copyPublicDir: false,
      modulePreload: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100000,
      rolldownOptions: { input: { [name]: entry }, output: { format: 'es', entryFileNames: '[name].worker.js' } },
    },
  });
  const file = join(outDir, `${name}.worker.js`);
  statSync(file);
  return { bundle_ms: Math.round(performance.now() - t0), file };
}

/**
 * Builds the three experiment workers under `outDir` (bench/.out/strategies). `log` gets
 * progress lines. Returns { name: { file, url_path, raw, gzip, bundle_ms, codegen_ms?, … } }.
 */
export async function buildStrategies({ root, outDir, log = () => {} }) {
  const require = createRequire(join(root, 'package.json'));
  const vl = JSON.parse(readFileSync(join(root, 'schemas', 'chartspec.schema.json'), 'utf8'));
  const vgRaw = JSON.parse(readFileSync(require.resolve('vega/vega-schema.json'), 'utf8'));
  let vg = vgRaw;
  // The Vega schema as src/core/ajv.ts compiles it (made stricter by strictVegaSchema), if the
  // core has that; Vega's own schema otherwise.
  let vegaSchemaSource = 'vega/vega-schema.json';
  try {
    const { runnerImport } = await import('vite');
    const { module } = await runnerImport('/src/core/vega-schema.ts', { root, logLevel: 'silent' });
    if (typeof module.strictVegaSchema === 'function') {
      vg = module.strictVegaSchema(vgRaw);
      vegaSchemaSource = 'strictVegaSchema(vega/vega-schema.json) from src/core/vega-schema.ts';
    }
  } catch (e) {
    log(`strategies: Vega's schema as is (src/core/vega-schema.ts: ${e.message.split('\n')[0]})`);
  }
  rmSync(outDir, { recursive: true, force: true });
  const gen = join(outDir, 'generated');
  mkdirSync(gen, { recursive: true });

  const stripped = { vl: stripAnnotations(vl), vg: stripAnnotations(vg) };
  // For compile_in_worker_stripped: the files src/core/ajv.ts imports, stripped (Vega's own
  // schema, which ajv.ts itself makes stricter).
  const strippedFiles = { vl: join(gen, 'chartspec.schema.stripped.json'), vg: join(gen, 'vega-schema.stripped.json') };
  writeFileSync(strippedFiles.vl, JSON.stringify(stripped.vl));
  writeFileSync(strippedFiles.vg, JSON.stringify(stripAnnotations(vgRaw)));

  const out = {};
  for (const [name, alias] of [
    ['compile_in_worker', {}],
    [
      'compile_in_worker_stripped',
      [
        { find: /^.*\/schemas\/chartspec\.schema\.json$/, replacement: strippedFiles.vl },
        { find: /^vega\/vega-schema\.json$/, replacement: strippedFiles.vg },
      ],
    ],
  ]) {
    log(`strategies: bundling ${name} (bench/workers/compile.js)`);
    const b = await bundle({
      root,
      name: 'compile',
      entry: join(root, 'bench/workers/compile.js'),
      outDir: join(outDir, name),
      alias,
    });
    out[name] = { ...b, ...fileBytes(b.file), url_path: `${name}/compile.worker.js` };
  }
  for (const [name, schemas, options] of [
    ['standalone', { vl, vg }],
    ['standalone_stripped', stripped],
    // inlineRefs: false makes each $ref a call instead of a copy of the referenced code: less
    // code, same validation (an extra, beyond src/core/ajv.ts's options).
    ['standalone_stripped_noinline', stripped, { inlineRefs: false }],
  ]) {
    const file = join(gen, `${name}.mjs`);
    log(`strategies: generating ${name} (ajv/dist/standalone)`);
    const g = await generateStandalone({ ...schemas, file, options });
    log(
      `strategies: ${name}: ${(g.generated_bytes / 1e6).toFixed(2)} MB generated in ${(g.codegen_ms / 1000).toFixed(1)} s; bundling`,
    );
    const b = await bundle({
      root,
      name: 'standalone',
      entry: join(root, 'bench/workers/standalone.js'),
      outDir: join(outDir, name),
      alias: { 'chartspec-bench-validators': file },
    });
    const schemaBytes = JSON.stringify(schemas.vl).length + JSON.stringify(schemas.vg).length;
    out[name] = {
      ...g,
      ...b,
      ...fileBytes(b.file),
      schema_json_bytes: schemaBytes,
      vega_schema: vegaSchemaSource,
      ...(options ? { extra_ajv_options: options } : {}),
      url_path: `${name}/standalone.worker.js`,
    };
  }
  {
    log('strategies: bundling quick (bench/workers/quick.js)');
    const b = await bundle({
      root,
      name: 'quick',
      entry: join(root, 'bench/workers/quick.js'),
      outDir: join(outDir, 'quick'),
    });
    const json = { vl: JSON.stringify(quickSchema(vl)), vg: JSON.stringify(quickSchema(vg)) };
    for (const key of ['vl', 'vg']) writeFileSync(join(outDir, 'quick', `schema-${key}.json`), json[key]);
    out.quick = {
      ...b,
      ...fileBytes(b.file),
      schema_json_bytes: json.vl.length + json.vg.length,
      schema_json_gzip: gzipSync(json.vl, { level: 9 }).length + gzipSync(json.vg, { level: 9 }).length,
      vega_schema: vegaSchemaSource,
      url_path: 'quick/quick.worker.js',
    };
  }
  return out;
}
