import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { editorReady, openWith, pasteText, waitForChart, waitForSchemaCheck } from './helpers';

/**
 * axe-core over the app's main views, in light and dark colors: no serious or critical
 * violation (moderate and minor ones, best practices such as landmarks, are not counted).
 * Nothing is excluded, Monaco included: its line numbers failed the contrast check and are
 * recolored from the page's style sheet (app/styles.css).
 */
async function audit(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), why: n.failureSummary })),
  }));
  expect(summary, `${what}: serious or critical axe violations`).toEqual([]);
}

async function openApp(page: Page) {
  await page.goto('/');
  await waitForChart(page, 1);
  await editorReady(page);
}

/** A spec with problems to list: an unknown mark, an unknown property. */
const PROBLEMS_SPEC = JSON.stringify(
  { data: { values: [{ a: 1 }] }, mark: 'barr', encoding: { x: { field: 'a', type: 'quantitative', bogus: 1 } } },
  null,
  2,
);

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${colorScheme} colors`, () => {
    test.use({ colorScheme });

    test('the editor and the chart', async ({ page }) => {
      await openApp(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await audit(page, 'editor and chart');
    });

    test('the problems list, with errors and warnings', async ({ page }) => {
      await openApp(page);
      await pasteText(page, PROBLEMS_SPEC);
      await waitForSchemaCheck(page);
      await expect(page.getByTestId('problem').first()).toBeVisible();
      await audit(page, 'problems listed');
    });

    test('the gallery', async ({ page }) => {
      await openApp(page);
      await page.getByTestId('gallery-button').click();
      await expect(page.getByTestId('gallery')).toBeVisible();
      await expect(page.getByTestId('gallery-item').first()).toBeVisible();
      await audit(page, 'gallery');
    });

    test('the help dialog', async ({ page }) => {
      await openApp(page);
      await page.getByTestId('help-button').click();
      await expect(page.getByTestId('help')).toBeVisible();
      await audit(page, 'help dialog');
    });

    test('an open menu', async ({ page }) => {
      await openApp(page);
      await page.getByTestId('view-button').click();
      await expect(page.getByRole('menu', { name: 'View' })).toBeVisible();
      await audit(page, 'View menu');
      await page.getByTestId('export-button').click();
      await expect(page.getByRole('menu', { name: 'Export' })).toBeVisible();
      await audit(page, 'Export menu');
    });
  });
}

test.describe('what a screen reader is told', () => {
  test('the problem counts are said in a polite live region once they settle', async ({ page }) => {
    await openApp(page);
    const announced = page.getByTestId('problems-announced');
    await expect(announced).toHaveAttribute('aria-live', 'polite');
    await expect(announced).toHaveText('No problems');
    await pasteText(page, PROBLEMS_SPEC);
    // The region says the errors the list shows, once they have settled.
    const errors = page.locator('[data-testid="problem"][data-severity="error"]');
    await expect
      .poll(async () => {
        const n = await errors.count();
        const said = (await announced.textContent()) ?? '';
        return n > 0 && new RegExp(`^${n} errors?\\b`).test(said);
      })
      .toBe(true);
    // Back to a good spec: "No problems".
    await pasteText(page, JSON.stringify({ data: { values: [{ a: 1 }] }, mark: 'bar', encoding: {} }));
    await waitForSchemaCheck(page);
    await expect(announced).toHaveText('No problems');
  });

  test('a chart without a description of its own is said from its spec, not as "Vega visualization"', async ({
    page,
  }) => {
    const bars = {
      data: {
        values: [
          { k: 'a', v: 3 },
          { k: 'b', v: 5 },
        ],
      },
      mark: 'bar',
    };
    const encoding = { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } };
    await openWith(page, JSON.stringify({ ...bars, encoding }, null, 2));
    // Vega labels the element it draws into (a graphics document) with the spec's description.
    const root = page
      .locator('[data-testid="chart"] [role="graphics-document"], [data-testid="chart"][role="graphics-document"]')
      .first();
    await expect(root).toHaveAttribute('aria-label', 'Bar chart of v by k, 2 bars');
    // The spec's own words win.
    await openWith(page, JSON.stringify({ ...bars, encoding, description: 'Two fruit' }, null, 2));
    await expect(root).toHaveAttribute('aria-label', 'Two fruit');
  });

  test('a candle is read as its date and prices; its wick is hidden', async ({ page }) => {
    await openApp(page);
    const chart = page.getByTestId('chart');
    await expect(
      chart.locator('[aria-label^="Jun 1, 2009: open 28.70, high 30.05, low 28.45, close 30.04 (up)"]'),
    ).toHaveCount(1);
    await expect(chart.locator('g.mark-rule[aria-hidden="true"]').first()).toBeAttached();
  });
});
