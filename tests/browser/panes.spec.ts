import { expect, test, type Page } from '@playwright/test';
import {
  chartPane,
  cursorToLineEnd,
  editorReady,
  openExample,
  openWith,
  paste,
  shownVersion,
  waitForChart,
} from './helpers';

const tab = (page: Page, name: string) => page.getByTestId(`tab-${name}`);
const compiledLines = (page: Page) => page.locator('[data-testid="compiled"] .view-lines');

/** Vega-Lite whose description is on line 2: it is near the top of both compiled specs. */
const DESCRIBED = `{
  "description": "alpha",
  "data": {"values": [{"k": "a", "v": 3}, {"k": "b", "v": 5}, {"k": "a", "v": 4}, {"k": "c", "v": 1}]},
  "transform": [
    {"filter": "datum.v > 2"},
    {"aggregate": [{"op": "sum", "field": "v", "as": "total"}], "groupby": ["k"]}
  ],
  "mark": "bar",
  "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "total", "type": "quantitative"}}
}`;

test.describe('the chart pane’s tabs', () => {
  test('move with the arrow keys, say which is selected, and the choice is remembered', async ({ page }) => {
    await page.goto('/');
    await waitForChart(page, 1);
    await expect(tab(page, 'chart')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tablist', { name: 'Chart pane' })).toBeVisible();
    await tab(page, 'chart').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'compiled')).toBeFocused();
    await expect(tab(page, 'compiled')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'chart')).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel', { name: 'Compiled' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'data')).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Data' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'chart')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Chart' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(tab(page, 'data')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab(page, 'chart')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'data')).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the tab order.
    await expect(tab(page, 'chart')).toHaveAttribute('tabindex', '-1');

    await page.reload();
    await expect(tab(page, 'data')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('data-viewer')).toBeVisible();
    // The chart behind the Data tab is drawn all the same, and shows again at once.
    await waitForChart(page, 1);
    await tab(page, 'chart').click();
    await expect(page.locator('[data-testid="chart"] svg').first()).toBeVisible();
  });

  test('Compiled shows the expanded Vega-Lite and the Vega, and follows typing', async ({ page }) => {
    await openWith(page, DESCRIBED);
    await editorReady(page);
    await tab(page, 'compiled').click();
    await expect(page.getByTestId('compiled')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('compiled')).toHaveAttribute('data-which', 'vega-lite');
    await expect(compiledLines(page)).toContainText('"description": "alpha"');
    await expect(compiledLines(page)).toContainText('vega-lite/v6.json');
    await page.getByTestId('compiled-vega').click();
    await expect(page.getByTestId('compiled')).toHaveAttribute('data-which', 'vega');
    await expect(compiledLines(page)).toContainText('vega/v6.json');
    await expect(compiledLines(page)).toContainText('"description": "alpha"');

    // Typed into the description (before its closing quote): both views follow.
    const before = await shownVersion(page);
    await cursorToLineEnd(page, 2);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('beta');
    await expect.poll(() => shownVersion(page)).toBeGreaterThan(before);
    await expect(compiledLines(page)).toContainText('"description": "alphabeta"');
    // The editor may offer the word just typed in a list over the pane; a person closes it first.
    await page.keyboard.press('Escape');
    await page.getByTestId('compiled-vega-lite').click();
    await expect(compiledLines(page)).toContainText('"description": "alphabeta"');
    // Read-only: typing into it changes nothing.
    await compiledLines(page).click();
    await page.keyboard.type('zzz');
    await expect(compiledLines(page)).not.toContainText('zzz');
  });

  test('Compiled says a Vega spec has no Vega-Lite step', async ({ page }) => {
    await openWith(
      page,
      JSON.stringify({
        $schema: 'https://vega.github.io/schema/vega/v6.json',
        description: 'raw vega',
        width: 100,
        height: 50,
        marks: [{ type: 'rect', encode: { enter: { width: { value: 50 }, height: { value: 20 } } } }],
      }),
    );
    await tab(page, 'compiled').click();
    await expect(page.getByTestId('compiled-note')).toHaveText('A Vega spec: there is no Vega-Lite step.');
    await expect(page.getByTestId('compiled-vega-lite')).toBeDisabled();
    await expect(page.getByTestId('compiled')).toHaveAttribute('data-which', 'vega');
    await expect(compiledLines(page)).toContainText('raw vega');
  });

  test('Data lists the data sets with their rows, dates readable, and the data after transforms', async ({ page }) => {
    await page.goto('/');
    await waitForChart(page, 1);
    await openExample(page, 'scatter-cars');
    await tab(page, 'data').click();
    const select = page.getByTestId('dataset');
    // cars.json has 406 cars; Vega-Lite drops the 14 without horsepower or fuel economy as it
    // loads them (invalid values on a continuous scale).
    await expect(select.locator('option', { hasText: 'source_0' })).toHaveText('source_0 (392 rows)');
    await select.selectOption('source_0');
    await expect(page.getByTestId('data-count')).toHaveText('392 rows');
    const table = page.getByTestId('data-table');
    await expect(table.locator('thead th')).toContainText(['#', 'Name', 'Miles_per_Gallon']);
    const first = table.locator('tbody tr').first();
    await expect(first.locator('td').nth(1)).toHaveText('chevrolet chevelle malibu');
    // Year is a temporal field: Vega holds it as a number, the table shows the date.
    const yearColumn = await table.locator('thead th').allTextContents();
    await expect(first.locator('td').nth(yearColumn.indexOf('Year'))).toHaveText('1970-01-01');

    // stocks.csv: dates parsed from text ("Aug 1 2004"); Vega-Lite filters as it loads.
    await tab(page, 'chart').click();
    await openExample(page, 'line-single');
    await tab(page, 'data').click();
    await expect(page.getByTestId('data-count')).toHaveText('68 rows');
    await expect(table.locator('tbody tr').first().locator('td')).toHaveText(['1', 'GOOG', '2004-08-01', '102.37']);

    // More rows than the table shows (movies.json: 3,201 films, none dropped without an encoding).
    await page.goto('about:blank');
    await openWith(page, JSON.stringify({ data: { url: 'data/movies.json' }, mark: 'point' }));
    await tab(page, 'data').click();
    await expect(page.getByTestId('data-count')).toHaveText('Showing 1,000 of 3,201 rows');
    await expect(table.locator('tbody tr')).toHaveCount(1000);

    // Filtered, then summed by group: Vega-Lite's derived data set holds the result.
    await page.goto('about:blank');
    await openWith(page, DESCRIBED);
    await tab(page, 'data').click();
    await select.selectOption('data_0');
    await expect(page.getByTestId('data-count')).toHaveText('2 rows');
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent)));
    expect(rows).toEqual([
      ['a', '7'],
      ['b', '5'],
    ]);
  });

  test('the Data tab follows the chart when it is drawn again', async ({ page }) => {
    await openWith(page, DESCRIBED);
    await editorReady(page);
    await tab(page, 'data').click();
    await page.getByTestId('dataset').selectOption('source_0');
    await expect(page.getByTestId('data-count')).toHaveText('4 rows');
    // One more row typed into the values (line 3 ends with the data's closing brackets).
    await cursorToLineEnd(page, 3);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await paste(page, ', {"k": "d", "v": 9}');
    await expect(page.getByTestId('data-count')).toHaveText('5 rows');
  });
});

test.describe('the renderer', () => {
  test('SVG, canvas or automatic, chosen in the View menu, applied at once and remembered', async ({ page }) => {
    await page.goto('/');
    await waitForChart(page, 1);
    await openExample(page, 'bar-simple');
    const chart = page.getByTestId('chart');
    await expect(chart.locator('svg')).toHaveCount(1);
    await page.getByTestId('view-button').click();
    await expect(page.getByTestId('renderer-auto')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('renderer-canvas').click();
    await expect(chart.locator('canvas')).toHaveCount(1);
    await expect(chart.locator('svg')).toHaveCount(0);
    await expect(chartPane(page)).toHaveAttribute('data-state', 'ready');

    await page.reload();
    await waitForChart(page, 1);
    await expect(chart.locator('canvas')).toHaveCount(1);
    await page.getByTestId('view-button').click();
    await expect(page.getByTestId('renderer-canvas')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('renderer-svg').click();
    await expect(chart.locator('svg')).toHaveCount(1);
    await expect(chart.locator('canvas')).toHaveCount(0);
    await page.getByTestId('renderer-auto').click();
    await page.reload();
    await waitForChart(page, 1);
    await expect(chart.locator('svg')).toHaveCount(1);
  });
});
