/**
 * Runs the fuzzer: cases in batches over worker threads, each case with a time limit. A case
 * that overruns it is a hang: its thread is stopped and replaced, and the batch goes on past it.
 */
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { build } from 'vite';
import { batch, type FuzzCase, type Seed } from './mutate';
import type { BatchRequest, CaseReport, ParentMessage, WorkerMessage } from './worker';

export interface FuzzOptions {
  seeds: Seed[];
  count: number;
  /** fast-check's seed of the first batch (batch k uses seed + k). */
  seed: number;
  workers: number;
  /** A case running longer than this is a hang. */
  timeLimitMs: number;
  batchSize?: number;
  onProgress?(done: number, failures: number, summary: FuzzSummary): void;
}

export interface FuzzFailure {
  kind: 'failure' | 'hang';
  message: string;
  seed: string;
  ops: string[];
  /** Where the case comes from: run it again with `batch(seeds, caseSeed, index + 1)[index]`. */
  caseSeed: number;
  index: number;
  /** The start of the text (the whole text is rebuilt from caseSeed and index). */
  text: string;
}

export interface FuzzSummary {
  specsTried: number;
  failures: number;
  hangs: number;
  seeds: number;
  seed: number;
  timeLimitMs: number;
  durationMs: number;
  outcomes: Record<string, number>;
  /** The case that costs most (its time when run again; `firstMs` its first run). */
  slowest:
    | { ms: number; firstMs: number; seed: string; ops: string[]; caseSeed: number; index: number; textLength: number }
    | undefined;
  /** The longest first run of any case (may include AJV compiling schema parts on first use). */
  slowestFirstRunMs: number;
  /** The most heap a worker held after a case, MB. */
  maxHeapMB: number;
  /** Internal errors that were caught and reported as Problems: distinct messages and counts. */
  caughtInternalErrors: Record<string, number>;
  failureList: FuzzFailure[];
}

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** Bundles the worker (TypeScript, JSON schemas) into one file Node runs; packages stay imports. */
export async function buildWorker(outDir = resolve('node_modules/.cache/chartspec-fuzz')): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: resolve('tests/fuzz/worker.ts'),
      target: 'node20',
      outDir,
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      rollupOptions: {
        external: (id) => {
          if (builtins.has(id) || id.startsWith('node:')) return true;
          const bare =
            !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[a-zA-Z]:[\\/]/.test(id);
          return bare && !id.endsWith('.json');
        },
        output: { format: 'es', entryFileNames: 'fuzz-worker.mjs', codeSplitting: false },
      },
    },
  });
  return resolve(outDir, 'fuzz-worker.mjs');
}

export async function runFuzz(opts: FuzzOptions, workerFile?: string): Promise<FuzzSummary> {
  const file = workerFile ?? (await buildWorker());
  const size = opts.batchSize ?? 100;
  const batches: BatchRequest[] = [];
  for (let b = 0, left = opts.count; left > 0; b++, left -= size)
    batches.push({ batch: b, seed: opts.seed + b, count: Math.min(size, left), from: 0 });
  const summary: FuzzSummary = {
    specsTried: 0,
    failures: 0,
    hangs: 0,
    seeds: opts.seeds.length,
    seed: opts.seed,
    timeLimitMs: opts.timeLimitMs,
    durationMs: 0,
    outcomes: {},
    slowest: undefined,
    slowestFirstRunMs: 0,
    maxHeapMB: 0,
    caughtInternalErrors: {},
    failureList: [],
  };
  const t0 = Date.now();
  const caseOf = (b: BatchRequest, index: number): FuzzCase => batch(opts.seeds, b.seed, index + 1)[index]!;
  const record = (b: BatchRequest, r: CaseReport) => {
    summary.specsTried++;
    summary.outcomes[r.outcome] = (summary.outcomes[r.outcome] ?? 0) + 1;
    summary.maxHeapMB = Math.max(summary.maxHeapMB, r.heapMB);
    if (r.internal) {
      const key = r.internal.slice(0, 160);
      summary.caughtInternalErrors[key] = (summary.caughtInternalErrors[key] ?? 0) + 1;
    }
    summary.slowestFirstRunMs = Math.max(summary.slowestFirstRunMs, Math.round(r.ms));
    const cost = Math.min(r.ms, r.againMs ?? r.ms);
    if (!summary.slowest || cost > summary.slowest.ms) {
      const c = caseOf(b, r.index);
      summary.slowest = {
        ms: Math.round(cost * 10) / 10,
        firstMs: Math.round(r.ms * 10) / 10,
        seed: c.seed,
        ops: c.ops,
        caseSeed: b.seed,
        index: r.index,
        textLength: c.text.length,
      };
    }
    if (r.failure) {
      summary.failures++;
      const c = caseOf(b, r.index);
      summary.failureList.push({
        kind: 'failure',
        message: r.failure,
        seed: c.seed,
        ops: c.ops,
        caseSeed: b.seed,
        index: r.index,
        text: c.text.slice(0, 4000),
      });
    }
    summary.durationMs = Date.now() - t0;
    opts.onProgress?.(summary.specsTried, summary.failures, summary);
  };

  const queue = [...batches];
  const lane = (): Promise<void> =>
    new Promise((done, fail) => {
      let current: BatchRequest | undefined;
      let child: ChildProcess;
      let timer: NodeJS.Timeout | undefined = undefined;
      /** The case the child is on (or will start next), and when it was last heard from. */
      let index = -1;
      let since = Date.now();
      const send = (m: ParentMessage) => child.send(m);
      const next = () => {
        current = queue.shift();
        if (!current) {
          clearInterval(timer);
          child.removeAllListeners();
          child.kill();
          done();
          return;
        }
        index = current.from;
        since = Date.now();
        send({ kind: 'batch', ...current });
      };
      const lost = (message: string, hang: boolean) => {
        const c = caseOf(current!, index);
        summary.specsTried++;
        summary.failures++;
        if (hang) summary.hangs++;
        summary.failureList.push({
          kind: hang ? 'hang' : 'failure',
          message,
          seed: c.seed,
          ops: c.ops,
          caseSeed: current!.seed,
          index,
          text: c.text.slice(0, 4000),
        });
        current = { ...current!, from: index + 1 };
        child.removeAllListeners();
        child.kill('SIGKILL');
        start();
      };
      const start = () => {
        index = -1;
        // A child process, not a thread: a case that exhausts memory ends only its process.
        child = fork(file, [], {
          execArgv: ['--max-old-space-size=3072', '--stack-size=984'],
          serialization: 'advanced',
          stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        });
        let stderr = '';
        child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
        child.on('message', (m: WorkerMessage) => {
          since = Date.now();
          if (m.kind === 'ready') {
            if (current && current.from < current.count) {
              index = current.from;
              send({ kind: 'batch', ...current });
            } else next();
          } else if (m.kind === 'start') index = m.index;
          else if (m.kind === 'case') {
            record(current!, m.report);
            index = m.report.index + 1;
          } else next();
        });
        child.on('exit', (code, signal) => {
          if (current && index >= 0)
            lost(
              `the worker process died (${signal ?? `exit code ${code}`}): ${stderr
                .split('\n')
                .filter((l) => /error|heap|memory/i.test(l))
                .slice(0, 3)
                .join(' / ')}`,
              false,
            );
          else {
            clearInterval(timer);
            fail(new Error(`the fuzz worker stopped while starting: ${stderr}`));
          }
        });
        send({ kind: 'seeds', seeds: opts.seeds });
      };
      timer = setInterval(() => {
        if (!current || index < 0 || Date.now() - since < opts.timeLimitMs) return;
        lost(`no answer within ${opts.timeLimitMs} ms`, true);
      }, 200);
      start();
    });
  await Promise.all(Array.from({ length: Math.max(1, opts.workers) }, lane));
  summary.durationMs = Date.now() - t0;
  return summary;
}

/** The figures, in a few lines. */
export function formatSummary(s: FuzzSummary): string {
  const lines = [
    `specs tried: ${s.specsTried} (from ${s.seeds} seed specs, fast-check seed ${s.seed}, ${(s.durationMs / 1000).toFixed(1)} s)`,
    `failures: ${s.failures} (hangs over ${s.timeLimitMs} ms: ${s.hangs}); most heap held by a worker: ${s.maxHeapMB} MB`,
    `outcomes: ${Object.entries(s.outcomes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    s.slowest
      ? `slowest spec: ${s.slowest.ms} ms (first run ${s.slowest.firstMs} ms) — ${s.slowest.seed}, ${s.slowest.ops.join('; ')} (${s.slowest.textLength} chars; batch seed ${s.slowest.caseSeed}, index ${s.slowest.index})`
      : 'slowest spec: none',
    `longest first run of a case: ${s.slowestFirstRunMs} ms (includes AJV compiling schema parts met for the first time, which only Node does)`,
  ];
  const internal = Object.entries(s.caughtInternalErrors);
  if (internal.length)
    lines.push(
      `internal errors caught as problems: ${internal.reduce((n, [, v]) => n + v, 0)} (${internal.length} distinct)`,
    );
  for (const f of s.failureList.slice(0, 10))
    lines.push(`  ${f.kind}: ${f.message.split('\n')[0]} — ${f.seed}: ${f.ops.join('; ')}`);
  return lines.join('\n');
}
