/**
 * A fuzz worker thread: makes the cases of each batch it is sent and runs them through the
 * core. It writes the index of the case it is on and when it started into shared memory, so the
 * main thread can see a case that hangs, stop this thread and go on.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createAjvValidator } from '../../src/core/ajv';
import { batch, type Seed } from './mutate';
import { checkText } from './check';

interface Data {
  seeds: Seed[];
  /** [0]: index in the batch of the case running (-1 idle); [1]: its start, ms since epoch. */
  state: SharedArrayBuffer;
}

export interface BatchRequest {
  batch: number;
  seed: number;
  count: number;
  /** Skip the first cases (after a hang, the batch resumes past the case that hung). */
  from: number;
}

export interface CaseReport {
  index: number;
  ms: number;
  failure?: string;
  outcome: string;
  internal?: string;
}

export type WorkerMessage = { kind: 'ready' } | { kind: 'case'; batch: number; report: CaseReport } | { kind: 'done'; batch: number };

const { seeds, state } = workerData as Data;
const shared = new Float64Array(state);
const validator = createAjvValidator();
// AJV compiles each schema definition the first time a spec meets it (up to seconds each):
// warm up on a fixed set of cases first, so the times measured are those of the cases.
const WARM_UP = 100;
for (const s of seeds.filter((s) => s.name.includes('vega/')).slice(0, 1)) checkText(s.text, validator);
for (const c of batch(seeds, 0x5eed, WARM_UP)) checkText(c.text, validator);

parentPort!.on('message', (req: BatchRequest) => {
  const cases = batch(seeds, req.seed, req.count);
  for (let i = req.from; i < cases.length; i++) {
    shared[1] = Date.now();
    shared[0] = i;
    const t0 = performance.now();
    const r = checkText(cases[i]!.text, validator);
    const report: CaseReport = { index: i, ms: performance.now() - t0, outcome: r.outcome, ...(r.failure ? { failure: r.failure } : {}), ...(r.internal ? { internal: r.internal } : {}) };
    shared[0] = -1;
    parentPort!.postMessage({ kind: 'case', batch: req.batch, report } satisfies WorkerMessage);
  }
  parentPort!.postMessage({ kind: 'done', batch: req.batch } satisfies WorkerMessage);
});
parentPort!.postMessage({ kind: 'ready' } satisfies WorkerMessage);
