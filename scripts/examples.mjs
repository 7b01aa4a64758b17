// `npm run examples`: writes examples/normalized/<name> — each example with its extension marks
// expanded into plain Vega-Lite. `--check` fails when a committed file is stale.
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { runnerImport } from 'vite';

const { module } = await runnerImport('/src/core/examples.ts', { logLevel: 'error' });
const check = process.argv.includes('--check');
mkdirSync('examples/normalized', { recursive: true });
let stale = 0;
for (const name of readdirSync('examples')
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const out = `examples/normalized/${name}`;
  const text = module.normalizedExampleText(readFileSync(`examples/${name}`, 'utf8'));
  if (check) {
    if (!existsSync(out) || readFileSync(out, 'utf8') !== text) {
      console.error(`${out} is stale`);
      stale++;
    }
  } else writeFileSync(out, text);
}
if (check && stale) {
  console.error('Run npm run examples and commit the result.');
  process.exit(1);
}
console.log(check ? 'examples/normalized is up to date.' : 'wrote examples/normalized/');
