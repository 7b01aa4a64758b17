// Browser contexts and page watching shared by the measures: the first chart, a quiet main thread.
import { BenchError, DRAW_TIMEOUT_MS } from './config.mjs';
import { waitForMark } from './in-page.mjs';
import { sleep } from './stats.mjs';

export function newWatch(page) {
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
export function pageProbe() {
  const probe = (window.__bench = { longTasks: [], editorReadyAt: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // Long tasks are not observable in this browser: the figure stays empty.
  }
  new MutationObserver(() => {
    if (probe.editorReadyAt === null && document.querySelector('[data-testid="editor"][data-editor-status="ready"]'))
      probe.editorReadyAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-editor-status'] });
}

export async function openContext(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  return { context, page, watch: newWatch(page) };
}

/** Waits until no long task has run on the main thread for `quietMs` (at most `maxMs`). */
export async function mainThreadQuiet(page, quietMs, maxMs) {
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

export async function firstChart(page, url, watch) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const mark = await page.evaluate(waitForMark, { name: 'chartspec:drawn', minVersion: 1, timeoutMs: DRAW_TIMEOUT_MS });
  if (!mark) {
    const state = await page
      .locator('.chart-pane')
      .getAttribute('data-state')
      .catch(() => null);
    const counts = new Map();
    for (const m of [...watch.pageErrors, ...watch.console, ...watch.failedRequests])
      counts.set(m, (counts.get(m) ?? 0) + 1);
    const errors = [...counts]
      .slice(0, 10)
      .map(([m, n]) => (n > 1 ? `${m} (×${n})` : m))
      .join('\n  ');
    throw new BenchError(
      `the app never drew a chart (no 'chartspec:drawn' mark within ${DRAW_TIMEOUT_MS / 1000} s; chart pane data-state=${state ?? 'absent'})` +
        (errors ? `\n  ${errors}` : ''),
    );
  }
  return mark;
}
