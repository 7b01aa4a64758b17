/**
 * A fuzz worker (a child process, so a case that exhausts memory ends only this process): makes
 * the cases of each batch it is sent and runs them through the core. It says which case it
 * starts before running it, so the parent can see a case that hangs, stop this process and go on.
 */
import { createAjvValidator } from '../../src/core/ajv';
import { batch, type Seed } from './mutate';
import { checkText } from './check';

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
  /** The heap in use after the case, MB. */
  heapMB: number;
  /**
   * A case over a second is run again: the second time says what the case costs, the first
   * may include AJV compiling schema parts it met for the first time (the browser's validators
   * are compiled at build time, so only Node pays that).
   */
  againMs?: number;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'start'; batch: number; index: number }
  | { kind: 'case'; batch: number; report: CaseReport }
  | { kind: 'done'; batch: number };

export type ParentMessage = { kind: 'seeds'; seeds: Seed[] } | ({ kind: 'batch' } & BatchRequest);

const send = (m: WorkerMessage) => process.send!(m);

let seeds: Seed[] = [];
let validator: ReturnType<typeof createAjvValidator>;

async function run(req: BatchRequest): Promise<void> {
  const cases = batch(seeds, req.seed, req.count);
  for (let i = req.from; i < cases.length; i++) {
    send({ kind: 'start', batch: req.batch, index: i });
    const t0 = performance.now();
    const r = checkText(cases[i]!.text, validator);
    const ms = performance.now() - t0;
    let againMs: number | undefined;
    if (ms > 1000) {
      const t1 = performance.now();
      checkText(cases[i]!.text, validator);
      againMs = performance.now() - t1;
    }
    const heapMB = Math.round(process.memoryUsage().heapUsed / 1048576);
    send({
      kind: 'case',
      batch: req.batch,
      report: {
        index: i,
        ms,
        outcome: r.outcome,
        heapMB,
        ...(againMs !== undefined ? { againMs } : {}),
        ...(r.failure ? { failure: r.failure } : {}),
        ...(r.internal ? { internal: r.internal } : {}),
      },
    });
    // Let the messages go out now, so the parent's clock runs per case.
    await new Promise((resolve) => setImmediate(resolve));
  }
  send({ kind: 'done', batch: req.batch });
}

process.on('message', (m: ParentMessage) => {
  if (m.kind === 'batch') return void run(m);
  seeds = m.seeds;
  validator = createAjvValidator();
  // AJV compiles each schema definition the first time a spec meets it (up to seconds each):
  // warm up on a fixed set of cases first, so the times measured are those of the cases.
  const WARM_UP = 200;
  for (const s of seeds.filter((s) => s.name.includes('vega/')).slice(0, 1)) checkText(s.text, validator);
  for (const c of batch(seeds, 0x5eed, WARM_UP)) checkText(c.text, validator);
  send({ kind: 'ready' });
});
