// Keystroke → chart updated, over EDITS edits of the typical spec.
import { EDIT_LINE, EDIT_TENS } from '../specs.mjs';
import { firstChart, mainThreadQuiet, openContext } from '../shared/browser.mjs';
import { BenchError, DRAW_TIMEOUT_MS, EDITS } from '../shared/config.mjs';
import { waitForMark } from '../shared/in-page.mjs';
import { round1, sleep } from '../shared/stats.mjs';

export async function keystrokes(browser, url) {
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
      const mark = await page.evaluate(waitForMark, {
        name: 'chartspec:drawn',
        minVersion: version + 1,
        timeoutMs: DRAW_TIMEOUT_MS,
      });
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
        [...document.querySelectorAll('[data-testid="chart"] svg [aria-label]')].map((e) =>
          e.getAttribute('aria-label'),
        ),
      );
      const ok = labels.some((l) => /category: A/.test(l ?? '') && new RegExp(`value: ${expected}\\b`).test(l ?? ''));
      if (!ok)
        throw new BenchError(
          `edit ${i + 1}: bar A should show value ${expected} after typing "${digit}", but the chart does not`,
        );
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
      for (
        let waited = 0;
        waited < 5000 && !marks().some((m) => Number(m.detail?.version ?? 0) >= lastVersion);
        waited += 100
      )
        await new Promise((r) => setTimeout(r, 100));
      return marks().map((m) => ({ at: m.startTime, ...(m.detail ?? {}) }));
    }, version);
    return { samples, settleMs, validations, watch };
  } finally {
    await context.close();
  }
}
