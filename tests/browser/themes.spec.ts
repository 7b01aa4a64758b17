import { expect, test, type Page } from '@playwright/test';
import { editorReady, openWith, waitForChart, watch } from './helpers';

const BAR = JSON.stringify(
  {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    data: { values: [{ k: 'a', v: 3 }] },
    mark: 'bar',
    encoding: {
      x: { field: 'k', type: 'nominal' },
      y: { field: 'v', type: 'quantitative' },
      color: { field: 'k', type: 'nominal', legend: null },
    },
  },
  null,
  2,
);

const chartSvg = (page: Page) => page.locator('[data-testid="chart"] svg').first();
const chartBackground = (page: Page) => chartSvg(page).evaluate((svg) => getComputedStyle(svg).backgroundColor);
const barFill = (page: Page) => page.locator('[data-testid="chart"] svg .mark-rect path').first().getAttribute('fill');
const editorBackground = (page: Page) =>
  page
    .locator('[data-testid="editor"] .monaco-editor-background')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
const pageTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset['theme']);

test.describe('colors and chart themes', () => {
  test('a system in dark mode gets a dark page, a dark editor and a chart on the pane’s color', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    const seen = await watch(page);
    await openWith(page, BAR);
    await editorReady(page);
    expect(await pageTheme(page)).toBe('dark');
    // Monaco's own dark background, not its white one.
    const [r, g, b] = (await editorBackground(page)).match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(3 * 80);
    // The chart is compiled in the dark theme, on the pane's color (#1a2030), not on white.
    await expect.poll(() => chartBackground(page)).toBe('rgb(26, 32, 48)');

    // The View menu overrides the system: Light gives a light page and a white chart.
    await page.getByTestId('view-button').click();
    await page.getByTestId('scheme-light').click();
    await expect.poll(() => pageTheme(page)).toBe('light');
    await expect.poll(() => chartBackground(page)).toBe('rgb(255, 255, 255)');
    expect(seen.consoleErrors).toEqual([]);
    await context.close();
  });

  test('a chart theme from the View menu recolors the chart, is remembered, and the spec’s own config wins', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await openWith(page, BAR);
    expect(await barFill(page)).toBe('#4c78a8');
    await page.getByTestId('view-button').click();
    await page.getByTestId('chart-theme').selectOption('excel');
    // Excel's first category color is #4572a7 (the default theme's is #4c78a8).
    await expect.poll(() => barFill(page)).toBe('#4572a7');
    await page.keyboard.press('Escape');

    await page.reload();
    await waitForChart(page, 1);
    await expect.poll(() => barFill(page)).toBe('#4572a7');

    // A color the spec sets itself is kept under any theme.
    const own = JSON.parse(BAR) as Record<string, unknown>;
    own['config'] = { range: { category: ['#aa3311'] } };
    await openWith(page, JSON.stringify(own, null, 2));
    await expect.poll(() => barFill(page)).toBe('#aa3311');
  });
});
