// Chartspec bench: cold load → first chart, keystroke → chart updated, JS/CSS bytes, and the
// validation figures (load → first validation result, validation time, the validator's bytes,
// and the compile-in-worker vs standalone-AJV strategies side by side).
//
//   node bench/run.mjs [--no-build] [--no-strategies]
//
// Builds the app (npx vite build) and the strategy experiment workers (bench/strategies.mjs,
// into bench/.out/), times validation in Node (bench/validate.mjs), serves dist/ and the
// experiment workers from a small static server on 127.0.0.1, drives headless Chromium
// (CHROMIUM_PATH, else the usual places) with playwright-core, prints one table to stdout and
// writes bench/results.json. Progress and diagnostics go to stderr.
// See bench/README.md for what is measured and where the timing points are.
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import LZString from 'lz-string';
import { CHROMIUM_ARGS, findChromium } from '../scripts/ensure-chromium.mjs';
import { SPEC } from './specs.mjs';
import { buildFinancial, candlesticks, extensionOverhead, heap100k, indicators1m } from './financial.mjs';
import { bytes, isCss, isJs } from './measures/bytes.mjs';
import { appendBar, interaction } from './measures/interaction.mjs';
import { interactionProfile } from './measures/interaction-profile.mjs';
import { coldLoad } from './measures/first-chart.mjs';
import {
  prepareStrategies,
  summarize,
  validateInNode,
  validationFigures,
  validationRows,
} from './measures/strategies.mjs';
import { keystrokes } from './measures/typing-latency.mjs';
import { typingLongTasks } from './measures/typing-long-tasks.mjs';
import { BenchError, COLD_LOADS, DIST, OVERALL_TIMEOUT_MS, RESULTS, ROOT, TARGETS, log } from './shared/config.mjs';
import { build, serve } from './shared/server.mjs';
import { kB, median, percentile, round1, verdict } from './shared/stats.mjs';

// ---------------------------------------------------------------------------------------------
// Output

function table(rows) {
  const head = ['metric', 'value', 'target', ''];
  const all = [head, ...rows.map((r) => [r.metric, r.value, r.target ?? '—', r.status ?? ''])];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => '| ' + r.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
  return [
    line(head),
    '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|',
    ...rows.map((r) => line([r.metric, r.value, r.target ?? '—', r.status ?? ''])),
  ].join('\n');
}

const pct = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** One row per candlestick size: Chartspec / lightweight-charts = ratio, against the targets. */
function candleRows(candles) {
  return candles.map((c) => {
    const target = c.bars === 100000 ? TARGETS.candleRatio100k : c.bars === 1000000 ? TARGETS.candleRatio1M : null;
    const value =
      c.chartspec_ms === null
        ? `— / ${c.lightweight_charts_ms ?? '—'} ms (${(c.chartspec_runs.find((r) => r?.error)?.error ?? 'failed').replace(/^skipped: /, 'skipped, ')})`
        : `${c.chartspec_ms} / ${c.lightweight_charts_ms} ms = ${c.ratio}×`;
    const ok =
      c.ratio !== null &&
      target !== null &&
      c.ratio <= target &&
      (c.bars !== 1000000 || c.chartspec_ms <= TARGETS.candle1MMs);
    return {
      metric: `Candlestick ${c.bars.toLocaleString('en')} bars, Chartspec / l-c (median of ${c.runs.chartspec || 0})`,
      value,
      target: target === null ? '—' : `≤ ${target}×${c.bars === 1000000 ? ', ≤ 1 s' : ''}`,
      status: target === null ? '' : c.ratio === null ? 'over' : ok ? 'ok' : 'over',
    };
  });
}

/** One row per interaction (action, size) and one for the append, against their targets. */
function interactionRows(rows, append) {
  const n = (x) => x ?? '—';
  return [
    ...rows.map((r) => {
      const work = r.bars === 100000;
      const ok =
        r.ratio_p95 !== null &&
        r.ratio_p95 <= TARGETS.interactionRatioP95 &&
        (!work || (r.chartspec_work_p95_ms ?? Infinity) <= TARGETS.interactionWorkP95Ms);
      return {
        metric: `${r.action === 'wheel_zoom' ? 'Wheel zoom' : 'Drag pan'} ${r.bars.toLocaleString('en')} bars, event → frame p50/p95 (Chartspec; l-c), work p95`,
        value: `${n(r.chartspec_p50_ms)}/${n(r.chartspec_p95_ms)}; ${n(r.lightweight_charts_p50_ms)}/${n(r.lightweight_charts_p95_ms)} ms = ${n(r.ratio_p95)}×, work ${n(r.chartspec_work_p95_ms)} ms`,
        target: `≤ ${TARGETS.interactionRatioP95}×${work ? `, work ≤ ${TARGETS.interactionWorkP95Ms} ms` : ''}`,
        status: r.ratio_p95 === null ? 'none' : ok ? 'ok' : 'over',
      };
    }),
    {
      metric: `Append 1 bar to ${append.bars.toLocaleString('en')} → frame (Chartspec / l-c, median of ${append.appends})`,
      value: `${n(append.chartspec_ms)} / ${n(append.lightweight_charts_ms)} ms = ${n(append.ratio)}×`,
      target: `≤ ${TARGETS.appendRatio}×`,
      status: append.ratio === null ? 'none' : verdict(append.ratio, TARGETS.appendRatio),
    },
  ];
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const args = new Set(process.argv.slice(2));
  const only = [...args].find((a) => a.startsWith('--only='))?.slice('--only='.length);
  if (only && !['typing', 'financial', 'interaction', 'indicators'].includes(only))
    throw new BenchError(`--only takes typing, financial, interaction or indicators, not ${only}`, 2);
  if (only) args.add('--no-strategies');
  const unknown = [...args].filter((a) => a !== '--no-build' && a !== '--no-strategies' && !a.startsWith('--only='));
  if (unknown.length)
    throw new BenchError(
      `unknown argument(s): ${unknown.join(' ')} (the options are --no-build, --no-strategies and --only=typing|financial|interaction|indicators)`,
      2,
    );

  const executablePath = findChromium();
  if (!executablePath) {
    throw new BenchError(
      process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but no executable is there.`
        : 'No Chromium found (looked in /usr/bin/chromium, chromium-browser, google-chrome[-stable]).\n' +
            '  Debian/Ubuntu: sudo apt-get install -y chromium\n  Elsewhere: set CHROMIUM_PATH=/path/to/chromium',
      2,
    );
  }

  const t0 = Date.now();
  // The indicators' row draws on the financial page alone, which is built on its own below.
  const appNeeded = only !== 'indicators';
  if (appNeeded && !args.has('--no-build')) build();
  if (appNeeded && !existsSync(join(DIST, 'index.html')))
    throw new BenchError('dist/index.html is missing: run without --no-build (or npx vite build) first', 2);

  // Validation: the strategy experiment workers (built before the browser starts, so the build
  // does not compete with it), and validation time in Node (bench/validate.mjs, a child process).
  const strategies = args.has('--no-strategies') ? null : await prepareStrategies(args.has('--no-build'));
  log('building the financial page (bench/financial/)');
  const financialBuild = await buildFinancial(ROOT, { reuse: args.has('--no-build') });
  const nodeValidation = only ? null : validateInNode();

  const { chromium } = await import('playwright-core');
  let server;
  let browser;
  try {
    server = await serve(DIST);
    const { port } = server.address();
    const url = `http://127.0.0.1:${port}/#/s/${LZString.compressToEncodedURIComponent(SPEC)}`;
    log(`serving dist/ at http://127.0.0.1:${port}/`);

    try {
      browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    } catch (e) {
      throw new BenchError(`Chromium at ${executablePath} would not start: ${e.message.split('\n')[0]}`, 2);
    }
    const chromiumVersion = browser.version();
    log(`Chromium ${chromiumVersion} (${executablePath})`);

    if (only) {
      // One part alone, printed as JSON (results.json is left as it is).
      const base = `http://127.0.0.1:${port}`;
      const part =
        only === 'typing'
          ? (({ watch: _w, ...t }) => t)(await typingLongTasks(browser, base))
          : only === 'indicators'
            ? { indicators_1m: await indicators1m(browser, base, log) }
            : only === 'interaction'
              ? {
                  interaction: await interaction(browser, base, log),
                  append_bar: await appendBar(browser, base, log),
                  interaction_profile: await interactionProfile(browser, base, log),
                }
              : {
                  candlestick: await candlesticks(browser, base, log),
                  extension_overhead: await extensionOverhead(browser, base, log),
                  indicators_1m: await indicators1m(browser, base, log),
                  heap_mb_100k: await heap100k(browser, base, log),
                };
      console.log(JSON.stringify(part, null, 2));
      if (part.interaction) console.error(table(interactionRows(part.interaction, part.append_bar)));
      return;
    }

    const loads = [];
    for (let i = 0; i < COLD_LOADS; i++) {
      const r = await coldLoad(browser, url);
      loads.push(r);
      log(`cold load ${i + 1}/${COLD_LOADS}: first chart at ${r.firstChartMs.toFixed(1)} ms`);
    }
    const firstChartMs = round1(median(loads.map((l) => l.firstChartMs)));

    const ks = await keystrokes(browser, url);
    const latencies = ks.samples.map((s) => s.ms);
    const p50 = round1(percentile(latencies, 50));
    const p95 = round1(percentile(latencies, 95));
    log(`keystroke → chart over ${latencies.length} edits: p50 ${p50} ms, p95 ${p95} ms`);

    const by = await bytes(browser, url);
    log(
      `bytes: first chart at ${by.firstChartMs.toFixed(1)} ms; waited ${(by.idleWaitMs / 1000).toFixed(1)} s for the page to go idle`,
    );
    const ok = by.files.filter((f) => !f.failed && f.status !== null && f.status < 400);
    const js = ok.filter(isJs);
    const css = ok.filter(isCss);
    const jsBefore = summarize(js.filter((f) => f.requested_before_first_chart));
    const jsTotal = summarize(js);
    const cssBefore = summarize(css.filter((f) => f.requested_before_first_chart));
    const cssTotal = summarize(css);
    const jsFinishedBefore = summarize(js.filter((f) => f.finished_before_first_chart));
    // Data the page fetches (the schema the first validation reads, the chart's data): not
    // script, so not in the JS budget, but bytes all the same.
    const data = ok.filter((f) => /\.json$/i.test(f.path));
    const dataBefore = summarize(data.filter((f) => f.requested_before_first_chart));

    // Sanity checks on what was counted (they warn; the numbers are still written).
    const warnings = [];
    if (!jsBefore.files.some((f) => /pipeline\.worker-[^/]*\.js$/.test(f.path)))
      warnings.push('the pipeline worker script is not among the JS requested before the first chart');
    if (jsBefore.files.some((f) => /monaco-setup-[^/]*\.js$/.test(f.path)))
      warnings.push('monaco-setup-*.js was requested before the first chart (Monaco is meant to load after it)');
    if (!jsTotal.files.some((f) => /monaco-setup-[^/]*\.js$/.test(f.path)))
      warnings.push('monaco-setup-*.js never loaded');
    for (const f of js)
      if (f.body_source !== 'response')
        warnings.push(`${f.path}: body not available from the browser (${f.body_source ?? 'none'})`);
    for (const w of warnings) log(`warning: ${w}`);

    // Validation figures in the browser: the app as built (from the runs above), then the
    // strategies side by side.
    const validation = await validationFigures({
      browser,
      base: `http://127.0.0.1:${port}`,
      loads,
      ks,
      by,
      js,
      data,
      strategies,
      nodeValidation,
      warnings,
    });

    // Typing into a big spec, then the financial page: candlesticks against lightweight-charts,
    // the extension's overhead, and the heap with 100k bars.
    const typing = await typingLongTasks(browser, `http://127.0.0.1:${port}`);
    log(`typing into ${typing.rows} rows: ${typing.count} long tasks, longest ${typing.max_ms} ms`);
    const fin = `http://127.0.0.1:${port}`;
    const candles = await candlesticks(browser, fin, log);
    const overhead = await extensionOverhead(browser, fin, log);
    const indicators = await indicators1m(browser, fin, log);
    const heap = await heap100k(browser, fin, log);
    // Zoom, pan and append on the same page, then where Chartspec's time goes per wheel event.
    const inter = await interaction(browser, fin, log);
    const append = await appendBar(browser, fin, log);
    const interProfile = await interactionProfile(browser, fin, log);

    const allWatch = [...loads.map((l) => l.watch), ks.watch, by.watch, typing.watch];
    const consoleMessages = [...new Set(allWatch.flatMap((w) => w.console))];
    const pageErrors = [...new Set(allWatch.flatMap((w) => w.pageErrors))];
    const failedRequests = [...new Set(allWatch.flatMap((w) => w.failedRequests))];

    const cpus = os.cpus();
    const results = {
      machine: {
        cpus: cpus.length,
        cpuModel: cpus[0]?.model ?? 'unknown',
        memGB: round1(os.totalmem() / 2 ** 30),
        platform: `${os.platform()} ${os.release()} ${os.arch()}`,
        node: process.version,
        chromium: chromiumVersion,
        chromiumPath: executablePath,
      },
      date: new Date().toISOString(),
      spec: SPEC,
      first_chart_ms: firstChartMs,
      first_chart_runs: loads.map((l) => ({
        first_chart_ms: round1(l.firstChartMs),
        version: l.version,
        first_contentful_paint_ms: l.firstContentfulPaint === null ? null : round1(l.firstContentfulPaint),
        dom_content_loaded_ms: l.domContentLoaded === null ? null : round1(l.domContentLoaded),
        editor_ready_ms: l.editorReady === null ? null : round1(l.editorReady),
        long_tasks_before_first_chart: {
          count: l.longTasksBefore.count,
          ms: round1(l.longTasksBefore.ms),
          longest_ms: round1(l.longTasksBefore.longest),
        },
      })),
      keystroke_to_chart_ms: {
        p50,
        p95,
        mean: round1(latencies.reduce((a, b) => a + b, 0) / latencies.length),
        min: Math.min(...latencies),
        max: Math.max(...latencies),
        samples: latencies,
        settle_before_edits_ms: ks.settleMs,
        from_keydown_event_p50: round1(
          percentile(ks.samples.map((s) => s.from_keydown_ms ?? NaN).filter(Number.isFinite), 50),
        ),
        edits: ks.samples,
      },
      candlestick: candles,
      extension_overhead: overhead,
      indicators_1m: indicators,
      long_tasks_while_typing: (({ watch: _w, ...t }) => t)(typing),
      heap_mb_100k: heap,
      interaction: inter,
      append_bar: append,
      interaction_profile: interProfile,
      financial_page: { size: { width: 1200, height: 500 }, build: financialBuild },
      js_bytes: {
        before_first_chart: jsBefore,
        finished_before_first_chart: {
          raw: jsFinishedBefore.raw,
          gzip: jsFinishedBefore.gzip,
          files: jsFinishedBefore.files.map((f) => f.path),
        },
        total: jsTotal,
      },
      js_gzip_bytes: { before_first_chart: jsBefore.gzip, total: jsTotal.gzip },
      css_bytes: { before_first_chart: cssBefore, total: cssTotal },
      json_bytes: { before_first_chart: dataBefore, total: summarize(data) },
      css_gzip_bytes: { before_first_chart: cssBefore.gzip, total: cssTotal.gzip },
      bytes_run: {
        first_chart_ms: round1(by.firstChartMs),
        idle_wait_ms: by.idleWaitMs,
        workers_at_end: by.workers,
        requests: by.files.map(({ url: _u, ...f }) => f),
      },
      targets: {
        first_chart_ms: TARGETS.firstChartMs,
        keystroke_to_chart_p50_ms: TARGETS.keystrokeP50Ms,
        js_gzip_before_first_chart_bytes: TARGETS.jsGzipBeforeFirstChart,
        first_validation_ms: TARGETS.firstValidationMs,
        typical_validation_ms: TARGETS.typicalValidationMs,
        long_task_ms: TARGETS.longTaskMs,
        candlestick_ratio_100k: TARGETS.candleRatio100k,
        candlestick_ratio_1m: TARGETS.candleRatio1M,
        candlestick_1m_ms: TARGETS.candle1MMs,
        extension_overhead_ratio: TARGETS.overheadRatio,
        indicators_1m_ratio: TARGETS.indicatorsRatio,
        interaction_ratio_p95: TARGETS.interactionRatioP95,
        interaction_work_p95_ms_100k: TARGETS.interactionWorkP95Ms,
        append_ratio: TARGETS.appendRatio,
      },
      validation,
      warnings,
      page: { console: consoleMessages, page_errors: pageErrors, failed_requests: failedRequests },
      bench_seconds: round1((Date.now() - t0) / 1000),
    };
    writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');

    const rows = [
      {
        metric: `Cold load → first chart (median of ${COLD_LOADS})`,
        value: `${firstChartMs} ms`,
        target: `≤ ${TARGETS.firstChartMs} ms`,
        status: verdict(firstChartMs, TARGETS.firstChartMs),
      },
      {
        metric: `Keystroke → chart p50 (${latencies.length} edits)`,
        value: `${p50} ms`,
        target: `≤ ${TARGETS.keystrokeP50Ms} ms`,
        status: verdict(p50, TARGETS.keystrokeP50Ms),
      },
      { metric: 'Keystroke → chart p95', value: `${p95} ms` },
      ...candleRows(candles),
      {
        metric: `Extension overhead, ${overhead.bars} bars (mark / plain, median of ${overhead.runs})`,
        value:
          overhead.ratio === null ? 'failed' : `${overhead.mark_ms} / ${overhead.plain_ms} ms = ${pct(overhead.ratio)}`,
        target: '≤ +5%',
        status: overhead.ratio === null ? 'none' : verdict(overhead.ratio, TARGETS.overheadRatio),
      },
      {
        metric: `Indicators, ${indicators.bars / 1e6}M bars (${indicators.indicators.join(', ')} / none)`,
        value:
          indicators.ratio === null
            ? 'failed'
            : `${indicators.with_indicators_ms} / ${indicators.plain_ms} ms = ${pct(indicators.ratio)}`,
        target: `≤ ${pct(TARGETS.indicatorsRatio)}`,
        status: indicators.ratio === null ? 'none' : verdict(indicators.ratio, TARGETS.indicatorsRatio),
      },
      ...interactionRows(inter, append),
      {
        metric: `Long tasks typing into ${typing.rows} rows (${typing.keys} keys)`,
        value: `${typing.count}, longest ${typing.max_ms} ms`,
        target: `none > ${TARGETS.longTaskMs} ms`,
        status: typing.count === 0 ? 'ok' : 'over',
      },
      {
        metric: `JS heap with ${heap.bars / 1000}k bars drawn (Chartspec / l-c)`,
        value: `${heap.chartspec ?? '—'} / ${heap.lightweight_charts ?? '—'} MB`,
        target: '≤ l-c',
        status:
          heap.chartspec === null || heap.lightweight_charts === null
            ? 'none'
            : verdict(heap.chartspec, heap.lightweight_charts),
      },
      {
        metric: 'JS gzip before first chart',
        value: kB(jsBefore.gzip),
        target: `≤ ${TARGETS.jsGzipBeforeFirstChart / 1000} kB`,
        status: verdict(jsBefore.gzip, TARGETS.jsGzipBeforeFirstChart),
      },
      { metric: 'JS raw before first chart', value: kB(jsBefore.raw) },
      { metric: 'JS gzip total (after ~8 s idle)', value: kB(jsTotal.gzip) },
      { metric: 'JS raw total (after ~8 s idle)', value: kB(jsTotal.raw) },
      { metric: 'CSS gzip before first chart / total', value: `${kB(cssBefore.gzip)} / ${kB(cssTotal.gzip)}` },
      { metric: 'JSON gzip before first chart (schema, chart data)', value: kB(dataBefore.gzip) },
      ...validationRows(validation),
    ];
    console.log(table(rows));
    const jsAfter = js.filter((f) => !f.requested_before_first_chart).map((f) => f.path.split('/').pop());
    log(`JS requested before the first chart: ${jsBefore.files.map((f) => f.path.split('/').pop()).join(', ')}`);
    log(`JS requested after it: ${jsAfter.join(', ') || '(none)'}`);
    if (pageErrors.length || consoleMessages.length)
      log(`page console errors/warnings: ${pageErrors.length + consoleMessages.length} (see results.json → page)`);
    log(`wrote ${RESULTS} in ${results.bench_seconds} s`);
  } finally {
    await browser?.close().catch(() => {});
    if (server) {
      server.closeAllConnections();
      await new Promise((r) => server.close(() => r()));
    }
  }
}

const watchdog = setTimeout(() => {
  console.error(`bench: gave up after ${OVERALL_TIMEOUT_MS / 1000} s`);
  process.exit(1);
}, OVERALL_TIMEOUT_MS);
watchdog.unref();

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`bench: ${e instanceof BenchError ? e.message : (e?.stack ?? e)}`);
    process.exit(e instanceof BenchError ? e.code : 1);
  },
);
