import { expect, test, type Page } from '@playwright/test';
import { dailyBars } from './daily-bars';
import { openWith, watch } from './helpers';

/**
 * A candlestick explores its time axis with no option written (the `zoom` default of the
 * financial marks): the wheel zooms around the pointer, a drag pans, a double-click goes back,
 * and the volume pane under it follows.
 */
const values = dailyBars(120);
const SPEC = JSON.stringify(
  {
    data: { values },
    width: 600,
    height: 260,
    mark: { type: 'candlestick', tooltip: false },
    encoding: {
      x: { field: 'date', type: 'temporal' },
      open: { field: 'open' },
      high: { field: 'high' },
      low: { field: 'low' },
      close: { field: 'close' },
      volume: { field: 'v' },
    },
  },
  null,
  2,
);

interface Axis {
  domain: [number, number];
  /** The plot's left edge and width on screen. */
  left: number;
  width: number;
  top: number;
}

/** The x scale's domain and where the plot is on the page. */
async function xAxis(page: Page): Promise<Axis> {
  return page.evaluate(() => {
    type View = { scale(n: string): { domain(): Date[]; range(): number[] }; origin(): [number, number] };
    const host = document.querySelector('[data-testid="chart"]') as Element & { chartspecView: View };
    const view = host.chartspecView;
    const el = host.querySelector('svg, canvas')!.getBoundingClientRect();
    const [x0, x1] = view.scale('x').range() as [number, number];
    const [ox, oy] = view.origin();
    return {
      domain: view.scale('x').domain().map(Number) as [number, number],
      left: el.left + ox + x0,
      width: x1 - x0,
      top: el.top + oy,
    };
  });
}

/** The date at a page x. */
const dateAt = (a: Axis, px: number) => a.domain[0] + ((px - a.left) / a.width) * (a.domain[1] - a.domain[0]);
const span = (a: Axis) => a.domain[1] - a.domain[0];

test('a candlestick zooms around the pointer, pans with a drag and goes back on a double-click', async ({ page }) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWith(page, SPEC);
  const start = await xAxis(page);
  const px = start.left + start.width * 0.7;
  const py = start.top + 100;
  const anchored = dateAt(start, px);

  await page.mouse.move(px, py);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -120);
  await expect.poll(async () => span(await xAxis(page))).toBeLessThan(span(start) * 0.8);
  const zoomed = await xAxis(page);
  // The date under the pointer stays under it: within a few pixels, as new axis labels may move
  // the plot by a pixel or two between wheel steps.
  expect(Math.abs(dateAt(zoomed, px) - anchored)).toBeLessThan((span(zoomed) / zoomed.width) * 10);
  // Zoomed about the pointer, not the middle: more went from the left than from the right.
  expect(zoomed.domain[0] - start.domain[0]).toBeGreaterThan(start.domain[1] - zoomed.domain[1]);
  expect(zoomed.domain[0]).toBeGreaterThan(start.domain[0]);
  expect(zoomed.domain[1]).toBeLessThan(start.domain[1]);

  // A drag to the right by 150 px shows what was 150 px to the left.
  await page.mouse.move(px, py);
  await page.mouse.down();
  await page.mouse.move(px + 150, py, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await xAxis(page)).domain[0]).toBeLessThan(zoomed.domain[0]);
  const panned = await xAxis(page);
  const moved = (150 / zoomed.width) * span(zoomed);
  expect(span(panned)).toBeCloseTo(span(zoomed), -3);
  expect(Math.abs(zoomed.domain[0] - panned.domain[0] - moved)).toBeLessThan((span(zoomed) / zoomed.width) * 3);

  // The volume pane shares the x scale: its bars sit under the candles that are in view.
  const volumeInView = await page.evaluate(() => {
    type Item = {
      x: number;
      width: number;
      datum?: Record<string, unknown>;
      items?: Item[];
      name?: string;
      marktype?: string;
    };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item } };
    };
    const bars: Item[] = [];
    const walk = (n: Item) => {
      if (n.marktype === 'rect' && n.name?.startsWith('concat_1')) bars.push(...(n.items ?? []));
      for (const c of n.items ?? []) walk(c);
    };
    walk(host.chartspecView.scenegraph().root);
    return bars.length;
  });
  expect(volumeInView).toBeGreaterThan(0);

  await page.mouse.dblclick(px, py);
  await expect.poll(async () => (await xAxis(page)).domain).toEqual(start.domain);
  expect(seen.consoleErrors).toEqual([]);
});

test('with the focus on the chart, the arrow keys pan, + and − zoom, Home and End go to the ends; in the editor they do not', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWith(page, SPEC);
  const start = await xAxis(page);
  const chart = page.getByTestId('chart');
  await expect(chart).toHaveAttribute('aria-keyshortcuts', /ArrowLeft/);

  // A click on the chart gives it the focus (and, without a move, pans nothing).
  await page.mouse.click(start.left + start.width / 2, start.top + 80);
  await expect(chart).toBeFocused();
  expect((await xAxis(page)).domain).toEqual(start.domain);

  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect.poll(async () => span(await xAxis(page))).toBeLessThan(span(start) * 0.7);
  const zoomed = await xAxis(page);
  // About the middle: as much went from each side.
  expect(zoomed.domain[0] - start.domain[0]).toBeCloseTo(start.domain[1] - zoomed.domain[1], -4);

  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await xAxis(page)).domain[0]).toBeLessThan(zoomed.domain[0]);
  const left = await xAxis(page);
  expect(zoomed.domain[0] - left.domain[0]).toBeCloseTo(span(zoomed) * 0.1, -4);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await xAxis(page)).domain[0]).toBeGreaterThan(zoomed.domain[0]);

  await page.keyboard.press('-');
  await expect.poll(async () => span(await xAxis(page))).toBeGreaterThan(span(zoomed) * 1.2);
  const out = await xAxis(page);

  // Home and End: the first and the last bars, at the same zoom.
  await page.keyboard.press('End');
  await expect.poll(async () => (await xAxis(page)).domain[1]).toBe(start.domain[1]);
  expect(span(await xAxis(page))).toBeCloseTo(span(out), -4);
  await page.keyboard.press('Home');
  await expect.poll(async () => (await xAxis(page)).domain[0]).toBe(start.domain[0]);

  // In the editor the same keys edit the text; the chart stays where it is.
  const before = await xAxis(page);
  await page.locator('[data-testid="editor"] .editor-scrollable').click({ position: { x: 24, y: 8 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300);
  expect((await xAxis(page)).domain).toEqual(before.domain);
  expect(seen.consoleErrors).toEqual([]);
});
