import { expect, test } from '@playwright/test';
import { BAR } from './fixtures';
import { editorReady, editorText, openWith, pasteText, waitForChart, shownVersion } from './helpers';

test.beforeEach(async ({ page }) => {
  await openWith(page, BAR);
  await editorReady(page);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-schemas', 'ready', { timeout: 30_000 });
});

test('completion offers the properties the schema allows', async ({ page }) => {
  await pasteText(page, '{\n  "data": {"values": [{"a": 1}]},\n  \n}');
  // The cursor is at the end; go to the empty line 3.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.type('"ma');
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toBeVisible();
  await expect(suggest).toContainText('mark');
});

test('hovering a property shows its documentation', async ({ page }) => {
  // The token "mark" on line 9; its hover documents the mark from the schema.
  const key = page.locator('[data-testid="editor"] .view-line span span', { hasText: /^"mark"$/ }).first();
  const box = (await key.boundingBox())!;
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
  const hover = page.locator('.monaco-hover').filter({ hasText: /marks?\b/ });
  await expect(hover.first()).toBeVisible({ timeout: 10_000 });
  await expect(hover.first()).toContainText('primitive marks');
});

test('the markers are the pipeline problems only (a comment is one warning, not an error)', async ({ page }) => {
  const v = await shownVersion(page);
  await pasteText(page, BAR.replace('"mark": "bar",', '// bars for now\n  "mark": "bar",'));
  await waitForChart(page, v + 1);
  await expect(page.getByTestId('problem')).toHaveCount(1);
  await expect(page.getByTestId('problem')).toContainText('warning');
  await expect(page.locator('[data-testid="editor"] .squiggly-warning')).toHaveCount(1);
  await expect(page.locator('[data-testid="editor"] .squiggly-error')).toHaveCount(0);
});

test('Format lays the spec out', async ({ page }) => {
  const v = await shownVersion(page);
  await pasteText(
    page,
    '{"data":{"values":[{"a":1},{"a":2}]},"mark":"point","encoding":{"x":{"field":"a","type":"quantitative"}}}',
  );
  await waitForChart(page, v + 1);
  await page.getByRole('button', { name: 'Format' }).click();
  await expect.poll(async () => (await editorText(page)).split('\n').length).toBeGreaterThan(5);
  expect(await editorText(page)).toContain('  "mark": "point"');
});
