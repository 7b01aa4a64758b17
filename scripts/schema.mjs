// `npm run schema`: writes schemas/chartspec.schema.json — Vega-Lite's schema with the extension
// marks of src/core/marks merged in. `--check` fails when the committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { runnerImport } from 'vite';

const OUT = 'schemas/chartspec.schema.json';
const { module } = await runnerImport('/src/core/schema-file.ts', { logLevel: 'error' });
const text = module.extendedSchemaText();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    // No committed schema yet: it is stale.
  }
  if (current !== text) {
    console.error(`${OUT} is stale: run npm run schema and commit it.`);
    process.exit(1);
  }
  console.log(`${OUT} is up to date.`);
} else {
  writeFileSync(OUT, text);
  console.log(`wrote ${OUT} (${(text.length / 1e6).toFixed(2)} MB)`);
}
