import { expect, test, type Page } from '@playwright/test';
import { chartPane, openWith, pasteText, problems, waitForSchemaCheck, watch } from './helpers';

/**
 * The header, the chart pane and the problems list say the same of the chart: up to date, drawn
 * with an error left out, or the last good chart kept and why. One mistake is one entry.
 */
const GAUGE = JSON.stringify(
  {
    data: { values: [{ v: 72 }] },
    mark: { type: 'gauge', min: 0, max: 100, thickness: 0.2 },
    encoding: { value: { field: 'v' } },
  },
  null,
  2,
);
const CANDLES = JSON.stringify(
  {
    data: {
      values: [
        { d: '2024-01-02', o: 10, h: 12, l: 9, c: 11 },
        { d: '2024-01-03', o: 11, h: 13, l: 10, c: 12 },
      ],
    },
    mark: 'candlestick',
    encoding: {
      x: { field: 'd', type: 'temporal' },
      open: { field: 'o' },
      high: { field: 'h' },
      low: { field: 'l' },
      close: { field: 'c' },
    },
  },
  null,
  2,
);

const header = (page: Page) => page.getByTestId('status');
const verdictOf = (page: Page) => header(page).getAttribute('data-verdict');

async function edited(page: Page, text: string) {
  await pasteText(page, text);
  await waitForSchemaCheck(page);
}

test.describe('one status, said the same everywhere', () => {
  test('an unknown property vega-lite leaves out: drawn, one error, never "Up to date"', async ({ page }) => {
    const seen = await watch(page);
    await openWith(page, GAUGE);
    await expect(header(page)).toContainText('Up to date');
    await edited(page, GAUGE.replace('"thickness": 0.2', '"thickness": 0.2,\n    "colr": "red"'));
    await expect.poll(() => verdictOf(page)).toBe('drawn-errors');
    await expect(header(page)).toContainText('Drawn · 1 error ignored');
    await expect(header(page)).not.toContainText('Up to date');
    await expect(page.getByTestId('problems-verdict')).toHaveText('Drawn · 1 error ignored');
    await expect(page.getByTestId('ignored')).toContainText('Unknown property "colr"');
    await expect(chartPane(page)).toHaveAttribute('data-state', 'ready');
    await expect(problems(page)).toHaveCount(1);
    expect(seen.consoleErrors).toEqual([]);
  });

  test('a gauge option of the wrong kind with a default: one entry, drawn with the default', async ({ page }) => {
    await openWith(page, GAUGE);
    await edited(page, GAUGE.replace('"thickness": 0.2', '"thickness": "thick"'));
    await expect.poll(() => verdictOf(page)).toBe('drawn-errors');
    await expect(problems(page)).toHaveCount(1);
    await expect(problems(page).first()).toContainText('"thickness" must be a number');
  });

  test('an option the mark cannot do without: the last good chart kept, and why, in all three places', async ({
    page,
  }) => {
    await openWith(page, GAUGE);
    await edited(page, GAUGE.replace('"max": 100', '"max": "240"'));
    await expect.poll(() => verdictOf(page)).toBe('kept');
    await expect(header(page)).toContainText('Last good chart kept · 1 error');
    await expect(page.getByTestId('problems-verdict')).toHaveText('Last good chart kept · 1 error');
    await expect(chartPane(page)).toHaveAttribute('data-state', 'stale');
    await expect(page.getByTestId('stale')).toContainText(
      /Showing the last good chart, because "max" must be a number/,
    );
    await expect(problems(page)).toHaveCount(1);
    // The gauge on screen is still the one of max 100.
    await expect(page.locator('[data-testid="chart"]')).toBeVisible();
  });

  test('a misspelt price channel is one problem at the misspelt key', async ({ page }) => {
    await openWith(page, CANDLES);
    await edited(page, CANDLES.replace('"close"', '"clsoe"'));
    await expect.poll(() => verdictOf(page)).toBe('kept');
    await expect(problems(page)).toHaveCount(1);
    await expect(problems(page).first()).toContainText('Unknown property "clsoe". Did you mean "close"?');
  });

  test('warnings only: up to date, with the count of warnings', async ({ page }) => {
    await openWith(page, GAUGE);
    await edited(page, GAUGE.replace('{', '{\n  // a comment is a warning'));
    await expect.poll(() => verdictOf(page)).toBe('drawn-warnings');
    await expect(header(page)).toContainText('Up to date · 1 warning');
    await expect(page.getByTestId('problems-verdict')).toHaveText('Up to date · 1 warning');
  });
});
