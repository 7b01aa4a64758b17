import { expect, test, type Page } from '@playwright/test';
import { BAR } from './fixtures';
import { cursorToLineEnd, editorReady, editorText, openWith, problems, waitForChart, watch } from './helpers';

const CANDLES = `{
  "data": {"values": [
    {"d": "2024-01-02", "o": 10, "h": 12, "l": 9, "c": 11},
    {"d": "2024-01-03", "o": 11, "h": 13, "l": 10, "c": 10.5}
  ]},
  "mark": {
    "type": "candlestick",
    "hollow": true
  },
  "encoding": {
    "x": {"field": "d", "type": "temporal"},
    "open": {"field": "o"}, "high": {"field": "h"}, "low": {"field": "l"}, "close": {"field": "c"}
  }
}`;

async function schemasReady(page: Page) {
  await editorReady(page);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-schemas', 'ready', { timeout: 30_000 });
}

async function openReference(page: Page) {
  await page.getByTestId('help-button').click();
  await page.getByTestId('help-tab-reference').click();
  const reference = page.getByTestId('reference');
  await expect(reference).toBeVisible();
  return reference;
}

test.describe('the reference in the help dialog', () => {
  test('lists every extension mark with options, kinds and styles; a search filters it', async ({ page }) => {
    const w = await watch(page);
    await openWith(page, BAR);
    const reference = await openReference(page);
    await expect(reference.getByTestId('reference-mark')).toHaveCount(4);
    for (const name of ['candlestick', 'ohlc', 'annotation', 'gauge'])
      await expect(reference.locator(`[data-mark="${name}"]`)).toBeVisible();
    // An option with its type, description and default, as the schema gives them.
    const hollow = reference.locator('[data-mark="candlestick"] [data-option="hollow"]');
    await expect(hollow).toContainText('boolean');
    await expect(hollow).toContainText('Draw rising bodies as outlines.');
    await expect(hollow).toContainText('Default: false');
    await expect(reference.locator('[data-entry^="annotation-"]')).toHaveCount(16);
    await expect(reference.locator('[data-entry="gauge-speedometer"]')).toContainText('needle');

    await reference.getByTestId('reference-search').fill('fibonacci');
    await expect(reference.locator('[data-entry="annotation-fibonacci"]')).toBeVisible();
    await expect(reference.getByTestId('reference-entry')).toHaveCount(1);
    await expect(reference.locator('[data-mark="candlestick"]')).toHaveCount(0);
    await reference.getByTestId('reference-search').fill('needle');
    await expect(reference.locator('[data-mark="gauge"] [data-option="needle"]')).toBeVisible();
    await reference.getByTestId('reference-search').fill('no such thing');
    await expect(reference.getByTestId('reference-mark')).toHaveCount(0);
    await expect(reference).toContainText('Nothing in the reference matches');
    expect(w.consoleErrors).toEqual([]);
  });

  test('the keyboard reaches an example, which opens in the editor; the replaced text goes to Recent', async ({
    page,
  }) => {
    await openWith(page, BAR);
    await editorReady(page);
    const reference = await openReference(page);
    const search = reference.getByTestId('reference-search');
    await expect(search).toBeFocused();
    await search.fill('fibonacci');
    // Down from the search: the mark's heading, its example button, the kind's heading, its button.
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await expect(page.locator(':focus')).toHaveAccessibleName('Open the fibonacci example');
    await page.keyboard.press('ArrowUp');
    await expect(page.locator(':focus')).toContainText('fibonacci');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    await expect(page.getByTestId('help')).toBeHidden();
    await expect.poll(() => editorText(page)).toContain('"kind": "fibonacci"');
    await waitForChart(page, 2);
    await expect(problems(page)).toHaveCount(0);
    await expect(page.getByTestId('opened')).toContainText('the reference example “annotation fibonacci”');
    await expect(page.getByTestId('opened')).toContainText('“Fruit”, is kept under Recent');
    await page.getByTestId('recent-button').click();
    await expect(page.getByTestId('recent-item').first()).toContainText('Fruit');
    // Bring it back: the replaced text, whole.
    await page.getByTestId('restore').click();
    await expect.poll(() => editorText(page)).toContain('"title": "Fruit"');
  });

  test('fits the window and reads in dark colors on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openWith(page, BAR);
    const reference = await openReference(page);
    const box = (await page.getByTestId('help').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // Nothing in it is wider than the dialog: no sideways scrolling.
    const list = reference.locator('.reference-list');
    expect(await list.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    const colors = await page
      .getByTestId('help')
      .evaluate((e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]);
    expect(colors[0]).not.toBe('rgb(255, 255, 255)');
    expect(colors[1]).not.toBe('rgb(15, 23, 42)');
  });
});

test.describe('completion and hover carry the extension marks’ documentation', () => {
  test.beforeEach(async ({ page }) => {
    await openWith(page, CANDLES);
    await schemasReady(page);
  });

  test('Ctrl+Space inside a candlestick mark object offers its options with their descriptions', async ({ page }) => {
    // Line 8 is `    "hollow": true`: a new line after it, inside the mark object.
    await cursorToLineEnd(page, 8);
    await page.keyboard.type(',');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"wi');
    await page.keyboard.press('Control+Space');
    const suggest = page.locator('.suggest-widget');
    await expect(suggest).toBeVisible();
    await expect(suggest.locator('.monaco-list-row', { hasText: 'wick' }).first()).toBeVisible();
    // The focused item's documentation, shown beside the list. Ctrl+Space toggles it, and Monaco
    // may show it just after a look finds it hidden, so a press can hide it again: look and press
    // until it shows (a fresh-clone CI run once lost that race).
    const details = page.locator('.suggest-details');
    await expect(async () => {
      if (!(await details.isVisible())) await page.keyboard.press('Control+Space');
      await expect(details).toContainText('The high–low line', { timeout: 2000 });
    }).toPass({ timeout: 15000 });
  });

  test('hovering an option shows its description and its default', async ({ page }) => {
    const key = page.locator('[data-testid="editor"] .view-line span span', { hasText: /^"hollow"$/ }).first();
    const box = (await key.boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + 4);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    const hover = page.locator('.monaco-hover').filter({ hasText: 'outlines' });
    await expect(hover.first()).toBeVisible({ timeout: 10_000 });
    await expect(hover.first()).toContainText('Draw rising bodies as outlines.');
    await expect(hover.first()).toContainText('Default value');
    await expect(hover.first()).toContainText('false');
  });
});

test.describe('the gallery search finds examples by what they draw', () => {
  test('candlestick, fibonacci and gauge', async ({ page }) => {
    await page.goto('/#/gallery');
    const search = page.getByTestId('gallery-search');
    await expect(search).toBeFocused();
    const shown = () =>
      page
        .getByTestId('gallery-item')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-name') ?? '').sort());

    await page.keyboard.type('fibonacci');
    await expect.poll(shown).toEqual(['annotation-trend-fibonacci']);

    await search.fill('');
    await page.keyboard.type('candlestick');
    // The annotation examples draw candlesticks without saying so in their titles.
    await expect
      .poll(shown)
      .toEqual(expect.arrayContaining(['annotation-trend-fibonacci', 'annotation-signals', 'welcome']));
    expect(await shown()).not.toContain('gauge-speedometer');

    await search.fill('');
    await page.keyboard.type('gauge');
    await expect
      .poll(async () => (await shown()).filter((n) => !n.startsWith('gauge-')))
      .toEqual(['financial-dashboard']);
    expect((await shown()).length).toBeGreaterThan(6);
  });
});

test('the welcome chart draws its level line with the annotation mark', async ({ page }) => {
  const w = await watch(page);
  await page.goto('/');
  await waitForChart(page, 1);
  await editorReady(page);
  const text = await editorText(page);
  expect(text).toContain('"type": "annotation"');
  expect(text).toContain('"kind": "level"');
  // The level's label and its price tag are drawn.
  const svg = page.locator('[data-testid="chart"] svg');
  await expect(svg).toContainText('Resistance');
  await expect(svg).toContainText('30.00');
  await expect(problems(page)).toHaveCount(0);
  expect(w.consoleErrors).toEqual([]);
});
