// Main-thread long tasks while typing into a spec with TYPING_ROWS inline rows.
import LZString from 'lz-string';
import { rowsSpec } from '../specs.mjs';
import { mainThreadQuiet, openContext } from '../shared/browser.mjs';
import { BenchError, TYPING_KEY_GAP_MS, TYPING_ROWS } from '../shared/config.mjs';
import { waitForMark } from '../shared/in-page.mjs';
import { round1, sleep } from '../shared/stats.mjs';

/**
 * Long tasks while typing into a spec with TYPING_ROWS inline rows (rowsSpec, ≈ 0.6 MB): once the
 * app has settled, 21 key presses TYPING_KEY_GAP_MS apart into the first row: two digits onto its
 * value, three spaces, then five Backspaces, twice, then one more digit. Every main-thread
 * long task (PerformanceObserver 'longtask', ≥ 50 ms) from the first key until the main thread has
 * been quiet for 1 s after the chart caught up is counted. The run also checks that the chart
 * followed (ready, up to date) and that the text is intact (the autosaved text equals the spec).
 */
export async function typingLongTasks(browser, base) {
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
    await page.waitForFunction(
      (v) => Number(document.querySelector('.chart-pane[data-state="ready"]')?.getAttribute('data-version') ?? 0) > v,
      version0,
      { timeout: 60000 },
    );
    await mainThreadQuiet(page, 1000, 30000);
    await sleep(500); // autosave
    const r = await page.evaluate(
      ({ from }) => {
        const tasks = window.__bench.longTasks.filter((t) => t.start >= from);
        const drawn = performance.getEntriesByName('chartspec:drawn', 'mark').filter((m) => m.startTime >= from);
        return {
          tasks,
          drawn: drawn.map((m) => ({ at: m.startTime, version: m.detail?.version })),
          saved: localStorage.getItem('chartspec:text'),
        };
      },
      { from: start },
    );
    const version1 = Number((await page.locator('.chart-pane').getAttribute('data-version')) ?? 0);
    if (r.saved !== expected)
      throw new BenchError('typing: the text after the edits is not what was typed (the autosaved text differs)');
    if (!(version1 > version0))
      throw new BenchError(`typing: the chart did not follow the edits (version ${version0} → ${version1})`);
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
