import { expect, test } from '@playwright/test';
import { BAR, EXPRESSIONS, FOUR_BARS, MISSING_DATA, STOCKS_CSV } from './fixtures';
import {
  chartPane,
  clickIntoEditor,
  cursorToLineEnd,
  editorReady,
  editorText,
  marks,
  openWith,
  paste,
  pasteText,
  problems,
  shareHash,
  shownVersion,
  waitForChart,
  waitForSchemaCheck,
  watch,
} from './helpers';

test('first start shows the welcome chart, with no problem and no console error', async ({ page }) => {
  const w = await watch(page);
  await page.goto('/');
  await waitForChart(page, 1);
  await waitForSchemaCheck(page);
  await expect(problems(page)).toHaveCount(0);
  // 44 trading days of ohlc.json: a body per day, the level annotation's price tag and the last price's tag.
  await expect(marks(page, 'rect')).toHaveCount(46);
  await expect(page.locator('[data-testid="chart"] svg')).toContainText('Welcome to Chartspec');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  await editorReady(page);
  expect(w.consoleErrors).toEqual([]);
  expect(w.cspViolations).toEqual([]);
});

test('a pasted spec is drawn, and each edit redraws it', async ({ page }) => {
  await page.goto('/');
  await waitForChart(page, 1);
  const v0 = await shownVersion(page);
  await pasteText(page, BAR);
  await waitForChart(page, v0 + 1);
  await expect(marks(page, 'rect')).toHaveCount(3);

  const v1 = await shownVersion(page);
  await pasteText(page, FOUR_BARS);
  await waitForChart(page, v1 + 1);
  await expect(marks(page, 'rect')).toHaveCount(4);
  await expect(problems(page)).toHaveCount(0);
});

test('typing key by key updates the chart', async ({ page }) => {
  await openWith(page, BAR);
  await editorReady(page);
  const v = await shownVersion(page);
  // Line 3 is `  "title": "Fruit",`: put the cursor before the closing quote and type.
  await cursorToLineEnd(page, 3);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' basket', { delay: 30 });
  await waitForChart(page, v + 1);
  await expect(page.locator('[data-testid="chart"] svg')).toContainText('Fruit basket');
});

test('broken JSON: a problem at its line:column, the last chart kept; fixed: redrawn', async ({ page }) => {
  await openWith(page, BAR);
  await editorReady(page);
  const good = await shownVersion(page);
  // Delete the comma at the end of line 3: the next property (line 4, column 3) lacks one.
  await cursorToLineEnd(page, 3);
  await page.keyboard.press('Backspace');

  const problem = problems(page).first();
  await expect(problem).toContainText('error');
  await expect(problem).toContainText('4:3');
  await expect(problem).toContainText("Expected ','");
  await expect(problem).toHaveAttribute('data-source', 'parse');
  await expect(chartPane(page)).toHaveAttribute('data-state', 'stale');
  await expect(page.getByTestId('stale')).toBeVisible();
  await expect(marks(page, 'rect')).toHaveCount(3);
  expect(await shownVersion(page)).toBe(good);
  // The editor shows the same problem as a marker (a squiggle).
  await expect(page.locator('[data-testid="editor"] .squiggly-error')).toHaveCount(1);

  await page.keyboard.type(',');
  await waitForChart(page, good + 1);
  await expect(problems(page)).toHaveCount(0);
  await expect(page.getByTestId('stale')).toHaveCount(0);
});

test('clicking a problem selects its range in the editor', async ({ page }) => {
  await page.goto('/' + shareHash(BAR.replace('"mark": "bar"', '"mark": "barr"')));
  await editorReady(page);
  // One mistake, one problem: the schema check agrees with the mark stage, and the editor
  // shows the same single marker.
  await waitForSchemaCheck(page);
  await expect(problems(page)).toHaveCount(1);
  await expect(page.locator('[data-testid="editor"] .squiggly-error')).toHaveCount(1);
  const problem = problems(page).first();
  await expect(problem).toContainText('9:11');
  await expect(problem).toContainText('Unknown mark "barr". Did you mean "bar"?');
  await problem.click();
  // The selection is the bad value: pasting replaces it.
  await paste(page, '"bar"');
  await waitForChart(page, 2);
  await expect(marks(page, 'rect')).toHaveCount(3);
  expect(await editorText(page)).toContain('"mark": "bar",');
});

test('a share link opens its spec; opening another keeps the old text a Ctrl+Z away', async ({ page }) => {
  await page.goto('/' + shareHash(BAR.replace('"Fruit"', '"Shared fruit"')));
  await waitForChart(page, 1);
  await expect(page.locator('[data-testid="chart"] svg')).toContainText('Shared fruit');
  await editorReady(page);
  // Monaco may still be laying out its first lines when it says it is ready.
  await expect.poll(() => editorText(page)).toContain('Shared fruit');

  const v = await shownVersion(page);
  await page.evaluate((h) => (location.hash = h), shareHash(FOUR_BARS.replace('"Fruit"', '"Second link"')));
  await waitForChart(page, v + 1);
  await expect(page.locator('[data-testid="chart"] svg')).toContainText('Second link');
  await clickIntoEditor(page);
  await page.keyboard.press('ControlOrMeta+Z');
  await expect.poll(() => editorText(page)).toContain('Shared fruit');
});

test('a damaged share link says so, and the app still works', async ({ page }) => {
  const w = await watch(page);
  await page.goto('/#/s/%%%not-a-spec');
  await expect(page.getByTestId('notice')).toContainText('damaged');
  await waitForChart(page, 1);
  expect(w.consoleErrors).toEqual([]);
});

test('expressions run under the CSP through the interpreter, with no violation', async ({ page }) => {
  const w = await watch(page);
  await openWith(page, EXPRESSIONS);
  await expect(marks(page, 'symbol')).not.toHaveCount(0);
  await waitForSchemaCheck(page);
  await expect(problems(page)).toHaveCount(0);
  expect(w.cspViolations).toEqual([]);
  expect(w.consoleErrors).toEqual([]);
});

test('CSV data loads under the CSP', async ({ page }) => {
  const w = await watch(page);
  await openWith(page, STOCKS_CSV);
  // stocks.csv has five symbols: one line each.
  await expect(marks(page, 'line')).toHaveCount(5);
  await expect(problems(page).filter({ hasText: 'error' })).toHaveCount(0);
  expect(w.cspViolations).toEqual([]);
});

test('a data URL that fails is a runtime problem at the URL', async ({ page }) => {
  await page.goto('/' + shareHash(MISSING_DATA));
  const problem = problems(page).filter({ hasText: 'does-not-exist' }).first();
  await expect(problem).toHaveAttribute('data-source', 'runtime');
  await expect(problem).toHaveAttribute('data-severity', 'error');
  await expect(problem).toContainText('2:19');
});

test('a Vega expression error is a problem, and the last good chart stays', async ({ page }) => {
  await openWith(page, BAR);
  await editorReady(page);
  const bad = BAR.replace('"mark": "bar",', '"transform": [{"filter": "datum.n >"}],\n  "mark": "bar",');
  await pasteText(page, bad);
  // Line 9 is the filter; its expression is the problem's place.
  const problem = problems(page).filter({ hasText: 'error' }).first();
  await expect(problem).toContainText('9:28');
  await expect(problem).toContainText('Expression error: Unexpected end of input');
  await expect(problem).toHaveAttribute('data-path', '/transform/0/filter');
  await expect(chartPane(page)).toHaveAttribute('data-state', 'stale');
  await expect(marks(page, 'rect')).toHaveCount(3);
});

test('a raw Vega spec is recognised by its $schema and drawn', async ({ page }) => {
  const vega = JSON.stringify(
    {
      $schema: 'https://vega.github.io/schema/vega/v6.json',
      width: 200,
      height: 100,
      data: [{ name: 't', values: [{ x: 1 }, { x: 2 }, { x: 3 }] }],
      scales: [{ name: 'x', type: 'linear', domain: { data: 't', field: 'x' }, range: 'width' }],
      marks: [
        { type: 'symbol', from: { data: 't' }, encode: { enter: { x: { scale: 'x', field: 'x' }, y: { value: 50 } } } },
      ],
    },
    null,
    2,
  );
  await openWith(page, vega);
  await expect(page.getByTestId('language')).toHaveText('Vega 6');
  await expect(marks(page, 'symbol')).toHaveCount(3);
});

test('the split between editor and chart can be dragged', async ({ page }) => {
  await openWith(page, BAR);
  const editor = page.getByTestId('editor');
  const before = (await editor.boundingBox())!.width;
  const divider = (await page.getByTestId('split-divider').boundingBox())!;
  await page.mouse.move(divider.x + divider.width / 2, divider.y + 100);
  await page.mouse.down();
  await page.mouse.move(divider.x + 200, divider.y + 100, { steps: 5 });
  await page.mouse.up();
  const after = (await editor.boundingBox())!.width;
  expect(after).toBeGreaterThan(before + 150);
});

test('the text is autosaved and restored after a reload', async ({ page }) => {
  await page.goto('/');
  await waitForChart(page, 1);
  await pasteText(page, BAR.replace('"Fruit"', '"Kept across reloads"'));
  await expect(page.locator('[data-testid="chart"] svg')).toContainText('Kept across reloads');
  await page.waitForTimeout(700);
  await page.goto('/');
  await waitForChart(page, 1);
  await expect(page.locator('[data-testid="chart"] svg')).toContainText('Kept across reloads');
});
