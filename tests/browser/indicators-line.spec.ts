import { expect, test } from '@playwright/test';
import { drawnTexts, openExample, watch } from './helpers';
import { panes, type Pane } from './indicator-panes';

/**
 * Indicators on a plain line, as a person sees the gallery's example: the overlays over the
 * line, the RSI in a pane under it on the same time axis, each labelled.
 */
const EXAMPLE = 'indicators-line-close';
/** Google's monthly closes in the app's stocks.csv. */
const MONTHS = 68;

/** The drawn points of one line of a pane, by date. */
const lineOf = (p: Pane, mark: RegExp) =>
  new Map(p.points.filter((q) => mark.test(q.mark) && q.defined).map((q) => [q.date, q]));

test('the gallery example draws the RSI in a pane under the line, at the same dates, with no console error', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await openExample(page, EXAMPLE);
  for (const label of ['SMA 6', 'BB 12 2', 'RSI 14']) expect(await drawnTexts(page)).toContain(label);

  const [price, rsi] = (await panes(page)) as [Pane, Pane];
  expect((await panes(page)).map((p) => p.name)).toEqual(['concat_0_group', 'concat_1_group']);
  // Under the line's plot, as wide, the same left edge.
  expect(rsi.top).toBeGreaterThan(price.bottom);
  expect(rsi.left).toBeCloseTo(price.left, 0);
  expect(rsi.width).toBeCloseTo(price.width, 0);

  // The series itself (its first layer) and the RSI's line (after its two levels).
  const series = lineOf(price, /^concat_0_layer_0_marks$/);
  const rsiLine = lineOf(rsi, /^concat_1_layer_2_marks$/);
  expect(series.size).toBe(MONTHS);
  // From the 15th month on: the first 14 are its warm-up.
  expect(rsiLine.size).toBe(MONTHS - 14);
  for (const [date, q] of rsiLine) {
    // Each RSI point straight under the line's point of the same month, inside its pane.
    expect(series.get(date)).toBeDefined();
    expect(q.x).toBeCloseTo(series.get(date)!.x, 1);
    expect(q.y).toBeGreaterThanOrEqual(rsi.top - 0.5);
    expect(q.y).toBeLessThanOrEqual(rsi.bottom + 0.5);
  }
  // The dates are read once, under the RSI pane: the line's axis shows none.
  const years = await page.evaluate(() => {
    type Item = Record<string, unknown> & { items?: Item[]; marktype?: string; role?: string };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item } };
    };
    const found: string[] = [];
    const walk = (n: Item) => {
      if (n.marktype === 'text' && n['role'] === 'axis-label')
        for (const t of n.items ?? []) if (/^20\d\d$/.test(String(t['text']))) found.push(String(t['text']));
      for (const c of n.items ?? []) walk(c);
    };
    walk(host.chartspecView.scenegraph().root);
    return found;
  });
  expect(years).toEqual(['2005', '2006', '2007', '2008', '2009', '2010']);
  expect(seen.consoleErrors).toEqual([]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1440, 800]) {
    test(`screenshot: the line with indicators, ${colorScheme} colors, ${width} px wide`, async ({ page }) => {
      const seen = await watch(page);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await openExample(page, EXAMPLE);
      await page.screenshot({ path: `test-results/indicators-line-${colorScheme}-${width}.png` });
      const [price, rsi] = (await panes(page)) as [Pane, Pane];
      expect(rsi.top).toBeGreaterThan(price.bottom);
      expect(seen.consoleErrors).toEqual([]);
    });
  }
}
