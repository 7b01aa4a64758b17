// Runs every test: lint (layers, hooks, formatting), vitest (core, conformance) and the browser
// tests in Chromium against the production build. Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const OUT = 'test-results';
rmSync(`${OUT}/vitest.json`, { force: true });
rmSync(`${OUT}/browser.json`, { force: true });
mkdirSync(OUT, { recursive: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: process.platform === 'win32' })
    .status ?? 1;

let passed = 0;
let failed = 0;
let skipped = 0;
const crashes = [];

// 0. Lint: one check that passes or fails (a layer imported upward, a hook misused, a file not
// formatted). It counts as one test, so a lint failure alone fails the run.
if (run('npm', ['run', '--silent', 'lint']) === 0) passed += 1;
else {
  failed += 1;
  console.error('error: npm run lint failed (see above)');
}

// 1. Unit and conformance tests.
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${OUT}/vitest.json`,
]);
if (existsSync(`${OUT}/vitest.json`)) {
  const r = JSON.parse(readFileSync(`${OUT}/vitest.json`, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  if (vitestStatus !== 0 && r.numFailedTests === 0) crashes.push(`vitest exited with ${vitestStatus}`);
} else crashes.push('vitest wrote no report');

// 2. Browser tests against the production build.
let chromium;
try {
  chromium = ensureChromium();
} catch (e) {
  console.error(e.message);
  crashes.push('no Chromium');
}
if (chromium) {
  if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) crashes.push('the production build failed');
  else {
    const status = run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium });
    if (existsSync(`${OUT}/browser.json`)) {
      const s = JSON.parse(readFileSync(`${OUT}/browser.json`, 'utf8')).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected;
      skipped += s.skipped;
      if (status !== 0 && s.unexpected === 0) crashes.push(`playwright exited with ${status}`);
    } else crashes.push('playwright wrote no report');
  }
}

for (const c of crashes) console.error(`error: ${c}`);
if (crashes.length) failed += crashes.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
