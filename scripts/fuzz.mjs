// The full fuzz run: `npm run fuzz` (100,000 specs). Options: --count N, --seed N, --workers N,
// --time-limit MS, --out FILE. Prints the figures and writes a JSON summary.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    workers: { type: 'string', default: '2' },
    'time-limit': { type: 'string', default: '30000' },
    out: { type: 'string', default: 'test-results/fuzz.json' },
  },
});

const load = (path) => runnerImport(path, { configFile: false, logLevel: 'error' }).then((r) => r.module);
const { runFuzz, formatSummary } = await load('/tests/fuzz/runner.ts');
const { loadSeeds } = await load('/tests/fuzz/seeds.ts');

const { seeds, skipped } = loadSeeds();
for (const m of skipped) console.log(m);
const count = Number(values.count);
let last = 0;
let latest;
const write = (summary, extra = {}) => {
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, JSON.stringify({ ...summary, count, ...extra }, null, 2) + '\n');
};
// Stopped early (Ctrl+C): the figures so far are still printed and written.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (latest) {
      console.log(formatSummary(latest));
      write(latest, { interrupted: true });
      console.log(`stopped after ${latest.specsTried} of ${count} specs; summary written to ${values.out}`);
    }
    process.exit(130);
  });
}
const summary = await runFuzz({
  seeds,
  count,
  seed: Number(values.seed),
  workers: Number(values.workers),
  timeLimitMs: Number(values['time-limit']),
  onProgress(done, failures, summary) {
    latest = summary;
    if (done - last >= 5000 || done === count) {
      last = done;
      process.stdout.write(
        `  ${done} / ${count} specs, ${failures} failures (${Math.round(summary.durationMs / 1000)} s)\n`,
      );
      write(summary, { partial: done < count });
    }
  },
});
console.log(formatSummary(summary));
write(summary);
console.log(`summary written to ${values.out}`);
process.exit(summary.failures > 0 ? 1 : 0);
