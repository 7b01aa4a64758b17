import { expect, test } from '@playwright/test';
import { CANDLE_ENCODING, dailyBars } from './daily-bars';
import { drawnTexts, openExample, openWith, watch } from './helpers';
import { panes, xOf, type Pane } from './indicator-panes';

/**
 * Indicators on a candlestick, as a person sees them: overlays and panes with their labels, the
 * panes on the chart's time axis — a zoom moves them all, and the crosshair's time line runs
 * through every pane at the date under the pointer.
 */
const values = dailyBars(160);
const SPEC = JSON.stringify(
  {
    data: { values },
    width: 600,
    height: 220,
    mark: { type: 'candlestick', tooltip: false, indicators: ['sma', 'rsi', 'macd'] },
    encoding: CANDLE_ENCODING,
  },
  null,
  2,
);

test('the panes share the time axis: a zoom moves them together, and the crosshair runs through them all', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openWith(page, SPEC);
  const before = await panes(page);
  // The price chart, the RSI and the MACD.
  expect(before.map((p) => p.name)).toEqual(['concat_0_group', 'concat_1_group', 'concat_2_group']);
  const [price, rsi, macd] = before as [Pane, Pane, Pane];
  // A day every line is drawn at (the MACD starts last, after 33 bars): at the same x in all panes.
  const day = values[100]!.date as number;
  expect(xOf(rsi, day)).toBeCloseTo(xOf(price, day)!, 0);
  expect(xOf(macd, day)).toBeCloseTo(xOf(price, day)!, 0);

  // Zoom in over the price chart: the day moves, and it moves the same in every pane.
  await page.mouse.move(price.left + price.width * 0.3, price.top + 60);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -120);
  await expect.poll(async () => xOf((await panes(page))[0]!, day)).toBeGreaterThan(xOf(price, day)! + 30);
  await page.waitForTimeout(200);
  const after = (await panes(page)) as [Pane, Pane, Pane];
  const moved = xOf(after[0], day)!;
  expect(xOf(after[1], day)).toBeCloseTo(moved, 0);
  expect(xOf(after[2], day)).toBeCloseTo(moved, 0);

  // Hover in the RSI pane: the time line runs from the price chart's top through the MACD pane,
  // at the bar under the pointer, and the readout says that bar's date.
  await page.mouse.move(moved + 1, after[1].top + 30);
  const line = page.locator('.crosshair-v');
  await expect(line).toBeVisible();
  const box = (await line.boundingBox())!;
  expect(Math.abs(box.x - moved)).toBeLessThanOrEqual(1.5);
  expect(box.y).toBeLessThanOrEqual(after[0].top + 1);
  expect(box.y + box.height).toBeGreaterThanOrEqual(after[2].bottom - 1);
  const d = new Date(day);
  await expect(page.getByTestId('readout')).toContainText(
    `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}`,
  );
  expect(seen.consoleErrors).toEqual([]);
});

test('the gallery dashboard labels each indicator with its parameters, and draws with no console error', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await openExample(page, 'indicators-trading-dashboard');
  const texts = await drawnTexts(page);
  for (const label of ['BB 20 2', 'RSI 14', 'MACD 12 26 9', 'Signal', 'Histogram']) expect(texts).toContain(label);
  expect(seen.consoleErrors).toEqual([]);
});

test('indicators compose: a candlestick layered with an annotation, in a vconcat beside another view', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const spec = {
    data: { values },
    vconcat: [
      {
        width: 600,
        height: 200,
        encoding: CANDLE_ENCODING,
        layer: [
          { mark: { type: 'candlestick', tooltip: false, indicators: [{ type: 'ema', period: 10 }, 'rsi'] } },
          { mark: { type: 'annotation', items: [{ kind: 'level', y: 100, label: 'Pivot' }] } },
        ],
      },
      {
        width: 600,
        height: 80,
        mark: 'bar',
        encoding: { x: CANDLE_ENCODING.x, y: { field: 'v', type: 'quantitative' } },
      },
    ],
  };
  await openWith(page, JSON.stringify(spec, null, 2));
  const drawn = await page.evaluate(() => {
    type Item = Record<string, unknown> & { items?: Item[]; marktype?: string; name?: string };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item } };
    };
    const texts: string[] = [];
    /** How many line points each group draws. */
    const lines: Record<string, number> = {};
    const walk = (n: Item, group: string) => {
      if (n.marktype === 'text') for (const t of n.items ?? []) texts.push(String(t['text']));
      if (n.marktype === 'line')
        for (const t of n.items ?? []) {
          // A warm-up bar's point is there, undefined: the line starts at the first value.
          if (t['defined'] !== false) lines[group] = (lines[group] ?? 0) + 1;
        }
      for (const c of n.items ?? []) walk(c, n.marktype === 'group' && n.name ? n.name : group);
    };
    walk(host.chartspecView.scenegraph().root, '');
    return { texts, lines };
  });
  for (const label of ['EMA 10', 'RSI 14', 'Pivot']) expect(drawn.texts).toContain(label);
  // The EMA over the prices and the RSI in its pane, each from the end of its warm-up: 160 − 9
  // and 160 − 14 points, in two groups of their own (the bar chart below draws no line).
  expect(Object.values(drawn.lines).sort((a, b) => a - b)).toEqual([146, 151]);
  expect(seen.consoleErrors).toEqual([]);
});
