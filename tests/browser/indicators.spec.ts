import { expect, test, type Page } from '@playwright/test';
import { CANDLE_ENCODING, dailyBars } from './daily-bars';
import { openExample, openWith, watch } from './helpers';

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

interface Pane {
  name: string;
  /** Where the pane's plot is on the page. */
  top: number;
  bottom: number;
  left: number;
  width: number;
  /** The page x of each drawn line point, and its date. */
  points: { x: number; date: number }[];
}

/** Each pane's plot on the page and the line points drawn in it. */
async function panes(page: Page): Promise<Pane[]> {
  return page.evaluate(() => {
    type Item = Record<string, unknown> & { items?: Item[]; marktype?: string; name?: string };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item }; origin(): [number, number] };
    };
    const view = host.chartspecView;
    const el = host.querySelector('svg, canvas')!.getBoundingClientRect();
    const [ox, oy] = view.origin();
    const out: Pane[] = [];
    // A group mark's items are groups; each holds marks of its own, at its x and y.
    const walk = (mark: Item, dx: number, dy: number) => {
      for (const g of mark.items ?? []) {
        const x = dx + ((g['x'] as number) ?? 0);
        const y = dy + ((g['y'] as number) ?? 0);
        if (/^concat_\d+_group$/.test(String(mark.name))) {
          // The lines, also where a line is one path per stretch of the series (a group each).
          const points: Pane['points'] = [];
          const lines = (m: Item, ox: number) => {
            for (const it of m.items ?? []) {
              if (m.marktype === 'line') {
                const d = (it['datum'] as Record<string, unknown>)['date'];
                points.push({ x: ox + (it['x'] as number), date: +(d as number) });
              } else if (m.marktype === 'group')
                for (const c of it.items ?? []) lines(c, ox + ((it['x'] as number) ?? 0));
            }
          };
          for (const m of g.items ?? []) if (m.marktype === 'line' || /pathgroup/.test(String(m.name))) lines(m, x);
          out.push({
            name: String(mark.name),
            top: y,
            bottom: y + (g['height'] as number),
            left: x,
            width: g['width'] as number,
            points,
          });
        }
        for (const child of g.items ?? []) if (child.marktype === 'group') walk(child, x, y);
      }
    };
    walk(
      view.scenegraph().root,
      el.left + ox - ((view.scenegraph().root.items?.[0]?.['x'] as number) ?? 0),
      el.top + oy - ((view.scenegraph().root.items?.[0]?.['y'] as number) ?? 0),
    );
    return out;
  }) as Promise<Pane[]>;
}

/** A line point's x on the page for a date, read off the points drawn (undefined when not drawn). */
const xOf = (p: Pane, date: number) => p.points.find((q) => q.date === date)?.x;

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
  const texts = await page.evaluate(() => {
    type Item = Record<string, unknown> & { items?: Item[]; marktype?: string };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item } };
    };
    const out: string[] = [];
    const walk = (n: Item) => {
      if (n.marktype === 'text') for (const t of n.items ?? []) out.push(String(t['text']));
      for (const c of n.items ?? []) walk(c);
    };
    walk(host.chartspecView.scenegraph().root);
    return out;
  });
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
