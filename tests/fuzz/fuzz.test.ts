import { afterAll, expect, test } from 'vitest';
import { resolve } from 'node:path';
import { buildWorker, formatSummary, runFuzz } from './runner';
import { loadSeeds } from './seeds';

/** CI's share of the fuzzing (`npm run fuzz` runs 100,000). A fresh seed each run finds more; set FUZZ_SEED to repeat one. */
const COUNT = Number(process.env.FUZZ_CI_COUNT ?? 800);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const { seeds, skipped } = loadSeeds();
afterAll(() => skipped.forEach((m) => console.log(m)));

test(`${COUNT} mutated specs through parse → validate → expand → compile: no exception, no hang, every failure a Problem`, async () => {
  // Its own build of the worker, so a full `npm run fuzz` running meanwhile keeps its file.
  const file = await buildWorker(resolve('node_modules/.cache/chartspec-fuzz-ci'));
  const summary = await runFuzz(
    { seeds, count: COUNT, seed: SEED, workers: 2, timeLimitMs: 30_000, batchSize: 50 },
    file,
  );
  console.log(formatSummary(summary));
  expect(summary.specsTried).toBe(COUNT);
  expect(
    summary.failureList.map(
      (f) =>
        `${f.kind}: ${f.message.split('\n')[0]} (${f.seed}: ${f.ops.join('; ')}; seed ${f.caseSeed}, index ${f.index})`,
    ),
  ).toEqual([]);
}, 300_000);
