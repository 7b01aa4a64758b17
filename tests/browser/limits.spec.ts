/**
 * Texts and data far beyond any chart: a 50 MB paste, a million inline rows, nesting 10,000
 * deep, a data URL that never answers and one that answers garbage. Each time the page stays
 * responsive (a timer heartbeat in the page keeps beating, and the editor still takes a key),
 * a problem names the limit that was hit, and the text is kept: in the editor, and in autosave
 * or with a warning that says it could not be saved.
 */
import { expect, test, type Page } from '@playwright/test';
import { BAR } from './fixtures';
import {
  chartPane,
  clickIntoEditor,
  editorReady,
  openWith,
  paste,
  problems,
  shownVersion,
  waitForChart,
  watch,
} from './helpers';

/** Starts a heartbeat in the page: a timer every 16 ms; the longest gap is how long the page froze. */
async function startHeartbeat(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __beat: { max: number; last: number; beats: number } };
    w.__beat = { max: 0, last: performance.now(), beats: 0 };
    const tick = () => {
      const now = performance.now();
      w.__beat.max = Math.max(w.__beat.max, now - w.__beat.last);
      w.__beat.last = now;
      w.__beat.beats++;
      setTimeout(tick, 16);
    };
    setTimeout(tick, 16);
  });
}

async function resetHeartbeat(page: Page): Promise<void> {
  await page.evaluate(() => {
    const b = (window as unknown as { __beat: { max: number; beats: number; last: number } }).__beat;
    b.max = 0;
    b.beats = 0;
    b.last = performance.now();
  });
}

async function heartbeat(page: Page): Promise<{ max: number; beats: number }> {
  return page.evaluate(() => {
    const b = (window as unknown as { __beat: { max: number; beats: number } }).__beat;
    return { max: Math.round(b.max), beats: b.beats };
  });
}

/** Builds a text in the page (a 50 MB string is not worth sending over the wire) and pastes it, as Ctrl+V does. */
async function pasteBuilt(page: Page, build: (n: number) => string, arg: number): Promise<number> {
  await editorReady(page);
  await clickIntoEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const length = await page.evaluate<number>(
    `(async () => { const text = (${build.toString()})(${arg}); await navigator.clipboard.writeText(text); return text.length; })()`,
  );
  await page.keyboard.press('ControlOrMeta+V');
  return length;
}

/** The editor still takes a key and shows the end of the text (it was kept, not cut). */
async function textKeptInEditor(page: Page, tail: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+End');
  await expect(page.locator('[data-testid="editor"] .view-lines')).toContainText(tail);
}

/** Autosave holds the whole text, or a warning says it could not. */
async function savedOrSaid(page: Page, length: number): Promise<string> {
  let how = '';
  await expect
    .poll(
      async () => {
        const saved = await page.evaluate(() => localStorage.getItem('chartspec:text')?.length ?? 0);
        if (saved === length) how = 'saved';
        else if (await page.getByTestId('save-warning').isVisible())
          how = (await page.getByTestId('save-warning').textContent()) ?? '';
        return how;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return how;
}

test('a 50 MB paste: the size limit is named, the page stays responsive, the text is kept', async ({ page }) => {
  test.setTimeout(180_000);
  await openWith(page, BAR);
  await editorReady(page);
  await startHeartbeat(page);
  // A data-heavy spec, as pasted from a data dump: 50 MB of rows, one a line.
  const build = (n: number) => {
    const rows: string[] = [];
    let size = 0;
    for (let i = 0; size < n; i++) {
      const r = `    {"t": ${i}, "label": "row number ${i} of a big paste", "v": ${i % 97}}`;
      rows.push(r);
      size += r.length + 2;
    }
    return `{\n  "data": {"values": [\n${rows.join(',\n')}\n  ]},\n  "mark": "point",\n  "description": "END-OF-BIG-SPEC"\n}`;
  };
  const length = await pasteBuilt(page, build, 55_000_000);
  const message = problems(page).filter({ hasText: 'Chartspec draws specs up to 10 MB' });
  await expect(message).toHaveCount(1, { timeout: 60_000 });
  await expect(message).toContainText(/This spec is 5\d\.\d MB; Chartspec draws specs up to 10 MB — the text is kept/);
  const afterPaste = await heartbeat(page);
  await resetHeartbeat(page);
  // The last good chart stays.
  await expect(chartPane(page)).toHaveAttribute('data-state', 'stale');
  await textKeptInEditor(page, 'END-OF-BIG-SPEC');
  const saved = await savedOrSaid(page, length);
  expect(saved).toMatch(
    /^saved$|Autosave is off: this text \(5\d\.\d MB\) is more than browser storage holds. It is still here in the editor/,
  );
  await page.waitForTimeout(2000);
  const beat = await heartbeat(page);
  console.log(
    `50 MB paste (${length} chars): longest stall while pasting ${afterPaste.max} ms; afterwards ${beat.max} ms over ${beat.beats} beats; autosave: ${saved}`,
  );
  // Responsive: the heartbeat kept beating after the paste, and the editor still takes a key.
  expect(beat.beats).toBeGreaterThan(20);
  await page.keyboard.type(' ');
  await expect(message).toHaveCount(1);
});

test('1,000,000 inline rows: the row limit is named, the page stays responsive, the text is kept', async ({ page }) => {
  test.setTimeout(120_000);
  await openWith(page, BAR);
  await editorReady(page);
  await startHeartbeat(page);
  const build = (n: number) => {
    const rows = new Array<string>(n);
    for (let i = 0; i < n; i++) rows[i] = `{"v":${i % 10}}`;
    return `{"mark": "point", "encoding": {"x": {"field": "v", "type": "quantitative"}},\n"data": {"values": [\n${rows.join(',\n')}\n]}, "description": "END-OF-ROWS"}`;
  };
  const length = await pasteBuilt(page, build, 1_000_000);
  const message = problems(page).filter({ hasText: 'more than 100,000 rows' });
  await expect(message).toHaveCount(1, { timeout: 60_000 });
  await expect(message).toContainText('counted 1,000,000');
  await expect(message).toContainText('the text is kept');
  const afterPaste = await heartbeat(page);
  await resetHeartbeat(page);
  await expect(chartPane(page)).toHaveAttribute('data-state', 'stale');
  await textKeptInEditor(page, 'END-OF-ROWS');
  const saved = await savedOrSaid(page, length);
  expect(saved).toMatch(
    /^saved$|Autosave is off: this text \(8\.6 MB\) is more than browser storage holds. It is still here in the editor/,
  );
  await page.waitForTimeout(2000);
  const beat = await heartbeat(page);
  console.log(
    `1,000,000 rows (${length} chars): longest stall while pasting ${afterPaste.max} ms; afterwards ${beat.max} ms over ${beat.beats} beats; autosave: ${saved}`,
  );
  expect(beat.beats).toBeGreaterThan(20);
});

/** The color the editor shows the first `"values"` on screen in (a key's color when highlighted as JSON). */
const valuesColor = (page: Page) =>
  page
    .locator('[data-testid="editor"] .view-lines span[class^="mtk"]', { hasText: '"values"' })
    .first()
    .evaluate((span) => getComputedStyle(span).color);
/** Keys as the editor's theme colors them (#1d4ed8, src/editor/monaco-setup.ts). */
const KEY_COLOR = 'rgb(29, 78, 216)';

test('nesting 10,000 deep: the depth limit is named at its place, the text is kept', async ({ page }) => {
  const seen = await watch(page);
  await openWith(page, BAR);
  await editorReady(page);
  await expect.poll(() => valuesColor(page)).toBe(KEY_COLOR);
  await startHeartbeat(page);
  const build = (n: number) =>
    `{"mark": "bar",\n"data": ${'{"values": ['.repeat(n)}${']}'.repeat(n)},\n"description": "END-OF-DEEP"\n}`;
  const length = await pasteBuilt(page, build, 10_000);
  const message = problems(page).filter({ hasText: 'Nesting is deeper than 512 levels' });
  await expect(message).toHaveCount(1, { timeout: 30_000 });
  await expect(message).toContainText("Chartspec's limit");
  await expect(chartPane(page)).toHaveAttribute('data-state', 'stale');
  await textKeptInEditor(page, 'END-OF-DEEP');
  const saved = await savedOrSaid(page, length);
  expect(saved).toBe('saved');
  // And opening the app again (no link) brings the text back from autosave.
  await page.goto('/');
  await expect(problems(page).filter({ hasText: 'Nesting is deeper than 512 levels' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await editorReady(page);
  await clickIntoEditor(page);
  await textKeptInEditor(page, 'END-OF-DEEP');
  // Shown as plain text: Monaco's JSON worker, whose parser recurses, never gets it (it would
  // overflow its stack, a RangeError in the console).
  await page.keyboard.press('ControlOrMeta+Home');
  expect(await valuesColor(page)).not.toBe(KEY_COLOR);
  const beat = await heartbeat(page).catch(() => undefined);
  console.log(`10,000 deep (${length} chars): autosave ${saved}${beat ? `, stall ${beat.max} ms` : ''}`);
  // A spec within the limits is JSON again.
  await page.keyboard.press('ControlOrMeta+A');
  await paste(page, BAR);
  await expect.poll(() => valuesColor(page)).toBe(KEY_COLOR);
  await expect(problems(page).filter({ hasText: 'Nesting is deeper' })).toHaveCount(0);
  await page.waitForTimeout(1000); // the JSON worker's requests come after a pause
  expect(seen.consoleErrors).toEqual([]);
});

test('a data URL that never answers: given up after the time limit, with a message that names it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.route('**/never/answers.json', () => {
    // Never fulfilled: the server accepted the request and says nothing.
  });
  await openWith(page, BAR);
  await editorReady(page);
  await startHeartbeat(page);
  const v = await shownVersion(page);
  const spec = BAR.replace(/"data": \{"values": \[[\s\S]*?\]\}/, '"data": {"url": "never/answers.json"}');
  await clickIntoEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await paste(page, spec);
  const message = problems(page).filter({ hasText: 'no answer within 20 s' });
  await expect(message).toHaveCount(1, { timeout: 40_000 });
  await expect(message).toContainText('Could not load');
  await expect(message).toContainText('never/answers.json');
  await expect(message).toContainText("Chartspec's limit for a data URL to start answering");
  // The chart is drawn (without data), the page answered all along.
  await waitForChart(page, v + 1);
  const beat = await heartbeat(page);
  console.log(`data URL that never answers: longest stall ${beat.max} ms over ${beat.beats} beats`);
  expect(beat.beats).toBeGreaterThan(100);
});

test('a data URL that answers garbage: a problem says it could not be read, the text is kept', async ({ page }) => {
  await page.route('**/garbage/data.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    }),
  );
  await page.route('**/garbage/data.csv', (route) =>
    route.fulfill({ status: 200, contentType: 'text/csv', body: '\u0000\u0001,\u00ff\n"unclosed,\n'.repeat(500) }),
  );
  await openWith(page, BAR);
  await editorReady(page);
  const v = await shownVersion(page);
  const spec = BAR.replace(/"data": \{"values": \[[\s\S]*?\]\}/, '"data": {"url": "garbage/data.json"}');
  await clickIntoEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await paste(page, spec);
  const message = problems(page).filter({ hasText: 'garbage/data.json' });
  await expect(message).toHaveCount(1, { timeout: 30_000 });
  await expect(message).toContainText('error');
  await waitForChart(page, v + 1);
  await textKeptInEditor(page, '}');
  expect(await page.evaluate(() => localStorage.getItem('chartspec:text'))).toContain('garbage/data.json');
});

test('storage full: autosave says so, the text stays in the editor; once there is room it is saved again', async ({
  page,
}) => {
  await openWith(page, BAR);
  await editorReady(page);
  // Fill the origin's storage with other data until the browser refuses more.
  const filled = await page.evaluate(() => {
    const chunk = 'x'.repeat(256 * 1024);
    let i = 0;
    try {
      for (; i < 400; i++) localStorage.setItem(`filler:${i}`, chunk);
    } catch {
      return i;
    }
    return -1;
  });
  expect(filled).toBeGreaterThan(0);
  await clickIntoEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  // An edit bigger than the room left (less than one chunk): pasted at the end.
  await paste(page, ' "x":' + '1'.repeat(300 * 1024));
  const warning = page.getByTestId('save-warning');
  await expect(warning).toHaveText(
    'Autosave is off: browser storage is full. Your text is still here; save it to a file (Ctrl+S).',
  );
  await expect(page.locator('[data-testid="editor"] .view-lines')).toContainText('"x":1111');
  // Room again: the next edit is saved and the warning goes.
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler:')) localStorage.removeItem(k);
  });
  await page.keyboard.type('2');
  await expect(warning).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('chartspec:text'))).toContain('"x":1111');
});
