// JS and CSS bytes: what the page loads before its first chart, and by the time it is idle.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstChart, openContext } from '../shared/browser.mjs';
import { DIST, DRAW_TIMEOUT_MS, IDLE_MAX_MS, IDLE_QUIET_MS } from '../shared/config.mjs';
import { round1, sleep } from '../shared/stats.mjs';

export const isJs = (r) => /\.m?js$/i.test(r.path) || r.resourceType === 'script' || /javascript/i.test(r.contentType);
export const isCss = (r) =>
  /\.css$/i.test(r.path) || r.resourceType === 'stylesheet' || /text\/css/i.test(r.contentType);

export async function bytes(browser, url) {
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
