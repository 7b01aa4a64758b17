import { expect, test, type Page } from '@playwright/test';
import { CANDLE_ENCODING, DAY, START, dailyBars } from './daily-bars';
import { editorReady, openWith, waitForChart, shownVersion, watch } from './helpers';

/**
 * Drawing on a candlestick writes the spec (issue 23): each tool's drag or click becomes an
 * annotation item in the text, at the bar and price under the mouse; an item in the text can be
 * picked, moved by its handles and removed on the chart; undo takes a drawing back.
 */
const values = dailyBars(60, { isoDates: true });
const spec = (extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      data: { values },
      width: 640,
      height: 320,
      mark: { type: 'candlestick', tooltip: false },
      encoding: CANDLE_ENCODING,
      ...extra,
    },
    null,
    2,
  );

/** The whole text, as autosaved (Monaco draws only the lines in view). */
const savedText = (page: Page) => page.evaluate(() => localStorage.getItem('chartspec:text') ?? '');

interface Plot {
  /** The plot's left and top on the page. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** The scales' domains (x in ms) and ranges. */
  x: [number, number];
  y: [number, number];
}

/** Where the plot of the chart's first explorable unit is on the page, and its scales. */
async function plotOf(page: Page): Promise<Plot> {
  return page.evaluate(() => {
    type Scale = { domain(): unknown[]; range(): number[] };
    type View = { scale(n: string): Scale; origin(): [number, number] };
    const host = document.querySelector('[data-testid="chart"]') as Element & { chartspecView: View };
    const view = host.chartspecView;
    const box = host.querySelector('canvas, svg:not(.drawing-overlay)')!.getBoundingClientRect();
    const [ox, oy] = view.origin();
    const sx = view.scale('x');
    const sy = view.scale('y');
    return {
      left: box.left + ox,
      top: box.top + oy,
      width: Math.abs(sx.range()[1]! - sx.range()[0]!),
      height: Math.abs(sy.range()[0]! - sy.range()[1]!),
      x: sx.domain().map(Number) as [number, number],
      y: sy.domain().map(Number) as [number, number],
    };
  });
}

/** The page point of a bar's time and a price (linear scales). */
const pointAt = (p: Plot, t: number, price: number) => ({
  x: p.left + ((t - p.x[0]) / (p.x[1] - p.x[0])) * p.width,
  y: p.top + p.height - ((price - p.y[0]) / (p.y[1] - p.y[0])) * p.height,
});
/** A price one pixel spans. */
const pricePerPixel = (p: Plot) => (p.y[1] - p.y[0]) / p.height;

const day = (i: number) => new Date(START + i * DAY).toISOString().slice(0, 10);

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** The annotation items the text holds (in its layers). */
function itemsOf(text: string): Record<string, unknown>[] {
  const spec = JSON.parse(text) as { layer?: { mark?: { type?: string; items?: Record<string, unknown>[] } }[] };
  return (spec.layer ?? []).flatMap((l) => (l.mark?.type === 'annotation' ? (l.mark.items ?? []) : []));
}

async function open(page: Page, text = spec()) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWith(page, text);
  await editorReady(page);
}

test('a trend line dragged on the chart is written into the spec, drawn, and undone by Ctrl+Z', async ({ page }) => {
  const seen = await watch(page);
  await open(page);
  const plot = await plotOf(page);
  const a = values[20]!;
  const b = values[40]!;
  await page.getByTestId('tool-trend').click();
  await expect(page.getByTestId('tool-trend')).toHaveAttribute('aria-pressed', 'true');
  const version = await shownVersion(page);
  await drag(page, pointAt(plot, START + 20 * DAY, a.high), pointAt(plot, START + 40 * DAY, b.low));
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
  const [item] = itemsOf(await savedText(page)) as [{ kind: string; points: { x: string; y: number }[] }];
  expect(item.kind).toBe('trend');
  expect(item.points.map((p) => p.x)).toEqual([day(20), day(40)]);
  expect(Math.abs(item.points[0]!.y - a.high)).toBeLessThanOrEqual(pricePerPixel(plot));
  expect(Math.abs(item.points[1]!.y - b.low)).toBeLessThanOrEqual(pricePerPixel(plot));
  // One drawing, then the tool is put down.
  await expect(page.getByTestId('tool-trend')).toHaveAttribute('aria-pressed', 'false');
  await waitForChart(page, version + 1);
  await page.screenshot({ path: 'test-results/drawing-trend.png' });
  // Undo with the focus still on the chart.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(0);
  expect(seen.consoleErrors).toEqual([]);
});
