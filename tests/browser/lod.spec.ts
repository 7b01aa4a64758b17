import { expect, test, type Page } from '@playwright/test';
import { openWith, watch } from './helpers';

/**
 * Level of detail in the app: 5,000 hourly bars in a 400 px plot become one candle per pixel
 * column; zooming in with the wheel divides the visible range instead, so the candles get finer.
 */
const SPEC = JSON.stringify(
  {
    data: { sequence: { start: 0, stop: 5000, as: 'i' } },
    transform: [
      { calculate: 'utc(2024, 0, 1) + datum.i * 3600000', as: 'date' },
      { calculate: '100 + 10 * sin(datum.i / 50)', as: 'open' },
      { calculate: 'datum.open + sin(datum.i / 7)', as: 'close' },
      { calculate: 'max(datum.open, datum.close) + 1', as: 'high' },
      { calculate: 'min(datum.open, datum.close) - 1', as: 'low' },
    ],
    width: 400,
    height: 240,
    params: [{ name: 'zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }],
    mark: { type: 'candlestick', tooltip: false },
    encoding: {
      x: { field: 'date', type: 'temporal' },
      open: { field: 'open' },
      high: { field: 'high' },
      low: { field: 'low' },
      close: { field: 'close' },
    },
  },
  null,
  2,
);

interface Candles {
  count: number;
  /** The smallest time between neighbouring candles, in ms. */
  step: number;
}

/** The candle bodies the drawn view holds (whatever the renderer), read from its scenegraph. */
async function candles(page: Page): Promise<Candles> {
  return page.evaluate(() => {
    const host = document.querySelector('[data-testid="chart"]') as (Element & { chartspecView?: unknown }) | null;
    const view = host?.chartspecView as { scenegraph(): { root: unknown } } | undefined;
    if (!view) throw new Error('no drawn view on the chart element');
    type Node = { marktype?: string; name?: string; items?: Node[]; datum?: Record<string, unknown> };
    const bodies: Node[] = [];
    const walk = (n: Node) => {
      // The candle's body (the last price's tag is a rect of a layer of its own, named deeper).
      if (n.marktype === 'rect' && n.name === 'layer_1_marks') bodies.push(...(n.items ?? []));
      for (const c of n.items ?? []) walk(c);
    };
    walk(view.scenegraph().root as Node);
    const times = bodies.map((b) => Number(b.datum!['__t'])).sort((a, b) => a - b);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    return { count: bodies.length, step: Math.min(...gaps) };
  });
}

test('5,000 bars become one candle per pixel column, and zooming in brings finer candles', async ({ page }) => {
  const w = await watch(page);
  await openWith(page, SPEC);
  // The drawing runs the level of detail as one transform (src/render/level-of-detail.ts), and the
  // bar slots after it as another (src/render/bar-slots.ts).
  const operators = await page.evaluate(() => {
    const host = document.querySelector('[data-testid="chart"]') as (Element & { chartspecView?: unknown }) | null;
    const nodes =
      (
        host?.chartspecView as {
          _runtime?: { nodes?: Record<string, { constructor: { Definition?: { type?: string } } }> };
        }
      )?._runtime?.nodes ?? {};
    const types = Object.values(nodes).map((op) => op.constructor.Definition?.type);
    return Object.fromEntries(
      ['ChartspecLod', 'ChartspecSlots', 'ChartspecLastRow', 'Window', 'JoinAggregate'].map((t) => [
        t,
        types.filter((x) => x === t).length,
      ]),
    );
  });
  // The last price's joinaggregate that finds the series' last bar runs in the level of detail
  // too; its window over the drawn bars, which picks that bar out of the bars drawn, is one
  // transform of the app's as well (src/render/last-row.ts).
  expect(operators).toEqual({ ChartspecLod: 1, ChartspecSlots: 1, ChartspecLastRow: 1, Window: 0, JoinAggregate: 0 });
  const before = await candles(page);
  expect(before.count).toBeGreaterThan(300);
  expect(before.count).toBeLessThanOrEqual(400);
  // 5,000 hours over 400 columns: 12.5 hours a candle at least.
  expect(before.step).toBeGreaterThanOrEqual(12 * 3600e3);

  const plot = await page.getByTestId('chart').boundingBox();
  await page.mouse.move(plot!.x + 200, plot!.y + 150);
  for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -300);
  await expect
    .poll(async () => (await candles(page)).step, { message: 'finer candles after zooming in' })
    .toBeLessThan(before.step / 2);
  const after = await candles(page);
  expect(after.count).toBeLessThanOrEqual(400);
  expect(after.count).toBeGreaterThan(20);
  expect(w.consoleErrors).toEqual([]);
  await page.screenshot({ path: 'test-results/lod-zoomed.png' });
});
