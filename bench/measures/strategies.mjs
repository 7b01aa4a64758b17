// Validation figures and strategies: experiment workers started from a blank page on the
// bench's server, and validation timed in Node (bench/validate.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BROKEN_SPEC, rowsSpec, SPEC } from '../specs.mjs';
import { buildStrategies } from '../strategies.mjs';
import {
  ROOT,
  STRATEGIES_DIR,
  STRATEGY_RUNS,
  STRATEGY_TIMEOUT_MS,
  TARGETS,
  VALIDATED_TIMEOUT_MS,
  WARM_VALIDATIONS,
  WORKER_CSP,
  log,
} from '../shared/config.mjs';
import { sendToWorker, startWorker } from '../shared/in-page.mjs';
import { kB, median, percentile, round1, round3, sleep, verdict } from '../shared/stats.mjs';

/**
 * The worker's V8 heap after a full GC (bytes), through a browser-level CDP session attached to
 * the worker's target (found by its URL). Null when the protocol does not give it.
 */
export async function workerHeap(browser, urlSuffix) {
  let session;
  try {
    session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'worker' && t.url.endsWith(urlSuffix));
    if (!target) return { error: 'worker target not found' };
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const pending = new Map();
    let n = 0;
    session.on('Target.receivedMessageFromTarget', (e) => {
      if (e.sessionId !== sessionId) return;
      const m = JSON.parse(e.message);
      pending.get(m.id)?.(m);
    });
    const call = (method, params = {}) =>
      Promise.race([
        new Promise((ok) => {
          const id = ++n;
          pending.set(id, ok);
          session
            .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
            .catch(() => {});
        }),
        sleep(10000).then(() => ({ error: { message: `${method}: no answer in 10 s` } })),
      ]);
    await call('HeapProfiler.collectGarbage');
    const r = await call('Runtime.getHeapUsage');
    await session.send('Target.detachFromTarget', { sessionId }).catch(() => {});
    if (r.error) return { error: r.error.message };
    // backing_store: off-heap buffers, mostly the worker's script source, which V8 keeps.
    return { used: r.result.usedSize, total: r.result.totalSize, backing_store: r.result.backingStorageSize ?? null };
  } catch (e) {
    return { error: e.message.split('\n')[0] };
  } finally {
    await session?.detach().catch(() => {});
  }
}

/**
 * One fresh context: a blank page on the bench's server starts the worker at `path` and sends it
 * the typical spec; the answer's arrival − `new Worker()` is the time to the first validation
 * result. With `warm`, the heap after that first result is read, then WARM_VALIDATIONS more
 * requests (typical spec, 10k-row spec) and one broken spec are sent to the same worker.
 */
export async function strategyRun(browser, base, { path, warm = false, texts = null }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${base}/__bench/blank.html`, { waitUntil: 'load' });
    const r = await page.evaluate(startWorker, { url: path, text: SPEC, timeoutMs: STRATEGY_TIMEOUT_MS });
    const d = r.data ?? {};
    const out = {
      first_result_ms: r.at === undefined ? null : round1(r.at - r.t0),
      script_ready_ms: typeof d.readyAt === 'number' ? round1(d.readyAt - (r.timeOrigin + r.t0)) : null,
      in_worker_first_ms: typeof d.compileMs === 'number' ? round1(d.compileMs) : null,
      cross_origin_isolated: d.isolated ?? r.isolated ?? null,
      errors: d.errors ?? d.problems ?? null,
      ...(r.error || d.error ? { error: r.error ?? d.error } : {}),
    };
    if (warm && !out.error) {
      out.heap_after_first = await workerHeap(browser, path);
      const order = [
        ...Array(WARM_VALIDATIONS.typical).fill('typical'),
        ...Array(WARM_VALIDATIONS.rows_10k).fill('rows_10k'),
        'broken',
      ];
      const w = await page.evaluate(sendToWorker, { texts, order, timeoutMs: STRATEGY_TIMEOUT_MS });
      const ms = (kind) =>
        w.out.filter((x) => x.kind === kind && typeof x.validateMs === 'number').map((x) => x.validateMs);
      const first = (kind) => w.out.find((x) => x.kind === kind);
      out.warm = {
        typical_ms: {
          median: round3(median(ms('typical'))),
          p95: round3(percentile(ms('typical'), 95)),
          samples: ms('typical').length,
        },
        rows_10k_ms: {
          median: round3(median(ms('rows_10k'))),
          p95: round3(percentile(ms('rows_10k'), 95)),
          samples: ms('rows_10k').length,
        },
        errors: {
          typical: first('typical')?.errors ?? null,
          rows_10k: first('rows_10k')?.errors ?? null,
          broken: first('broken')?.errors ?? null,
        },
        ...(w.error ? { error: w.error } : {}),
      };
    }
    return out;
  } finally {
    await context.close();
  }
}

/** Whether the worker at `path` still answers when served with WORKER_CSP (no 'unsafe-eval'). */
export async function cspRun(browser, base, path) {
  const r = await strategyRun(browser, base, { path: `${path}${path.includes('?') ? '&' : '?'}bench-csp=1` });
  return {
    ok: !r.error && r.first_result_ms !== null,
    ...(r.error ? { error: r.error } : {}),
    answered_ms: r.first_result_ms,
  };
}

/**
 * Builds the experiment workers (bench/strategies.mjs) into STRATEGIES_DIR, or with `reuse`
 * (--no-build) takes the ones a previous run built, when there are. Vite's messages go to stderr.
 */
export async function prepareStrategies(reuse) {
  const manifest = join(STRATEGIES_DIR, 'manifest.json');
  if (reuse && existsSync(manifest)) {
    log(`strategies: reusing the experiment workers in ${relative(ROOT, STRATEGIES_DIR)} (--no-build)`);
    return { ...JSON.parse(readFileSync(manifest, 'utf8')), reused: true };
  }
  const consoleLog = console.log;
  console.log = console.error; // keep stdout for the table
  try {
    const t0 = Date.now();
    const built = await buildStrategies({ root: ROOT, outDir: STRATEGIES_DIR, log: (m) => log(m) });
    const m = Object.fromEntries(Object.entries(built).map(([k, v]) => [k, { ...v, file: relative(ROOT, v.file) }]));
    writeFileSync(manifest, JSON.stringify(m, null, 2) + '\n');
    log(`strategies: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return m;
  } catch (e) {
    log(`warning: the strategy workers could not be built: ${e.message}`);
    return { error: e.message.split('\n')[0] };
  } finally {
    console.log = consoleLog;
  }
}

/** bench/validate.mjs --json in a child process: validation time in Node, against src/core. */
export function validateInNode() {
  log('validation in Node: node bench/validate.mjs --json');
  const r = spawnSync(process.execPath, [join(ROOT, 'bench', 'validate.mjs'), '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 300000,
    stdio: ['ignore', 'pipe', 2],
  });
  if (r.status !== 0) return { error: `bench/validate.mjs exited with ${r.status ?? r.signal}` };
  try {
    return JSON.parse(r.stdout.trim().split('\n').at(-1));
  } catch {
    return { error: 'bench/validate.mjs printed no JSON' };
  }
}

export const medianOf = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x));
  return v.length ? round1(median(v)) : null;
};

/**
 * The `validation` part of results.json: the app as built (first validation in the cold loads,
 * the worker's times for the keystroke edits, the schema worker's bytes from the bytes run), the
 * Node figures, and the strategies measured side by side in Chromium.
 */
export async function validationFigures({
  browser,
  base,
  loads,
  ks,
  by,
  js,
  data,
  strategies,
  nodeValidation,
  warnings,
}) {
  const warn = (m) => {
    warnings.push(m);
    log(`warning: ${m}`);
  };

  // The app as built: load → first 'chartspec:validated' mark, and the worker's compileMs in it.
  const firstRuns = loads.map((l) => ({
    first_validation_ms: l.validated ? round1(l.validated.startTime) : null,
    worker_compile_ms: typeof l.validated?.detail?.compileMs === 'number' ? round1(l.validated.detail.compileMs) : null,
    problems: l.validated?.detail?.problems ?? null,
    version: l.validated?.detail?.version ?? null,
    by: l.validated?.detail?.by ?? null,
    first_chart_ms: round1(l.firstChartMs),
  }));
  const missing = firstRuns.filter((r) => r.first_validation_ms === null).length;
  if (missing)
    warn(
      `no 'chartspec:validated' mark within ${VALIDATED_TIMEOUT_MS / 1000} s after load in ${missing} of ${loads.length} cold loads`,
    );
  for (const r of firstRuns)
    if (r.problems) warn(`the bench spec got ${r.problems} schema problem(s) in the app (expected none)`);

  // The schema worker's own time for each keystroke edit after the first validation.
  const later = ks.validations.slice(1).filter((v) => v.compileMs === 0 && typeof v.validateMs === 'number');
  const appWorker = {
    p50: later.length
      ? round3(
          percentile(
            later.map((v) => v.validateMs),
            50,
          ),
        )
      : null,
    p95: later.length
      ? round3(
          percentile(
            later.map((v) => v.validateMs),
            95,
          ),
        )
      : null,
    samples: later.map((v) => round3(v.validateMs)),
    note: 'validateMs of the chartspec:validated marks during the keystroke run: parseDocument + validateDocument in the schema worker',
  };

  // Bytes the validator adds (bytes run): the schema worker's script (its URL as the page's
  // worker), the schema JSON its first validator reads, and AJV's precompiled code it loads
  // after the first chart.
  const workerScripts = new Set((by.workers ?? []).filter((w) => /\/schema\.worker-[^/]*\.js$/.test(w)));
  const validatorFiles = [...js, ...(data ?? [])].filter(
    (f) =>
      workerScripts.has(f.path) ||
      /\/_virtual_chartspec-validators-[^/]*\.js$/.test(f.path) ||
      /\/validation-(vl|vg)-[^/]*\.json$/.test(f.path),
  );
  if (!validatorFiles.some((f) => workerScripts.has(f.path)))
    warn('the schema worker script was not among the files the bytes run saw');
  const sum = (files, key) => files.reduce((s, f) => s + f[key], 0);
  const validatorJs = {
    raw: sum(
      validatorFiles.filter((f) => f.path.endsWith('.js')),
      'raw',
    ),
    gzip: sum(
      validatorFiles.filter((f) => f.path.endsWith('.js')),
      'gzip',
    ),
    schema_json: {
      raw: sum(
        validatorFiles.filter((f) => f.path.endsWith('.json')),
        'raw',
      ),
      gzip: sum(
        validatorFiles.filter((f) => f.path.endsWith('.json')),
        'gzip',
      ),
    },
    files: validatorFiles.map((f) => ({
      path: f.path,
      raw: f.raw,
      gzip: f.gzip,
      requested_ms: f.requested_ms,
      requested_before_first_chart: f.requested_before_first_chart,
    })),
  };

  const n = nodeValidation ?? {};
  if (n.error) warn(`validation in Node failed: ${n.error}`);
  const out = {
    first_validation_ms: medianOf(firstRuns.map((r) => r.first_validation_ms)),
    worker_compile_ms: medianOf(firstRuns.map((r) => r.worker_compile_ms)),
    first_validation_runs: firstRuns,
    typical_ms: n.typical_ms?.median ?? null,
    rows_10k_ms: n.rows_10k_ms?.median ?? null,
    vega_typical_ms: n.vega_typical_ms?.median ?? null,
    node: n,
    app_worker_validate_ms: appWorker,
    validator_js: validatorJs,
    strategies: null,
  };

  if (!strategies) return out;
  if (strategies.error) {
    out.strategies = { error: strategies.error };
    return out;
  }
  const names = Object.keys(strategies).filter((k) => strategies[k]?.url_path);
  const texts = { typical: SPEC, rows_10k: rowsSpec(10000), broken: BROKEN_SPEC };
  const runs = Object.fromEntries(names.map((k) => [k, []]));
  // Round robin, so a busy moment of the machine does not fall on one strategy only.
  for (let i = 0; i < STRATEGY_RUNS; i++) {
    for (const name of names) {
      const r = await strategyRun(browser, base, {
        path: `/__bench/w/${strategies[name].url_path}`,
        warm: i === 0,
        texts,
      });
      runs[name].push(r);
      log(
        `strategy ${name} ${i + 1}/${STRATEGY_RUNS}: first result at ${r.first_result_ms ?? '—'} ms${r.error ? ` (${r.error})` : ''}`,
      );
    }
  }
  const csp = {};
  for (const name of names) csp[name] = await cspRun(browser, base, `/__bench/w/${strategies[name].url_path}`);
  const appWorkerPath = validatorFiles.find((f) => workerScripts.has(f.path))?.path;
  const appCsp = appWorkerPath ? await cspRun(browser, base, appWorkerPath) : null;

  out.strategies = {};
  for (const name of names) {
    const st = strategies[name];
    const rs = runs[name];
    const code = readFileSync(join(ROOT, st.file), 'utf8');
    const c = csp[name];
    const needsEval = c.ok ? false : /unsafe-eval|EvalError|evaluate a string/i.test(c.error ?? '') ? true : null;
    const failed = rs.filter((r) => r.error);
    if (failed.length)
      warn(`strategy ${name}: ${failed.length} of ${rs.length} runs failed: ${failed[0].error.trim()}`);
    const good = rs.filter((r) => !r.error);
    out.strategies[name] = {
      worker_js: { raw: st.raw, gzip: st.gzip },
      first_result_ms: medianOf(good.map((r) => r.first_result_ms)),
      script_ready_ms: medianOf(good.map((r) => r.script_ready_ms)),
      in_worker_first_ms: medianOf(good.map((r) => r.in_worker_first_ms)),
      failed_runs: failed.length,
      runs: rs.map(({ warm: _w, heap_after_first: _h, ...r }) => r),
      warm: rs[0]?.warm ?? null,
      heap_after_first_validation: rs[0]?.heap_after_first ?? null,
      needs_eval: needsEval,
      csp: { header: WORKER_CSP, ...c },
      function_constructor_in_code: (code.match(/new Function\b|\bFunction\(/g) ?? []).length,
      build: {
        bundle_ms: st.bundle_ms,
        ...(st.codegen_ms !== undefined
          ? {
              codegen_ms: st.codegen_ms,
              generated_bytes: st.generated_bytes,
              schema_json_bytes: st.schema_json_bytes,
              vega_schema: st.vega_schema,
              extra_ajv_options: st.extra_ajv_options ?? null,
            }
          : {}),
        ...(strategies.reused ? { reused: true } : {}),
      },
      file: st.file,
    };
  }
  out.app_worker_csp = appCsp ? { path: appWorkerPath, header: WORKER_CSP, ...appCsp } : null;
  // The CSP check means something only if eval is refused where AJV compiles and allowed code runs.
  if (out.strategies.compile_in_worker && out.strategies.compile_in_worker.csp.ok)
    warn("compile_in_worker still answered under script-src 'self': the worker CSP check did not take effect");
  // Stripping annotations and inlineRefs must not change what the generated code reports.
  const standaloneErrors = Object.entries(out.strategies)
    .filter(([k, st]) => k.startsWith('standalone') && st.warm)
    .map(([k, st]) => [k, JSON.stringify(st.warm.errors)]);
  if (new Set(standaloneErrors.map(([, e]) => e)).size > 1)
    warn(
      `the standalone variants disagree on error counts: ${standaloneErrors.map(([k, e]) => `${k} ${e}`).join('; ')}`,
    );
  for (const name of Object.keys(out.strategies).filter((k) => k.startsWith('standalone')))
    if (out.strategies[name] && !out.strategies[name].csp.ok)
      warn(`${name} failed under script-src 'self': ${out.strategies[name].csp.error}`);
  return out;
}

export function validationRows(v) {
  const ms = (x) => (x === null || x === undefined ? '—' : `${x} ms`);
  const rows = [
    {
      metric: `Load → first validation result (median of ${v.first_validation_runs.length})`,
      value: ms(v.first_validation_ms),
      target: `≤ ${TARGETS.firstValidationMs} ms`,
      status: v.first_validation_ms === null ? 'none' : verdict(v.first_validation_ms, TARGETS.firstValidationMs),
    },
    { metric: '  of which schema compile in the worker', value: ms(v.worker_compile_ms) },
    {
      metric: `Validation, typical spec (Node, median of ${v.node.typical_ms?.samples ?? '—'})`,
      value: ms(v.typical_ms),
      target: `≤ ${TARGETS.typicalValidationMs} ms`,
      status: v.typical_ms === null ? 'none' : verdict(v.typical_ms, TARGETS.typicalValidationMs),
    },
    {
      metric: `Validation, 10k-row inline spec (Node, median of ${v.node.rows_10k_ms?.samples ?? '—'})`,
      value: ms(v.rows_10k_ms),
    },
    {
      metric: `Validation, typical Vega spec (Node, median of ${v.node.vega_typical_ms?.samples ?? '—'})`,
      value: ms(v.vega_typical_ms),
    },
    {
      metric: `Validation in the app's worker, edits (p50 of ${v.app_worker_validate_ms.samples.length})`,
      value: ms(v.app_worker_validate_ms.p50),
    },
    {
      metric: 'Validator JS (schema worker + AJV code) gzip / raw',
      value: `${kB(v.validator_js.gzip)} / ${kB(v.validator_js.raw)}`,
    },
    {
      metric: 'Validator schema JSON (first validator) gzip / raw',
      value: `${kB(v.validator_js.schema_json.gzip)} / ${kB(v.validator_js.schema_json.raw)}`,
    },
  ];
  if (v.strategies?.error) rows.push({ metric: 'Validation strategies', value: `not measured: ${v.strategies.error}` });
  for (const [name, st] of Object.entries(v.strategies ?? {})) {
    if (name === 'error') continue;
    const csp = st.csp.ok ? 'works' : st.needs_eval ? 'fails (eval)' : 'fails';
    rows.push({
      metric: `${name}: new Worker → first result`,
      value:
        st.first_result_ms === null
          ? `failed (${st.failed_runs} runs)`
          : `${ms(st.first_result_ms)} (in worker ${ms(st.in_worker_first_ms)})`,
    });
    rows.push({
      metric: `${name}: JS gzip / raw · CSP`,
      value: `${kB(st.worker_js.gzip)} / ${kB(st.worker_js.raw)} · ${csp}`,
    });
  }
  return rows;
}

export function summarize(list) {
  return {
    raw: list.reduce((s, f) => s + f.raw, 0),
    gzip: list.reduce((s, f) => s + f.gzip, 0),
    files: list.map((f) => ({
      path: f.path,
      raw: f.raw,
      gzip: f.gzip,
      requested_ms: f.requested_ms,
      finished_ms: f.finished_ms,
      seen_by: f.seenBy,
      body_source: f.body_source,
    })),
  };
}
