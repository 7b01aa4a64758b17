// Chartspec bench: cold load → first chart, keystroke → chart updated, JS/CSS bytes.
//
//   node bench/run.mjs [--no-build]
//
// Builds the app (npx vite build), serves dist/ from a small static server on 127.0.0.1, drives
// headless Chromium (CHROMIUM_PATH, else the usual places) with playwright-core, prints one table
// to stdout and writes bench/results.json. Progress and diagnostics go to stderr.
// See bench/README.md for what is measured and where the timing points are.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import LZString from 'lz-string';
import { findChromium } from '../scripts/ensure-chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const RESULTS = join(ROOT, 'bench', 'results.json');

const COLD_LOADS = 5;
const EDITS = 20;
const IDLE_QUIET_MS = 8000; // "idle": no request started or finished for this long…
const IDLE_MAX_MS = 25000; // …but never wait longer than this after the first chart
const DRAW_TIMEOUT_MS = 20000;
const OVERALL_TIMEOUT_MS = 240000;

const TARGETS = {
  firstChartMs: 1000,
  keystrokeP50Ms: 300,
  jsGzipBeforeFirstChart: 450 * 1000, // kB = 1000 bytes, like Vite's build report
};

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The spec every measurement opens (through a share link): a bar chart with inline data, so
// neither localStorage nor a data fetch is involved. The keystroke edits change the last digit
// of A's value (line EDIT_LINE, the number just before the closing `},`).
const SPEC = `{
  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
  "description": "Chartspec bench: a bar chart with inline data.",
  "data": {"values": [
    {"category": "A", "value": 28},
    {"category": "B", "value": 55},
    {"category": "C", "value": 43},
    {"category": "D", "value": 91},
    {"category": "E", "value": 81},
    {"category": "F", "value": 53},
    {"category": "G", "value": 19},
    {"category": "H", "value": 87}
  ]},
  "mark": {"type": "bar", "color": "#4c78a8"},
  "encoding": {
    "x": {"field": "category", "type": "nominal"},
    "y": {"field": "value", "type": "quantitative"}
  }
}
`;
const EDIT_LINE = 5; // 1-based: `    {"category": "A", "value": 28},`
const EDIT_TENS = 2; // A's value is 2x; the edits type x

const log = (...a) => console.error('[bench]', ...a);

class BenchError extends Error {
  constructor(message, code = 1) {
    super(message);
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------
// Build and serve

function build() {
  log('building: npx vite build');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' });
  if (r.status !== 0) throw new BenchError(`the production build failed (npx vite build exited with ${r.status ?? r.signal})`);
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/octet-stream',
  '.arrow': 'application/octet-stream',
  '.parquet': 'application/octet-stream',
};

/** Serves dist/ as it is: no compression (the bench gzips bodies itself), no caching. */
function serve(dir) {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(dir, rel));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': statSync(file).size,
      'Cache-Control': 'no-store',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok(server));
  });
}

// ---------------------------------------------------------------------------------------------
// In-page helpers (run with page.evaluate; the page's CSP does not apply to them)

/** Resolves with the first 'chartspec:drawn' mark whose version ≥ minVersion, or null on timeout. */
function waitForDrawnMark({ minVersion, timeoutMs }) {
  return new Promise((resolve) => {
    const find = () => {
      const m = performance
        .getEntriesByName('chartspec:drawn', 'mark')
        .find((e) => Number(e.detail?.version ?? 0) >= minVersion);
      return m ? { startTime: m.startTime, version: Number(m.detail?.version ?? 0) } : null;
    };
    const hit = find();
    if (hit) return resolve(hit);
    const obs = new PerformanceObserver(() => {
      const h = find();
      if (!h) return;
      obs.disconnect();
      clearTimeout(timer);
      resolve(h);
    });
    obs.observe({ type: 'mark' });
    const timer = setTimeout(() => {
      obs.disconnect();
      resolve(find());
    }, timeoutMs);
  });
}

// ---------------------------------------------------------------------------------------------
// Small utilities

const median = (xs) => percentile(xs, 50);
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  // nearest-rank
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[rank - 1];
}
const round1 = (x) => Math.round(x * 10) / 10;
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function newWatch(page) {
  const w = { console: [], pageErrors: [], failedRequests: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') w.console.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => w.pageErrors.push(e.message));
  page.on('requestfailed', (r) => w.failedRequests.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  return w;
}

/**
 * Runs in the page before the app (injected over the protocol, so the page's CSP does not apply):
 * notes main-thread long tasks and when the editor switched to Monaco. Diagnostics only.
 */
function pageProbe() {
  const probe = (window.__bench = { longTasks: [], editorReadyAt: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  new MutationObserver(() => {
    if (probe.editorReadyAt === null && document.querySelector('[data-testid="editor"][data-editor-status="ready"]')) probe.editorReadyAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-editor-status'] });
}

async function openContext(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  return { context, page, watch: newWatch(page) };
}

/** Waits until no long task has run on the main thread for `quietMs` (at most `maxMs`). */
async function mainThreadQuiet(page, quietMs, maxMs) {
  const started = Date.now();
  for (;;) {
    const sinceLast = await page.evaluate(() => {
      const last = window.__bench.longTasks.at(-1);
      return last ? performance.now() - (last.start + last.duration) : performance.now();
    });
    if (sinceLast >= quietMs || Date.now() - started >= maxMs) return Date.now() - started;
    await sleep(Math.max(50, Math.min(quietMs - sinceLast, 250)));
  }
}

async function firstChart(page, url, watch) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const mark = await page.evaluate(waitForDrawnMark, { minVersion: 1, timeoutMs: DRAW_TIMEOUT_MS });
  if (!mark) {
    const state = await page.locator('.chart-pane').getAttribute('data-state').catch(() => null);
    const counts = new Map();
    for (const m of [...watch.pageErrors, ...watch.console, ...watch.failedRequests]) counts.set(m, (counts.get(m) ?? 0) + 1);
    const errors = [...counts].slice(0, 10).map(([m, n]) => (n > 1 ? `${m} (×${n})` : m)).join('\n  ');
    throw new BenchError(
      `the app never drew a chart (no 'chartspec:drawn' mark within ${DRAW_TIMEOUT_MS / 1000} s; chart pane data-state=${state ?? 'absent'})` +
        (errors ? `\n  ${errors}` : ''),
    );
  }
  return mark;
}

// ---------------------------------------------------------------------------------------------
// Measurements

async function coldLoad(browser, url) {
  const { context, page, watch } = await openContext(browser);
  try {
    const mark = await firstChart(page, url, watch);
    // Diagnostics: when Monaco took over, and how much of the main thread long tasks held
    // before the first chart.
    await page.waitForSelector('[data-testid="editor"][data-editor-status="ready"]', { timeout: DRAW_TIMEOUT_MS }).catch(() => {});
    const nav = await page.evaluate((firstChartAt) => {
      const n = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const before = window.__bench.longTasks.filter((t) => t.start < firstChartAt);
      return {
        responseEnd: n?.responseEnd ?? null,
        domContentLoaded: n?.domContentLoadedEventEnd ?? null,
        firstContentfulPaint: fcp?.startTime ?? null,
        editorReady: window.__bench.editorReadyAt,
        longTasksBefore: { count: before.length, ms: before.reduce((s, t) => s + t.duration, 0), longest: Math.max(0, ...before.map((t) => t.duration)) },
      };
    }, mark.startTime);
    return { firstChartMs: mark.startTime, version: mark.version, ...nav, watch };
  } finally {
    await context.close();
  }
}

async function keystrokes(browser, url) {
  const { context, page, watch } = await openContext(browser);
  try {
    const first = await firstChart(page, url, watch);
    await page.waitForSelector('[data-testid="editor"][data-editor-status="ready"]', { timeout: DRAW_TIMEOUT_MS });
    await page.waitForSelector('.chart-pane[data-state="ready"]', { timeout: DRAW_TIMEOUT_MS });
    // Let the start-up work (Monaco's JSON mode and worker, the first schema check) finish, so
    // the edits measure steady-state typing: no long task for 1 s.
    const settleMs = await mainThreadQuiet(page, 1000, 15000);

    // The key event's own timestamp, as a cross-check of the page.evaluate timestamp.
    await page.evaluate(() => {
      window.__benchKeydowns = [];
      window.addEventListener('keydown', (e) => window.__benchKeydowns.push(e.timeStamp), true);
    });

    // Cursor onto A's value: line EDIT_LINE, end, before `},`, then select its last digit.
    await page.locator('[data-testid="editor"] .monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    for (let i = 1; i < EDIT_LINE; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');

    let version = Number((await page.locator('.chart-pane').getAttribute('data-version')) ?? first.version);
    const samples = [];
    for (let i = 0; i < EDITS; i++) {
      const digit = String((i + 1) % 10); // 1,2,…,9,0,1,…: never the digit already there
      await page.keyboard.press('Shift+ArrowLeft'); // select the last digit (no text change)
      const t0 = await page.evaluate(() => (window.__bench.t0 = performance.now()));
      await page.keyboard.press(digit);
      const mark = await page.evaluate(waitForDrawnMark, { minVersion: version + 1, timeoutMs: DRAW_TIMEOUT_MS });
      if (!mark) throw new BenchError(`edit ${i + 1}: the chart was not redrawn within ${DRAW_TIMEOUT_MS / 1000} s`);
      const { keydown, longTasks } = await page.evaluate(
        ({ from, to }) => {
          const lt = window.__bench.longTasks.filter((t) => t.start + t.duration > from && t.start < to);
          return { keydown: window.__benchKeydowns.at(-1) ?? null, longTasks: lt.reduce((s, t) => s + t.duration, 0) };
        },
        { from: t0, to: mark.startTime },
      );
      // Check that the edit did what it should: bar A now has the typed value.
      const expected = `${EDIT_TENS}${digit}`;
      const labels = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="chart"] svg [aria-label]')].map((e) => e.getAttribute('aria-label')),
      );
      const ok = labels.some((l) => /category: A/.test(l ?? '') && new RegExp(`value: ${expected}\\b`).test(l ?? ''));
      if (!ok) throw new BenchError(`edit ${i + 1}: bar A should show value ${expected} after typing "${digit}", but the chart does not`);
      samples.push({
        edit: i + 1,
        key: digit,
        version: mark.version,
        ms: round1(mark.startTime - t0),
        from_keydown_ms: keydown === null ? null : round1(mark.startTime - keydown),
        long_tasks_ms: round1(longTasks),
      });
      version = mark.version;
      await page.waitForSelector('.chart-pane[data-state="ready"]', { timeout: DRAW_TIMEOUT_MS });
      await sleep(150); // space edits apart
    }
    return { samples, settleMs, watch };
  } finally {
    await context.close();
  }
}

const isJs = (r) => /\.m?js$/i.test(r.path) || r.resourceType === 'script' || /javascript/i.test(r.contentType);
const isCss = (r) => /\.css$/i.test(r.path) || r.resourceType === 'stylesheet' || /text\/css/i.test(r.contentType);

async function bytes(browser, url) {
  const { context, page, watch } = await openContext(browser);
  const records = new Map(); // Request → record
  let lastActivity = Date.now();
  const pageSeen = new Set();
  // Which emitter reports a request: the page, the context, or both (worker scripts should be both).
  page.on('request', (req) => pageSeen.add(req));
  context.on('request', (req) => {
    lastActivity = Date.now();
    const u = new URL(req.url());
    records.set(req, {
      url: req.url(),
      path: u.pathname,
      resourceType: req.resourceType(),
      requestedEpoch: Date.now(),
      finishedEpoch: null,
      status: null,
      contentType: '',
      body: null,
      bodySource: null,
    });
  });
  context.on('response', (res) => {
    lastActivity = Date.now();
    const r = records.get(res.request());
    if (!r) return;
    r.status = res.status();
    r.contentType = res.headers()['content-type'] ?? '';
  });
  const bodies = [];
  const onDone = (req, failed) => {
    lastActivity = Date.now();
    const r = records.get(req);
    if (!r) return;
    r.finishedEpoch = Date.now();
    r.failed = failed;
    r.timing = req.timing();
    if (failed) return;
    bodies.push(
      (async () => {
        try {
          const res = await req.response();
          r.body = res ? await res.body() : null;
          r.bodySource = 'response';
        } catch (e) {
          r.bodyError = e.message;
        }
      })(),
    );
  };
  context.on('requestfinished', (req) => onDone(req, false));
  context.on('requestfailed', (req) => onDone(req, true));

  try {
    const mark = await firstChart(page, url, watch);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const firstChartEpoch = timeOrigin + mark.startTime;
    await page.waitForSelector('[data-testid="editor"][data-editor-status="ready"]', { timeout: DRAW_TIMEOUT_MS });
    const started = Date.now();
    while (Date.now() - lastActivity < IDLE_QUIET_MS && Date.now() - started < IDLE_MAX_MS) await sleep(250);
    const idleWaitMs = Date.now() - started;
    const workers = page.workers().map((w) => new URL(w.url()).pathname);
    await Promise.all(bodies);

    const files = [];
    for (const [req, r] of records) {
      if (r.body === null && !r.failed) {
        // No body from the protocol: take the file the server sent (only when it came from dist/).
        const file = join(DIST, decodeURIComponent(r.path));
        if (r.url.startsWith(url.slice(0, url.indexOf('/', 8))) && existsSync(file) && statSync(file).isFile()) {
          r.body = readFileSync(file);
          r.bodySource = 'disk';
        }
      }
      // Request times in the page's clock (ms since navigation start). The protocol's wall-clock
      // start time is preferred; the bench's own clock at the 'request' event is the fallback.
      const t = r.timing;
      const startEpoch = t && t.startTime > 0 ? t.startTime : r.requestedEpoch;
      const endEpoch = t && t.startTime > 0 && t.responseEnd >= 0 ? t.startTime + t.responseEnd : r.finishedEpoch;
      files.push({
        path: r.path,
        url: r.url,
        resourceType: r.resourceType,
        status: r.status,
        seenBy: pageSeen.has(req) ? 'page+context' : 'context',
        requested_ms: round1(startEpoch - timeOrigin),
        finished_ms: endEpoch === null ? null : round1(endEpoch - timeOrigin),
        requested_before_first_chart: startEpoch < firstChartEpoch,
        finished_before_first_chart: endEpoch !== null && endEpoch <= firstChartEpoch,
        raw: r.body ? r.body.length : 0,
        gzip: r.body ? gzipSync(r.body, { level: 9 }).length : 0,
        body_source: r.bodySource,
        ...(r.bodyError ? { body_error: r.bodyError } : {}),
        ...(r.failed ? { failed: true } : {}),
        contentType: r.contentType,
      });
    }
    files.sort((a, b) => a.requested_ms - b.requested_ms);
    return { firstChartMs: mark.startTime, idleWaitMs, files, workers, watch };
  } finally {
    await context.close();
  }
}

function summarize(list) {
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

// ---------------------------------------------------------------------------------------------
// Output

function table(rows) {
  const head = ['metric', 'value', 'target', ''];
  const all = [head, ...rows.map((r) => [r.metric, r.value, r.target ?? '—', r.status ?? ''])];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => '| ' + r.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
  return [line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.map((r) => line([r.metric, r.value, r.target ?? '—', r.status ?? '']))].join('\n');
}

const verdict = (value, limit) => (value <= limit ? 'ok' : 'over');

// ---------------------------------------------------------------------------------------------

async function main() {
  const args = new Set(process.argv.slice(2));
  const unknown = [...args].filter((a) => a !== '--no-build');
  if (unknown.length) throw new BenchError(`unknown argument(s): ${unknown.join(' ')} (the only option is --no-build)`, 2);

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
  if (!args.has('--no-build')) build();
  if (!existsSync(join(DIST, 'index.html'))) throw new BenchError('dist/index.html is missing: run without --no-build (or npx vite build) first', 2);

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
    log(`bytes: first chart at ${by.firstChartMs.toFixed(1)} ms; waited ${(by.idleWaitMs / 1000).toFixed(1)} s for the page to go idle`);
    const ok = by.files.filter((f) => !f.failed && f.status !== null && f.status < 400);
    const js = ok.filter(isJs);
    const css = ok.filter(isCss);
    const jsBefore = summarize(js.filter((f) => f.requested_before_first_chart));
    const jsTotal = summarize(js);
    const cssBefore = summarize(css.filter((f) => f.requested_before_first_chart));
    const cssTotal = summarize(css);
    const jsFinishedBefore = summarize(js.filter((f) => f.finished_before_first_chart));

    // Sanity checks on what was counted (they warn; the numbers are still written).
    const warnings = [];
    if (!jsBefore.files.some((f) => /pipeline\.worker-[^/]*\.js$/.test(f.path)))
      warnings.push('the pipeline worker script is not among the JS requested before the first chart');
    if (jsBefore.files.some((f) => /monaco-setup-[^/]*\.js$/.test(f.path)))
      warnings.push('monaco-setup-*.js was requested before the first chart (Monaco is meant to load after it)');
    if (!jsTotal.files.some((f) => /monaco-setup-[^/]*\.js$/.test(f.path))) warnings.push('monaco-setup-*.js never loaded');
    for (const f of js) if (f.body_source !== 'response') warnings.push(`${f.path}: body not available from the browser (${f.body_source ?? 'none'})`);
    for (const w of warnings) log(`warning: ${w}`);

    const allWatch = [...loads.map((l) => l.watch), ks.watch, by.watch];
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
        long_tasks_before_first_chart: { count: l.longTasksBefore.count, ms: round1(l.longTasksBefore.ms), longest_ms: round1(l.longTasksBefore.longest) },
      })),
      keystroke_to_chart_ms: {
        p50,
        p95,
        mean: round1(latencies.reduce((a, b) => a + b, 0) / latencies.length),
        min: Math.min(...latencies),
        max: Math.max(...latencies),
        samples: latencies,
        settle_before_edits_ms: ks.settleMs,
        from_keydown_event_p50: round1(percentile(ks.samples.map((s) => s.from_keydown_ms ?? NaN).filter(Number.isFinite), 50)),
        edits: ks.samples,
      },
      js_bytes: {
        before_first_chart: jsBefore,
        finished_before_first_chart: { raw: jsFinishedBefore.raw, gzip: jsFinishedBefore.gzip, files: jsFinishedBefore.files.map((f) => f.path) },
        total: jsTotal,
      },
      js_gzip_bytes: { before_first_chart: jsBefore.gzip, total: jsTotal.gzip },
      css_bytes: { before_first_chart: cssBefore, total: cssTotal },
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
      },
      warnings,
      page: { console: consoleMessages, page_errors: pageErrors, failed_requests: failedRequests },
      bench_seconds: round1((Date.now() - t0) / 1000),
    };
    writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');

    const rows = [
      { metric: `Cold load → first chart (median of ${COLD_LOADS})`, value: `${firstChartMs} ms`, target: `≤ ${TARGETS.firstChartMs} ms`, status: verdict(firstChartMs, TARGETS.firstChartMs) },
      { metric: `Keystroke → chart p50 (${latencies.length} edits)`, value: `${p50} ms`, target: `≤ ${TARGETS.keystrokeP50Ms} ms`, status: verdict(p50, TARGETS.keystrokeP50Ms) },
      { metric: 'Keystroke → chart p95', value: `${p95} ms` },
      { metric: 'JS gzip before first chart', value: kB(jsBefore.gzip), target: `≤ ${TARGETS.jsGzipBeforeFirstChart / 1000} kB`, status: verdict(jsBefore.gzip, TARGETS.jsGzipBeforeFirstChart) },
      { metric: 'JS raw before first chart', value: kB(jsBefore.raw) },
      { metric: 'JS gzip total (after ~8 s idle)', value: kB(jsTotal.gzip) },
      { metric: 'JS raw total (after ~8 s idle)', value: kB(jsTotal.raw) },
      { metric: 'CSS gzip before first chart / total', value: `${kB(cssBefore.gzip)} / ${kB(cssTotal.gzip)}` },
    ];
    console.log(table(rows));
    const jsAfter = js.filter((f) => !f.requested_before_first_chart).map((f) => f.path.split('/').pop());
    log(`JS requested before the first chart: ${jsBefore.files.map((f) => f.path.split('/').pop()).join(', ')}`);
    log(`JS requested after it: ${jsAfter.join(', ') || '(none)'}`);
    if (pageErrors.length || consoleMessages.length) log(`page console errors/warnings: ${pageErrors.length + consoleMessages.length} (see results.json → page)`);
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
    console.error(`bench: ${e instanceof BenchError ? e.message : e?.stack ?? e}`);
    process.exit(e instanceof BenchError ? e.code : 1);
  },
);
