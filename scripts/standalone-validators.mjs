// Generates AJV "standalone" validation code for the extended Vega-Lite schema and Vega's: plain
// functions, no `new Function` at run time, so validation works under a strict CSP (a worker
// obeys the CSP of its own response). Entry points: Vega-Lite's seven top-level spec kinds and
// Vega. (An entry per definition would let the explainer skip valid parts with precompiled
// code, but AJV then generates 12 MB instead of 4.) Used by vite.config.ts at build time.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Schema keywords whose value maps names to subschemas. */
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
]);
/** Keywords whose value is data, not schema: never walked into. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'required', 'examples']);

/**
 * A copy of a JSON schema without the annotations validation does not read (`description`,
 * `title`, `markdownDescription` strings, `examples` arrays); property names are kept. With
 * `formats: false`, `format` goes too (for validators that cannot be told to ignore it).
 */
export function stripAnnotations(schema, options = {}) {
  const strip = (s) => stripAnnotations(s, options);
  if (Array.isArray(schema)) return schema.map(strip);
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'description' || key === 'title' || key === 'markdownDescription') && typeof value === 'string')
      continue;
    if (key === 'examples' && Array.isArray(value)) continue;
    if (key === 'format' && typeof value === 'string' && options.formats === false) continue;
    if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strip(sub)]));
    else out[key] = strip(value);
  }
  return out;
}

/**
 * The schemas as the schema check's first validator reads them (src/core/quick-validate.ts):
 * as AJV's, and without `format`, which AJV is told not to check.
 */
export function quickSchema(schema) {
  return stripAnnotations(schema, { formats: false });
}

export const VL_KINDS = ['Unit', 'Layer', 'Facet', 'Repeat', 'HConcat', 'VConcat', 'Concat'].map(
  (k) => `TopLevel${k}Spec`,
);

/** The same options as src/core/ajv.ts, plus separate functions per $ref (much smaller code). */
export const AJV_OPTIONS = {
  allErrors: false,
  strict: false,
  allowUnionTypes: true,
  validateFormats: false,
  inlineRefs: false,
};

/**
 * ESM source exporting `validators`: a map from `vl#/definitions/<Name>` and `vg` (and
 * `vg#/definitions/<name>`) to validate functions. Cached on disk by the schemas' hash.
 */
export async function standaloneValidatorsCode({ vl, vg, cacheDir }) {
  const { default: Ajv } = await import('ajv');
  const pkg = JSON.parse(readFileSync(new URL('../node_modules/ajv/package.json', import.meta.url), 'utf8'));
  const hash = createHash('sha256')
    .update(JSON.stringify([vl, vg, AJV_OPTIONS, pkg.version, 'esm-imports-2']))
    .digest('hex')
    .slice(0, 16);
  const cached = cacheDir && join(cacheDir, `validators-${hash}.mjs`);
  if (cached && existsSync(cached)) return readFileSync(cached, 'utf8');

  const standalone = await import('ajv/dist/standalone/index.js');
  const standaloneCode = standalone.default?.default ?? standalone.default;
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
  const vlStripped = stripAnnotations(vl);
  const vgStripped = stripAnnotations(vg);
  ajv.addSchema(vlStripped, 'vl');
  ajv.addSchema(vgStripped, 'vg');
  const refs = ['vg', ...VL_KINDS.map((k) => `vl#/definitions/${k}`)];
  // Export names must be identifiers: v0, v1, … with a table from refs to them.
  const exportsByName = Object.fromEntries(refs.map((ref, i) => [`v${i}`, ref]));
  for (const ref of refs) if (!ajv.getSchema(ref)) ajv.compile({ $ref: ref });
  let code = standaloneCode(ajv, exportsByName);
  // AJV's ESM output still `require`s its small runtime helpers: make those imports, so the code
  // runs as an ES module in the dev server as well as in the bundle.
  const required = [...new Set(code.match(/require\("[^"]+"\)/g) ?? [])];
  // The helpers are CommonJS with `exports.default`; bundlers and the dev server wrap them
  // differently, so take the function wherever it ends up and give the code its `.default`.
  const imports = required.map(
    (call, i) =>
      `import * as __ns${i} from ${call.slice('require('.length, -1)};\n` +
      `const __runtime${i} = { default: __unwrap(__ns${i}) };`,
  );
  imports.unshift(
    "function __unwrap(m) { let d = m; while (d && typeof d !== 'function' && 'default' in d) d = d.default; return d; }",
  );
  required.forEach((call, i) => {
    code = code.split(call).join(`__runtime${i}`);
  });
  code = code.replace('"use strict";', '');
  code = imports.join('\n') + '\n' + code;
  code += `\nexport const REFS = ${JSON.stringify(Object.fromEntries(refs.map((ref, i) => [ref, `v${i}`])))};\n`;
  if (cached) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, code);
  }
  return code;
}

/** The schemas specs are validated against, from the core's source (`validationSchemas`). */
async function validationSchemasFromSource() {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport('/src/core/schema-explainer.ts', { configFile: false, logLevel: 'error' });
  return module.validationSchemas();
}

/**
 * `virtual:chartspec-quick-schemas`: where the schema worker fetches the schemas its first
 * validator reads (`quickSchema` of each; about 25 kB gzip for Vega-Lite's, 11 kB for Vega's).
 * JSON files, not script: the worker parses them with `JSON.parse`, which costs milliseconds, where
 * the same schemas as code cost a few hundred. Written to `assets/` in the build (named by their
 * content), served from memory by the dev server.
 * @returns {import('vite').Plugin}
 */
export function quickSchemas() {
  const ID = 'virtual:chartspec-quick-schemas';
  const RESOLVED = '\0' + ID;
  const DEV_PATH = '/@chartspec/schemas/';
  let command = 'serve';
  /** file name → JSON, for the dev server. */
  const served = new Map();
  return {
    name: 'chartspec-quick-schemas',
    configResolved(config) {
      command = config.command;
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (req, res, next) => {
        const body = served.get((req.url ?? '').split('?')[0].replace(/^\/+/, ''));
        if (body === undefined) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(body);
      });
    },
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      const schemas = await validationSchemasFromSource();
      const lines = ['const base = import.meta.url;'];
      for (const key of ['vl', 'vg']) {
        const source = JSON.stringify(quickSchema(schemas[key]));
        const name = `validation-${key}-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.json`;
        if (command === 'build') {
          this.emitFile({ type: 'asset', fileName: `assets/${name}`, source });
          // Beside the worker's own script, wherever the app is served from.
          lines.push(`export const ${key} = new URL(${JSON.stringify('./' + name)}, base).href;`);
        } else {
          served.set(name, source);
          lines.push(`export const ${key} = ${JSON.stringify(DEV_PATH + name)};`);
        }
      }
      return lines.join('\n') + '\n';
    },
  };
}

/**
 * `virtual:chartspec-validators` as a Vite plugin: AJV's standalone code for the schemas specs
 * are validated against, generated at build time. The schema worker and the command line run
 * it: no schema compile at run time, and no `new Function`, so validation works under any CSP,
 * header or meta. Generated once per schema (cached in node_modules/.cache/chartspec).
 * @returns {import('vite').Plugin}
 */
export function precompiledValidators() {
  const ID = 'virtual:chartspec-validators';
  const RESOLVED = '\0' + ID;
  return {
    name: 'chartspec-precompiled-validators',
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      const { vl, vg } = await validationSchemasFromSource();
      return standaloneValidatorsCode({ vl, vg, cacheDir: join(process.cwd(), 'node_modules/.cache/chartspec') });
    },
  };
}
