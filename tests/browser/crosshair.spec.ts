import { expect, test, type Page } from '@playwright/test';
import { DAY, START, dailyBars } from './daily-bars';
import { drawnScale, openWith, watch } from './helpers';

/**
 * The crosshair of a candlestick (on by default): a line snapped to the bar under the pointer, a
 * line at the pointer's price, tags on both axes and a readout of the bar; the keyboard steps it
 * bar by bar, a finger shows it by press and hold.
 */
const values = dailyBars(60);
const SPEC = JSON.stringify(
  {
    data: { values },
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

/** Where bar `i` is drawn on the page (its middle) and the plot's top and height. */
async function barOnPage(page: Page, i: number): Promise<{ x: number; top: number; height: number; bottom: number }> {
  return page.evaluate(
    (t) => {
      type View = {
        scale(n: string): (v: unknown) => number;
        origin(): [number, number];
        scenegraph(): { root: { items: { items: { name?: string; items: { y: number; height: number }[] }[] }[] } };
      };
      const host = document.querySelector('[data-testid="chart"]') as Element & { chartspecView: View };
      const view = host.chartspecView;
      const el = host.querySelector('svg, canvas')!.getBoundingClientRect();
      const [ox, oy] = view.origin();
      const groups = view.scenegraph().root.items[0]!.items.filter((m) => m.name?.endsWith('group'));
      const price = groups[0]!.items[0]!;
      const volume = groups[1]!.items[0]!;
      return {
        x: el.left + ox + view.scale('x')(t),
        top: el.top + oy + price.y,
        height: price.height,
        bottom: el.top + oy + volume.y + volume.height,
      };
    },
    START + i * DAY,
  );
}

const box = (page: Page, testid: string) =>
  page
    .getByTestId('crosshair')
    .locator(testid)
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return {
        left: r.left,
        top: r.top,
        right: r.right,
        bottom: r.bottom,
        hidden: (el as HTMLElement).hidden,
        text: el.textContent,
      };
    });

test('hovering a bar shows its values, snaps the time line to it and tags the price and the date', async ({ page }) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, SPEC);
  const readout = page.getByTestId('readout');
  // Away from the plot, the readout shows the last bar.
  const last = values.at(-1)!;
  await expect(readout).toContainText(`C ${last.close.toFixed(2)}`);
  const i = 20;
  const bar = await barOnPage(page, i);
  // A little off the bar's middle: the line snaps to it.
  await page.mouse.move(bar.x + 2, bar.top + bar.height / 2);
  const b = values[i]!;
  await expect(readout).toContainText(`O ${b.open.toFixed(2)}`);
  await expect(readout).toContainText(`H ${b.high.toFixed(2)}`);
  await expect(readout).toContainText(`L ${b.low.toFixed(2)}`);
  await expect(readout).toContainText(`C ${b.close.toFixed(2)}`);
  await expect(readout).toContainText('Sun, 21 Jan 2024');
  const change = b.close - values[i - 1]!.close;
  await expect(readout).toContainText(`${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(2)}`);
  await expect(readout).toContainText(`Vol ${(b.v / 1000).toFixed(2).replace(/0+$/, '').replace(/\.$/, '')}K`);
  const v = await box(page, '.crosshair-v');
  expect(v.hidden).toBe(false);
  expect(Math.abs(v.left - bar.x)).toBeLessThanOrEqual(1.5);
  // The time line runs down through the volume pane; the date tag sits under it.
  expect(v.bottom).toBeGreaterThan(bar.bottom - 2);
  const date = await box(page, '.crosshair-date');
  expect(date.text).toBe('Sun, 21 Jan 2024');
  expect(Math.abs((date.left + date.right) / 2 - bar.x)).toBeLessThanOrEqual(1.5);
  // The price tag on the left axis reads the price at the pointer.
  const priceAt = await page.evaluate(
    (y) => {
      const host = document.querySelector('[data-testid="chart"]') as Element & {
        chartspecView: { scale(n: string): { invert(v: number): number }; origin(): [number, number] };
      };
      const el = host.querySelector('svg, canvas')!.getBoundingClientRect();
      return host.chartspecView.scale('concat_0_y').invert(y - el.top - host.chartspecView.origin()[1]);
    },
    bar.top + bar.height / 2,
  );
  const price = await box(page, '.crosshair-price');
  expect(Number(price.text!.replace(/,/g, ''))).toBeCloseTo(priceAt, 1);
  expect(price.right).toBeLessThanOrEqual(bar.x);
  // Leaving the chart hides the lines and shows the last bar again.
  await page.mouse.move(5, 5);
  await expect(readout).toContainText(`C ${last.close.toFixed(2)}`);
  expect((await box(page, '.crosshair-v')).hidden).toBe(true);
  expect(seen.consoleErrors).toEqual([]);
});

/** The readout's text once it shows bar `i`'s close. */
const closeOf = (i: number) => `C ${values[i]!.close.toFixed(2)}`;

test('with the chart focused, Shift+arrows step the crosshair bar by bar and a screen reader hears the readout', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, SPEC);
  const chart = page.getByTestId('chart');
  await chart.focus();
  const n = values.length;
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByTestId('readout')).toContainText(closeOf(n - 1));
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByTestId('readout')).toContainText(closeOf(n - 3));
  await expect(page.getByTestId('crosshair').locator('[role="status"]')).toContainText(closeOf(n - 3));
  const bar = await barOnPage(page, n - 3);
  const v = await box(page, '.crosshair-v');
  expect(v.hidden).toBe(false);
  expect(Math.abs(v.left - bar.x)).toBeLessThanOrEqual(1.5);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('readout')).toContainText(closeOf(n - 2));
  // Escape hides the lines; the readout is the last bar's again.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('readout')).toContainText(closeOf(n - 1));
  expect((await box(page, '.crosshair-v')).hidden).toBe(true);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  /**
   * Touch points through the browser's own touch input (Chromium makes pointer events of them),
   * in one session, which keeps the fingers down between calls.
   */
  async function fingers(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    return (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
  }

  const xDomain = async (page: Page) => (await drawnScale(page, 'x')).domain;

  test('press and hold shows the crosshair, and sliding the held finger moves it without panning', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openWith(page, SPEC);
    const touch = await fingers(page);
    const before = await xDomain(page);
    const a = await barOnPage(page, 10);
    const b = await barOnPage(page, 30);
    const y = a.top + a.height / 2;
    await touch('touchStart', [{ x: a.x, y }]);
    await page.waitForTimeout(700);
    await expect(page.getByTestId('readout')).toContainText(closeOf(10));
    for (let k = 1; k <= 5; k++) await touch('touchMove', [{ x: a.x + ((b.x - a.x) * k) / 5, y }]);
    await expect(page.getByTestId('readout')).toContainText(closeOf(30));
    await touch('touchEnd', []);
    expect(await xDomain(page)).toEqual(before);
  });

  test('two fingers spreading zoom in about the point between them', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openWith(page, SPEC);
    const touch = await fingers(page);
    const before = await xDomain(page);
    const a = await barOnPage(page, 25);
    const y = a.top + a.height / 2;
    await touch('touchStart', [
      { x: a.x - 40, y },
      { x: a.x + 40, y },
    ]);
    for (let k = 1; k <= 6; k++)
      await touch('touchMove', [
        { x: a.x - 40 - k * 20, y },
        { x: a.x + 40 + k * 20, y },
      ]);
    await touch('touchEnd', []);
    await expect
      .poll(async () => (await xDomain(page))[1]! - (await xDomain(page))[0]!)
      .toBeLessThan((before[1]! - before[0]!) * 0.5);
    // The bar that was between the fingers is still there.
    const after = await xDomain(page);
    const t = START + 25 * DAY;
    expect(after[0]).toBeLessThan(t);
    expect(after[1]).toBeGreaterThan(t);
    const moved = await barOnPage(page, 25);
    expect(Math.abs(moved.x - a.x)).toBeLessThan(12);
  });
});
