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
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import LZString from 'lz-string';
import { CHROMIUM_ARGS, findChromium } from '../scripts/ensure-chromium.mjs';
// SPEC: the bar chart every app measurement opens through a share link (also the "typical
// spec" of the validation figures); EDIT_LINE/EDIT_TENS: where the keystroke edits type.
import { BROKEN_SPEC, EDIT_LINE, EDIT_TENS, rowsSpec, SPEC } from './specs.mjs';
import { buildStrategies } from './strategies.mjs';
import { buildFinancial, candlesticks, extensionOverhead, heap100k } from './financial.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const RESULTS = join(ROOT, 'bench', 'results.json');
/** Generated experiment workers (git-ignored), served under /__bench/w/. */
const STRATEGIES_DIR = join(ROOT, 'bench', '.out', 'strategies');
/** The financial page (bench/financial/, built by bench/financial.mjs), served under /__bench/f/. */
const FINANCIAL_DIR = join(ROOT, 'bench', '.out', 'financial');
/** The app's script policy, sent with the financial page so that it runs as the app does. */
const PAGE_CSP = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:";

const COLD_LOADS = 5;
const EDITS = 20;
const IDLE_QUIET_MS = 8000; // "idle": no request started or finished for this long…
const IDLE_MAX_MS = 25000; // …but never wait longer than this after the first chart
const DRAW_TIMEOUT_MS = 20000;
const VALIDATED_TIMEOUT_MS = 30000; // load → first 'chartspec:validated' mark, at most
const STRATEGY_RUNS = 5; // fresh contexts per validation strategy
const STRATEGY_TIMEOUT_MS = 60000;
const WARM_VALIDATIONS = { typical: 25, rows_10k: 21 };
const OVERALL_TIMEOUT_MS = 900000;
/** Typing into the 10k-row spec: keys, and the pause between them (about 8 keys a second). */
const TYPING_ROWS = 10000;
const TYPING_KEY_GAP_MS = 120;

const TARGETS = {
  firstChartMs: 1000,
  keystrokeP50Ms: 300,
  longTaskMs: 50,
  candleRatio100k: 0.5,
  candleRatio1M: 0.3,
  candle1MMs: 1000,
  overheadRatio: 1.05,
  jsGzipBeforeFirstChart: 450 * 1000, // kB = 1000 bytes, like Vite's build report
  firstValidationMs: 500,
  typicalValidationMs: 0.2,
};

/** The header the CSP check serves an experiment worker with (a worker obeys its own response's CSP). */
const WORKER_CSP = "script-src 'self'";


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

/**
 * Serves dist/ as it is: no compression (the bench gzips bodies itself), no caching. Also the
 * bench's own experiment routes: /__bench/blank.html (an empty page to start workers from) and
 * /__bench/w/… (the strategy workers in bench/.out/strategies). Any response whose URL has the
 * query parameter `bench-csp` carries `Content-Security-Policy: script-src 'self'`.
 */
function serve(dir) {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let rel;
    let csp;
    try {
      const u = new URL(req.url ?? '/', 'http://x');
      rel = decodeURIComponent(u.pathname);
      csp = u.searchParams.has('bench-csp');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const extra = { 'Cache-Control': 'no-store', ...(csp ? { 'Content-Security-Policy': WORKER_CSP } : {}) };
    // The experiment pages and workers are cross-origin isolated, so performance.now() in them
    // has 5 µs resolution (100 µs otherwise): the per-validation times are sub-millisecond. A
    // worker started from such a page must carry these headers too (the app's schema worker in
    // the CSP check is fetched with ?bench-csp).
    if (rel.startsWith('/__bench/') || csp)
      Object.assign(extra, { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'same-origin' });
    if (rel === '/__bench/blank.html') {
      const body = Buffer.from('<!doctype html><html><head><meta charset="utf-8"><title>Chartspec bench</title></head><body></body></html>\n');
      res.writeHead(200, { 'Content-Type': MIME['.html'], 'Content-Length': body.length, ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    let root = dir;
    if (rel.startsWith('/__bench/w/')) {
      root = STRATEGIES_DIR;
      rel = rel.slice('/__bench/w'.length);
    } else if (rel.startsWith('/__bench/f/')) {
      root = FINANCIAL_DIR;
      rel = rel.slice('/__bench/f'.length);
      extra['Content-Security-Policy'] = PAGE_CSP;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(root, rel));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': statSync(file).size,
      ...extra,
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

/**
 * Runs in the page: resolves with the first performance mark `name` whose `detail.version` is at
 * least `minVersion` ({ startTime, version, detail }), or null on timeout.
 */
function waitForMark({ name, minVersion = 0, timeoutMs }) {
  return new Promise((resolve) => {
    const find = () => {
      const m = performance.getEntriesByName(name, 'mark').find((e) => Number(e.detail?.version ?? 0) >= minVersion);
      return m ? { startTime: m.startTime, version: Number(m.detail?.version ?? 0), detail: m.detail ?? null } : null;
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

/**
 * Starts a module worker (kept in window.__benchWorker) and sends it the first request; resolves
 * with its answer and when it came, in the page's clock: t0 = just before `new Worker()`. A worker
 * 'error' event (a script that fails to load, or an exception the worker does not catch) ends it
 * with `error`. Both the app's schema worker and the experiment workers answer { id, text }.
 */
function startWorker({ url, text, timeoutMs }) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let w;
    try {
      w = window.__benchWorker = new Worker(url, { type: 'module' });
    } catch (e) {
      resolve({ t0, error: `new Worker threw: ${e}` });
      return;
    }
    const timer = setTimeout(() => resolve({ t0, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    w.onmessage = (e) => {
      clearTimeout(timer);
      const d = e.data ?? {};
      const at = performance.now();
      resolve({ t0, at, timeOrigin: performance.timeOrigin, isolated: self.crossOriginIsolated, data: { ...d, problems: Array.isArray(d.problems) ? d.problems.length : d.problems } });
    };
    w.onerror = (e) => {
      clearTimeout(timer);
      e.preventDefault?.();
      resolve({ t0, at: performance.now(), error: e.message || 'worker error event (no message)' });
    };
    w.postMessage({ id: 1, text });
  });
}

/** Sends window.__benchWorker each text in turn (next after the previous answer); returns the answers. */
function sendToWorker({ texts, order, timeoutMs }) {
  const w = window.__benchWorker;
  return new Promise((resolve) => {
    const out = [];
    let i = 0;
    const timer = setTimeout(() => resolve({ out, error: `timed out after ${out.length} answers` }), timeoutMs);
    const next = () => {
      if (i >= order.length) {
        clearTimeout(timer);
        resolve({ out });
        return;
      }
      w.postMessage({ id: 100 + i, text: texts[order[i]] });
    };
    w.onmessage = (e) => {
      const d = e.data ?? {};
      out.push({ kind: order[i], validateMs: d.validateMs, compileMs: d.compileMs, errors: d.errors ?? (Array.isArray(d.problems) ? d.problems.length : null), error: d.error });
      i++;
      next();
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      clearTimeout(timer);
      resolve({ out, error: e.message || 'worker error event' });
    };
    next();
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
const round3 = (x) => Math.round(x * 1000) / 1000;
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
  const mark = await page.evaluate(waitForMark, { name: 'chartspec:drawn', minVersion: 1, timeoutMs: DRAW_TIMEOUT_MS });
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
    // Validation: the first 'chartspec:validated' mark (the schema worker starts with the page,
    // on the first text; its first validator reads the schema as JSON).
    const validated = await page.evaluate(waitForMark, { name: 'chartspec:validated', timeoutMs: VALIDATED_TIMEOUT_MS });
    return { firstChartMs: mark.startTime, version: mark.version, ...nav, validated, watch };
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
      const mark = await page.evaluate(waitForMark, { name: 'chartspec:drawn', minVersion: version + 1, timeoutMs: DRAW_TIMEOUT_MS });
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
    // The schema worker's own times for these edits (diagnostics read after the edits, so they
    // change nothing above): every 'chartspec:validated' mark, once the last edit's is in.
    const validations = await page.evaluate(async (lastVersion) => {
      const marks = () => performance.getEntriesByName('chartspec:validated', 'mark');
      for (let waited = 0; waited < 5000 && !marks().some((m) => Number(m.detail?.version ?? 0) >= lastVersion); waited += 100)
        await new Promise((r) => setTimeout(r, 100));
      return marks().map((m) => ({ at: m.startTime, ...(m.detail ?? {}) }));
    }, version);
    return { samples, settleMs, validations, watch };
  } finally {
    await context.close();
  }
}

const isJs = (r) => /\.m?js$/i.test(r.path) || r.resourceType === 'script' || /javascript/i.test(r.contentType);
const isCss = (r) => /\.css$/i.test(r.path) || r.resourceType === 'stylesheet' || /text\/css/i.test(r.contentType);

/**
 * Long tasks while typing into a spec with TYPING_ROWS inline rows (rowsSpec, ≈ 0.6 MB): once the
 * app has settled, 21 key presses TYPING_KEY_GAP_MS apart into the first row: two digits onto its
 * value, three spaces, then five Backspaces, twice, then one more digit. Every main-thread
 * long task (PerformanceObserver 'longtask', ≥ 50 ms) from the first key until the main thread has
 * been quiet for 1 s after the chart caught up is counted. The run also checks that the chart
 * followed (ready, up to date) and that the text is intact (the autosaved text equals the spec).
 */
async function typingLongTasks(browser, base) {
  const text = rowsSpec(TYPING_ROWS);
  const url = `${base}/#/s/${LZString.compressToEncodedURIComponent(text)}`;
  const { context, page, watch } = await openContext(browser);
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const first = await page.evaluate(waitForMark, { name: 'chartspec:drawn', minVersion: 1, timeoutMs: 60000 });
    if (!first) throw new BenchError(`typing: the ${TYPING_ROWS}-row spec never drew`);
    await page.waitForSelector('[data-testid="editor"][data-editor-status="ready"]', { timeout: 60000 });
    await page.waitForSelector('.chart-pane[data-state="ready"]', { timeout: 60000 });
    const settleMs = await mainThreadQuiet(page, 1000, 30000);
    await page.locator('[data-testid="editor"] .monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    for (let i = 1; i < 4; i++) await page.keyboard.press('ArrowDown'); // line 4: the first row
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft'); // before ','
    await page.keyboard.press('ArrowLeft'); // before '}'
    const version0 = Number((await page.locator('.chart-pane').getAttribute('data-version')) ?? 0);
    const start = await page.evaluate(() => performance.now());
    const keys = [];
    for (let round = 0; round < 2; round++) keys.push('5', '5', ' ', ' ', ' ', ...Array(5).fill('Backspace'));
    keys.push('7'); // the text ends one digit longer, so the chart must redraw once at least
    const lines = text.split('\n');
    lines[3] = `${lines[3].slice(0, -2)}7${lines[3].slice(-2)}`;
    const expected = lines.join('\n');
    for (const key of keys) {
      await page.keyboard.press(key);
      await sleep(TYPING_KEY_GAP_MS);
    }
    const typedAt = await page.evaluate(() => performance.now());
    await page.waitForFunction((v) => Number(document.querySelector('.chart-pane[data-state="ready"]')?.getAttribute('data-version') ?? 0) > v, version0, { timeout: 60000 });
    await mainThreadQuiet(page, 1000, 30000);
    await sleep(500); // autosave
    const r = await page.evaluate(
      ({ from }) => {
        const tasks = window.__bench.longTasks.filter((t) => t.start >= from);
        const drawn = performance.getEntriesByName('chartspec:drawn', 'mark').filter((m) => m.startTime >= from);
        return { tasks, drawn: drawn.map((m) => ({ at: m.startTime, version: m.detail?.version })), saved: localStorage.getItem('chartspec:text') };
      },
      { from: start },
    );
    const version1 = Number((await page.locator('.chart-pane').getAttribute('data-version')) ?? 0);
    if (r.saved !== expected) throw new BenchError('typing: the text after the edits is not what was typed (the autosaved text differs)');
    if (!(version1 > version0)) throw new BenchError(`typing: the chart did not follow the edits (version ${version0} → ${version1})`);
    return {
      rows: TYPING_ROWS,
      keys: keys.length,
      key_gap_ms: TYPING_KEY_GAP_MS,
      typing_ms: round1(typedAt - start),
      count: r.tasks.length,
      max_ms: round1(Math.max(0, ...r.tasks.map((t) => t.duration))),
      total_ms: round1(r.tasks.reduce((a, t) => a + t.duration, 0)),
      tasks: r.tasks.map((t) => ({ start_ms: round1(t.start - start), duration_ms: round1(t.duration) })),
      redraws: r.drawn.length,
      first_chart_ms: round1(first.startTime),
      settle_before_typing_ms: settleMs,
      watch,
    };
  } finally {
    await context.close();
  }
}

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

// ---------------------------------------------------------------------------------------------
// Validation strategies: experiment workers started from a blank page on the bench's server

/**
 * The worker's V8 heap after a full GC (bytes), through a browser-level CDP session attached to
 * the worker's target (found by its URL). Null when the protocol does not give it.
 */
async function workerHeap(browser, urlSuffix) {
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
          session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => {});
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
async function strategyRun(browser, base, { path, warm = false, texts = null }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const watch = newWatch(page);
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
      const order = [...Array(WARM_VALIDATIONS.typical).fill('typical'), ...Array(WARM_VALIDATIONS.rows_10k).fill('rows_10k'), 'broken'];
      const w = await page.evaluate(sendToWorker, { texts, order, timeoutMs: STRATEGY_TIMEOUT_MS });
      const ms = (kind) => w.out.filter((x) => x.kind === kind && typeof x.validateMs === 'number').map((x) => x.validateMs);
      const first = (kind) => w.out.find((x) => x.kind === kind);
      out.warm = {
        typical_ms: { median: round3(median(ms('typical'))), p95: round3(percentile(ms('typical'), 95)), samples: ms('typical').length },
        rows_10k_ms: { median: round3(median(ms('rows_10k'))), p95: round3(percentile(ms('rows_10k'), 95)), samples: ms('rows_10k').length },
        errors: { typical: first('typical')?.errors ?? null, rows_10k: first('rows_10k')?.errors ?? null, broken: first('broken')?.errors ?? null },
        ...(w.error ? { error: w.error } : {}),
      };
    }
    return out;
  } finally {
    await context.close();
  }
}

/** Whether the worker at `path` still answers when served with WORKER_CSP (no 'unsafe-eval'). */
async function cspRun(browser, base, path) {
  const r = await strategyRun(browser, base, { path: `${path}${path.includes('?') ? '&' : '?'}bench-csp=1` });
  return { ok: !r.error && r.first_result_ms !== null, ...(r.error ? { error: r.error } : {}), answered_ms: r.first_result_ms };
}

/**
 * Builds the experiment workers (bench/strategies.mjs) into STRATEGIES_DIR, or with `reuse`
 * (--no-build) takes the ones a previous run built, when there are. Vite's messages go to stderr.
 */
async function prepareStrategies(reuse) {
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
function validateInNode() {
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

const medianOf = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x));
  return v.length ? round1(median(v)) : null;
};

/**
 * The `validation` part of results.json: the app as built (first validation in the cold loads,
 * the worker's times for the keystroke edits, the schema worker's bytes from the bytes run), the
 * Node figures, and the strategies measured side by side in Chromium.
 */
async function validationFigures({ browser, base, loads, ks, by, js, data, strategies, nodeValidation, warnings }) {
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
  if (missing) warn(`no 'chartspec:validated' mark within ${VALIDATED_TIMEOUT_MS / 1000} s after load in ${missing} of ${loads.length} cold loads`);
  for (const r of firstRuns) if (r.problems) warn(`the bench spec got ${r.problems} schema problem(s) in the app (expected none)`);

  // The schema worker's own time for each keystroke edit after the first validation.
  const later = ks.validations.slice(1).filter((v) => v.compileMs === 0 && typeof v.validateMs === 'number');
  const appWorker = {
    p50: later.length ? round3(percentile(later.map((v) => v.validateMs), 50)) : null,
    p95: later.length ? round3(percentile(later.map((v) => v.validateMs), 95)) : null,
    samples: later.map((v) => round3(v.validateMs)),
    note: 'validateMs of the chartspec:validated marks during the keystroke run: parseDocument + validateDocument in the schema worker',
  };

  // Bytes the validator adds (bytes run): the schema worker's script (its URL as the page's
  // worker), the schema JSON its first validator reads, and AJV's precompiled code it loads
  // after the first chart.
  const workerScripts = new Set((by.workers ?? []).filter((w) => /\/schema\.worker-[^/]*\.js$/.test(w)));
  const validatorFiles = [...js, ...(data ?? [])].filter(
    (f) => workerScripts.has(f.path) || /\/_virtual_chartspec-validators-[^/]*\.js$/.test(f.path) || /\/validation-(vl|vg)-[^/]*\.json$/.test(f.path),
  );
  if (!validatorFiles.some((f) => workerScripts.has(f.path))) warn('the schema worker script was not among the files the bytes run saw');
  const sum = (files, key) => files.reduce((s, f) => s + f[key], 0);
  const validatorJs = {
    raw: sum(validatorFiles.filter((f) => f.path.endsWith('.js')), 'raw'),
    gzip: sum(validatorFiles.filter((f) => f.path.endsWith('.js')), 'gzip'),
    schema_json: { raw: sum(validatorFiles.filter((f) => f.path.endsWith('.json')), 'raw'), gzip: sum(validatorFiles.filter((f) => f.path.endsWith('.json')), 'gzip') },
    files: validatorFiles.map((f) => ({ path: f.path, raw: f.raw, gzip: f.gzip, requested_ms: f.requested_ms, requested_before_first_chart: f.requested_before_first_chart })),
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
      const r = await strategyRun(browser, base, { path: `/__bench/w/${strategies[name].url_path}`, warm: i === 0, texts });
      runs[name].push(r);
      log(`strategy ${name} ${i + 1}/${STRATEGY_RUNS}: first result at ${r.first_result_ms ?? '—'} ms${r.error ? ` (${r.error})` : ''}`);
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
    if (failed.length) warn(`strategy ${name}: ${failed.length} of ${rs.length} runs failed: ${failed[0].error.trim()}`);
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
          ? { codegen_ms: st.codegen_ms, generated_bytes: st.generated_bytes, schema_json_bytes: st.schema_json_bytes, vega_schema: st.vega_schema, extra_ajv_options: st.extra_ajv_options ?? null }
          : {}),
        ...(strategies.reused ? { reused: true } : {}),
      },
      file: st.file,
    };
  }
  out.app_worker_csp = appCsp ? { path: appWorkerPath, header: WORKER_CSP, ...appCsp } : null;
  // The CSP check means something only if eval is refused where AJV compiles and allowed code runs.
  if (out.strategies.compile_in_worker && out.strategies.compile_in_worker.csp.ok)
    warn('compile_in_worker still answered under script-src \'self\': the worker CSP check did not take effect');
  // Stripping annotations and inlineRefs must not change what the generated code reports.
  const standaloneErrors = Object.entries(out.strategies)
    .filter(([k, st]) => k.startsWith('standalone') && st.warm)
    .map(([k, st]) => [k, JSON.stringify(st.warm.errors)]);
  if (new Set(standaloneErrors.map(([, e]) => e)).size > 1)
    warn(`the standalone variants disagree on error counts: ${standaloneErrors.map(([k, e]) => `${k} ${e}`).join('; ')}`);
  for (const name of Object.keys(out.strategies).filter((k) => k.startsWith('standalone')))
    if (out.strategies[name] && !out.strategies[name].csp.ok) warn(`${name} failed under script-src 'self': ${out.strategies[name].csp.error}`);
  return out;
}

function validationRows(v) {
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
    { metric: `Validation, 10k-row inline spec (Node, median of ${v.node.rows_10k_ms?.samples ?? '—'})`, value: ms(v.rows_10k_ms) },
    { metric: `Validation, typical Vega spec (Node, median of ${v.node.vega_typical_ms?.samples ?? '—'})`, value: ms(v.vega_typical_ms) },
    { metric: `Validation in the app's worker, edits (p50 of ${v.app_worker_validate_ms.samples.length})`, value: ms(v.app_worker_validate_ms.p50) },
    { metric: 'Validator JS (schema worker + AJV code) gzip / raw', value: `${kB(v.validator_js.gzip)} / ${kB(v.validator_js.raw)}` },
    { metric: 'Validator schema JSON (first validator) gzip / raw', value: `${kB(v.validator_js.schema_json.gzip)} / ${kB(v.validator_js.schema_json.raw)}` },
  ];
  if (v.strategies?.error) rows.push({ metric: 'Validation strategies', value: `not measured: ${v.strategies.error}` });
  for (const [name, st] of Object.entries(v.strategies ?? {})) {
    if (name === 'error') continue;
    const csp = st.csp.ok ? 'works' : st.needs_eval ? 'fails (eval)' : 'fails';
    rows.push({
      metric: `${name}: new Worker → first result`,
      value: st.first_result_ms === null ? `failed (${st.failed_runs} runs)` : `${ms(st.first_result_ms)} (in worker ${ms(st.in_worker_first_ms)})`,
    });
    rows.push({ metric: `${name}: JS gzip / raw · CSP`, value: `${kB(st.worker_js.gzip)} / ${kB(st.worker_js.raw)} · ${csp}` });
  }
  return rows;
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
const pct = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** One row per candlestick size: Chartspec / lightweight-charts = ratio, against the targets. */
function candleRows(candles) {
  return candles.map((c) => {
    const target = c.bars === 100000 ? TARGETS.candleRatio100k : c.bars === 1000000 ? TARGETS.candleRatio1M : null;
    const value =
      c.chartspec_ms === null
        ? `— / ${c.lightweight_charts_ms ?? '—'} ms (${(c.chartspec_runs.find((r) => r?.error)?.error ?? 'failed').replace(/^skipped: /, 'skipped, ')})`
        : `${c.chartspec_ms} / ${c.lightweight_charts_ms} ms = ${c.ratio}×`;
    const ok = c.ratio !== null && target !== null && c.ratio <= target && (c.bars !== 1000000 || c.chartspec_ms <= TARGETS.candle1MMs);
    return {
      metric: `Candlestick ${c.bars.toLocaleString('en')} bars, Chartspec / l-c (median of ${c.runs.chartspec || 0})`,
      value,
      target: target === null ? '—' : `≤ ${target}×${c.bars === 1000000 ? ', ≤ 1 s' : ''}`,
      status: target === null ? '' : c.ratio === null ? 'over' : ok ? 'ok' : 'over',
    };
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const args = new Set(process.argv.slice(2));
  const only = [...args].find((a) => a.startsWith('--only='))?.slice('--only='.length);
  if (only && only !== 'typing' && only !== 'financial') throw new BenchError(`--only takes typing or financial, not ${only}`, 2);
  if (only) args.add('--no-strategies');
  const unknown = [...args].filter((a) => a !== '--no-build' && a !== '--no-strategies' && !a.startsWith('--only='));
  if (unknown.length) throw new BenchError(`unknown argument(s): ${unknown.join(' ')} (the options are --no-build, --no-strategies and --only=typing|financial)`, 2);

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
          : { candlestick: await candlesticks(browser, base, log), extension_overhead: await extensionOverhead(browser, base, log), heap_mb_100k: await heap100k(browser, base, log) };
      console.log(JSON.stringify(part, null, 2));
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
    log(`bytes: first chart at ${by.firstChartMs.toFixed(1)} ms; waited ${(by.idleWaitMs / 1000).toFixed(1)} s for the page to go idle`);
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
    if (!jsTotal.files.some((f) => /monaco-setup-[^/]*\.js$/.test(f.path))) warnings.push('monaco-setup-*.js never loaded');
    for (const f of js) if (f.body_source !== 'response') warnings.push(`${f.path}: body not available from the browser (${f.body_source ?? 'none'})`);
    for (const w of warnings) log(`warning: ${w}`);

    // Validation figures in the browser: the app as built (from the runs above), then the
    // strategies side by side.
    const validation = await validationFigures({ browser, base: `http://127.0.0.1:${port}`, loads, ks, by, js, data, strategies, nodeValidation, warnings });

    // Typing into a big spec, then the financial page: candlesticks against lightweight-charts,
    // the extension's overhead, and the heap with 100k bars.
    const typing = await typingLongTasks(browser, `http://127.0.0.1:${port}`);
    log(`typing into ${typing.rows} rows: ${typing.count} long tasks, longest ${typing.max_ms} ms`);
    const fin = `http://127.0.0.1:${port}`;
    const candles = await candlesticks(browser, fin, log);
    const overhead = await extensionOverhead(browser, fin, log);
    const heap = await heap100k(browser, fin, log);

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
      candlestick: candles,
      extension_overhead: overhead,
      long_tasks_while_typing: (({ watch: _w, ...t }) => t)(typing),
      heap_mb_100k: heap,
      financial_page: { size: { width: 1200, height: 500 }, build: financialBuild },
      js_bytes: {
        before_first_chart: jsBefore,
        finished_before_first_chart: { raw: jsFinishedBefore.raw, gzip: jsFinishedBefore.gzip, files: jsFinishedBefore.files.map((f) => f.path) },
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
      },
      validation,
      warnings,
      page: { console: consoleMessages, page_errors: pageErrors, failed_requests: failedRequests },
      bench_seconds: round1((Date.now() - t0) / 1000),
    };
    writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');

    const rows = [
      { metric: `Cold load → first chart (median of ${COLD_LOADS})`, value: `${firstChartMs} ms`, target: `≤ ${TARGETS.firstChartMs} ms`, status: verdict(firstChartMs, TARGETS.firstChartMs) },
      { metric: `Keystroke → chart p50 (${latencies.length} edits)`, value: `${p50} ms`, target: `≤ ${TARGETS.keystrokeP50Ms} ms`, status: verdict(p50, TARGETS.keystrokeP50Ms) },
      { metric: 'Keystroke → chart p95', value: `${p95} ms` },
      ...candleRows(candles),
      {
        metric: `Extension overhead, ${overhead.bars} bars (mark / plain, median of ${overhead.runs})`,
        value: overhead.ratio === null ? 'failed' : `${overhead.mark_ms} / ${overhead.plain_ms} ms = ${pct(overhead.ratio)}`,
        target: '≤ +5%',
        status: overhead.ratio === null ? 'none' : verdict(overhead.ratio, TARGETS.overheadRatio),
      },
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
        status: heap.chartspec === null || heap.lightweight_charts === null ? 'none' : verdict(heap.chartspec, heap.lightweight_charts),
      },
      { metric: 'JS gzip before first chart', value: kB(jsBefore.gzip), target: `≤ ${TARGETS.jsGzipBeforeFirstChart / 1000} kB`, status: verdict(jsBefore.gzip, TARGETS.jsGzipBeforeFirstChart) },
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
