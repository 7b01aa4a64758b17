// Builds the bench's financial page (bench/financial/: Chartspec's core + vega-embed with the
// app's options, and lightweight-charts) with Vite's build API into bench/.out/financial/
// (git-ignored), minified as the app is. bench/run.mjs serves it under /__bench/f/.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export async function buildFinancial(root, { reuse = false } = {}) {
  const outDir = join(root, 'bench', '.out', 'financial');
  if (reuse && existsSync(join(outDir, 'index.html'))) return { outDir, reused: true, bundle_ms: 0 };
  const { build } = await import('vite');
  const t0 = performance.now();
  await build({
    configFile: false,
    root: join(root, 'bench', 'financial'),
    base: '/__bench/f/',
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      modulePreload: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100000,
    },
  });
  return { outDir, reused: false, bundle_ms: Math.round(performance.now() - t0) };
}

// ---------------------------------------------------------------------------------------------
// Measurements on the financial page (served by bench/run.mjs at `${base}/__bench/f/index.html`)

/** Bars per size, runs per library (medians), and how long one draw may take. */
export const CANDLE_SIZES = [
  { bars: 1000, runs: 5, timeoutMs: 30000 },
  { bars: 10000, runs: 5, timeoutMs: 30000 },
  { bars: 100000, runs: 3, timeoutMs: 60000 },
  { bars: 1000000, runs: 1, timeoutMs: 45000 },
];
export const OVERHEAD = { bars: Number(process.env.OVB ?? 1000), runs: Number(process.env.OVR ?? 31) };
/** The indicators' cost: a million bars with three indicators against the same without. */
export const INDICATORS_1M = {
  bars: 1_000_000,
  runs: Number(process.env.INR ?? 3),
  indicators: ['ema', 'bollinger', 'rsi'],
};
export const HEAP_BARS = 100000;
/** A draw slower than this is not repeated at that size. */
const SLOW_MS = 8000;

const LIBS = { chartspec: 'Chartspec (candlestick mark)', plain: 'plain Vega-Lite', lwc: 'lightweight-charts' };

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.ceil(s.length / 2) - 1] : null;
};
const round1 = (x) => (x === null || x === undefined ? null : Math.round(x * 10) / 10);
const MB = 2 ** 20;

export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise(
      (_, fail) => (timer = setTimeout(() => fail(new Error(`${what}: no result within ${ms / 1000} s`)), ms)),
    ),
  ]);
}

/** A fresh context and page on the financial page, loaded and ready. */
export async function openPage(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && !/favicon|status of 404/.test(m.text()) && errors.push(m.text()));
  await page.goto(`${base}/__bench/f/index.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.ready === '1', null, { timeout: 30000 });
  return { context, page, errors };
}

/**
 * One timed draw in a fresh context: warm up the library with a 200-bar chart (so code loading
 * and first compilation are not timed), make the bars, then time the call. Returns the page's
 * figures or { error }.
 */
async function drawOnce(browser, base, lib, bars, timeoutMs, extra) {
  const { context, page, errors } = await openPage(browser, base);
  try {
    // Options the candlestick mark takes beyond the bench's own (bench/financial/main.ts markSpec).
    if (extra) await page.evaluate((x) => (window.__extra = x), extra);
    await page.evaluate((l) => window.__fin.warmUp(l), lib);
    await page.evaluate(({ n, l }) => window.__fin.prepare(n, l), { n: bars, l: lib });
    const r = await withTimeout(
      page.evaluate((l) => window.__fin.draw(l), lib),
      timeoutMs,
      `${LIBS[lib]} at ${bars} bars`,
    );
    if (errors.length) r.page_errors = errors.slice(0, 5);
    return r;
  } catch (e) {
    return { error: e.message.split('\n')[0], ...(errors.length ? { page_errors: errors.slice(0, 5) } : {}) };
  } finally {
    await context.close().catch(() => {});
  }
}

/** Candlestick at each size: Chartspec and lightweight-charts, alternating, medians and ratios. */
export async function candlesticks(browser, base, log) {
  const out = [];
  for (const size of CANDLE_SIZES) {
    const runs = { chartspec: [], lwc: [] };
    // A size Chartspec needed more than SLOW_MS for is drawn once (the median of one), and a
    // larger size after one it could not draw within its time limit is skipped, so the bench
    // ends in minutes whatever the speed.
    const prev = out.at(-1);
    const expected = prev?.chartspec_ms ? (prev.chartspec_ms * size.bars) / prev.bars : 0;
    const skip =
      prev && prev.chartspec_ms === null
        ? `skipped: ${prev.bars} bars already failed`
        : expected > 2 * size.timeoutMs
          ? `skipped: ${prev.bars} bars took ${(prev.chartspec_ms / 1000).toFixed(1)} s, so about ${Math.round(expected / 1000)} s expected (limit ${size.timeoutMs / 1000} s)`
          : null;
    for (let i = 0; i < size.runs; i++) {
      const slow = runs.chartspec.some((r) => r.error || r.ms > SLOW_MS);
      for (const lib of i % 2 ? ['lwc', 'chartspec'] : ['chartspec', 'lwc']) {
        if (lib === 'chartspec' && (skip || slow)) {
          if (skip && !runs.chartspec.length) runs.chartspec.push({ error: skip });
          continue;
        }
        runs[lib].push(await drawOnce(browser, base, lib, size.bars, size.timeoutMs));
      }
    }
    const cs = median(runs.chartspec.filter((r) => !r.error).map((r) => r.ms));
    const lw = median(runs.lwc.filter((r) => !r.error).map((r) => r.ms));
    const row = {
      bars: size.bars,
      chartspec_ms: round1(cs),
      lightweight_charts_ms: round1(lw),
      ratio: cs !== null && lw ? Math.round((cs / lw) * 100) / 100 : null,
      runs: {
        chartspec: runs.chartspec.filter((r) => !r.error).length,
        lightweight_charts: runs.lwc.filter((r) => !r.error).length,
      },
      chartspec_renderer: runs.chartspec.find((r) => r.renderer)?.renderer ?? null,
      chartspec_items: runs.chartspec.find((r) => r.items !== undefined)?.items ?? null,
      chartspec_stages: runs.chartspec.find((r) => r.stages)?.stages ?? null,
      chartspec_runs: runs.chartspec.map((r) => (r.error ? { error: r.error } : round1(r.ms))),
      lightweight_charts_runs: runs.lwc.map((r) => (r.error ? { error: r.error } : round1(r.ms))),
    };
    for (const r of [...runs.chartspec, ...runs.lwc])
      if (r.page_errors) (row.page_errors ??= []).push(...r.page_errors);
    out.push(row);
    log(
      `candlestick ${size.bars} bars: Chartspec ${row.chartspec_ms ?? 'failed'} ms, lightweight-charts ${row.lightweight_charts_ms ?? 'failed'} ms, ratio ${row.ratio ?? '—'}` +
        (runs.chartspec.some((r) => r.error) ? ` (Chartspec: ${runs.chartspec.find((r) => r.error).error})` : ''),
    );
  }
  return out;
}

/** The same candlestick chart written in plain Vega-Lite and with the mark, drawn the same way. */
export async function extensionOverhead(browser, base, log) {
  const runs = { plain: [], chartspec: [] };
  for (let i = 0; i < OVERHEAD.runs; i++)
    for (const lib of i % 2 ? ['chartspec', 'plain'] : ['plain', 'chartspec'])
      runs[lib].push(await drawOnce(browser, base, lib, OVERHEAD.bars, 30000));
  const plain = median(runs.plain.filter((r) => !r.error).map((r) => r.ms));
  const mark = median(runs.chartspec.filter((r) => !r.error).map((r) => r.ms));
  const res = {
    bars: OVERHEAD.bars,
    plain_ms: round1(plain),
    mark_ms: round1(mark),
    ratio: plain && mark !== null ? Math.round((mark / plain) * 1000) / 1000 : null,
    runs: OVERHEAD.runs,
    plain_runs: runs.plain.map((r) => (r.error ? { error: r.error } : round1(r.ms))),
    mark_runs: runs.chartspec.map((r) => (r.error ? { error: r.error } : round1(r.ms))),
    plain_items: runs.plain.find((r) => r.items !== undefined)?.items ?? null,
    mark_items: runs.chartspec.find((r) => r.items !== undefined)?.items ?? null,
  };
  log(
    `extension overhead at ${OVERHEAD.bars} bars: plain ${res.plain_ms} ms, mark ${res.mark_ms} ms, ratio ${res.ratio}`,
  );
  return res;
}

/**
 * The page's JS heap with a 100k-bar chart on it: CDP HeapProfiler.collectGarbage then
 * Runtime.getHeapUsage (used bytes), before the bars are made (after the warm-up chart is gone)
 * and after the chart is drawn and the page has dropped its own reference to the bars.
 */
async function heapOnce(browser, base, lib) {
  const { context, page } = await openPage(browser, base);
  try {
    const cdp = await context.newCDPSession(page);
    const used = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    await page.evaluate((l) => window.__fin.warmUp(l), lib);
    const before = await used();
    await page.evaluate(({ n, l }) => window.__fin.prepare(n, l), { n: HEAP_BARS, l: lib });
    await withTimeout(
      page.evaluate((l) => window.__fin.draw(l), lib),
      60000,
      `${LIBS[lib]} heap run`,
    );
    await page.evaluate(() => window.__fin.drop());
    const after = await used();
    return { before_mb: round1(before / MB), after_mb: round1(after / MB), chart_mb: round1((after - before) / MB) };
  } catch (e) {
    return { error: e.message.split('\n')[0] };
  } finally {
    await context.close().catch(() => {});
  }
}

export async function heap100k(browser, base, log) {
  const chartspec = await heapOnce(browser, base, 'chartspec');
  const lwc = await heapOnce(browser, base, 'lwc');
  const res = {
    chartspec: chartspec.chart_mb ?? null,
    lightweight_charts: lwc.chart_mb ?? null,
    bars: HEAP_BARS,
    detail: { chartspec, lightweight_charts: lwc },
  };
  log(
    `heap with ${HEAP_BARS} bars drawn: Chartspec ${res.chartspec} MB, lightweight-charts ${res.lightweight_charts} MB`,
  );
  return res;
}

/**
 * What three indicators (an EMA, Bollinger Bands and an RSI in its pane) add to the first draw of
 * a million bars: the same candlestick with and without them, alternating, medians.
 */
export async function indicators1m(browser, base, log) {
  const { bars, runs: n, indicators } = INDICATORS_1M;
  const runs = { plain: [], with: [] };
  for (let i = 0; i < n; i++)
    for (const kind of i % 2 ? ['with', 'plain'] : ['plain', 'with'])
      runs[kind].push(
        await drawOnce(browser, base, 'chartspec', bars, 120000, kind === 'with' ? { indicators } : undefined),
      );
  const plain = median(runs.plain.filter((r) => !r.error).map((r) => r.ms));
  const withIndicators = median(runs.with.filter((r) => !r.error).map((r) => r.ms));
  const res = {
    bars,
    indicators,
    plain_ms: round1(plain),
    with_indicators_ms: round1(withIndicators),
    ratio: plain && withIndicators !== null ? Math.round((withIndicators / plain) * 1000) / 1000 : null,
    plain_runs: runs.plain.map((r) => (r.error ? { error: r.error } : round1(r.ms))),
    with_runs: runs.with.map((r) => (r.error ? { error: r.error } : round1(r.ms))),
  };
  log(`indicators at ${bars} bars: plain ${res.plain_ms} ms, with ${res.with_indicators_ms} ms, ratio ${res.ratio}`);
  return res;
}
