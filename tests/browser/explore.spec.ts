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

/** A candlestick with a moving average and annotations in one layer: a price chart as people write it. */
const LAYERED = JSON.stringify(
  {
    data: { values },
    width: 600,
    height: 260,
    encoding: { x: { field: 'date', type: 'temporal' } },
    layer: [
      {
        mark: { type: 'candlestick', tooltip: false },
        encoding: {
          open: { field: 'open' },
          high: { field: 'high' },
          low: { field: 'low' },
          close: { field: 'close' },
        },
      },
      {
        transform: [{ window: [{ op: 'mean', field: 'close', as: 'sma' }], frame: [-4, 0] }],
        mark: { type: 'line', color: '#7c3aed' },
        encoding: { y: { field: 'sma', type: 'quantitative' } },
      },
      {
        mark: {
          type: 'annotation',
          items: [
            { kind: 'event', x: '2024-03-15', label: 'Event' },
            { kind: 'level', y: 104, label: 'Level' },
            {
              kind: 'trend',
              points: [
                { x: '2024-02-20', y: 95 },
                { x: '2024-04-10', y: 108 },
              ],
            },
          ],
        },
      },
    ],
  },
  null,
  2,
);

interface Placed {
  /** Where the scales put the data coordinates now, in the plot's pixels. */
  expected: { event: number; level: number; trend: number[]; sma: [number, number] };
  /** Where the drawn items are. */
  drawn: { event: number[]; level: number[]; trend: number[][]; sma: [number, number] };
}

/** The annotations' and the moving average's drawn positions, and where their data says they belong. */
async function placed(page: Page): Promise<Placed> {
  return page.evaluate(() => {
    type Item = Record<string, unknown> & {
      items?: Item[];
      name?: string;
      marktype?: string;
      datum?: Record<string, unknown>;
    };
    type View = { scale(n: string): ((v: unknown) => number) & { domain(): unknown[] }; scenegraph(): { root: Item } };
    const host = document.querySelector('[data-testid="chart"]') as Element & { chartspecView: View };
    const view = host.chartspecView;
    const x = view.scale('x');
    const y = view.scale('y');
    const byName = new Map<string, Item[]>();
    const walk = (n: Item) => {
      if (n.marktype && n.name) byName.set(n.name, [...(byName.get(n.name) ?? []), ...(n.items ?? [])]);
      for (const c of n.items ?? []) walk(c);
    };
    walk(view.scenegraph().root);
    const rules = [...byName.entries()].filter(([n]) => n.startsWith('layer_2_')).flatMap(([, items]) => items);
    const described = (word: string) =>
      rules.filter((r) =>
        String(r['description'] ?? '')
          .toLowerCase()
          .includes(word),
      );
    const sma = [...byName.entries()].find(([n]) => n.startsWith('layer_1_'))![1];
    // The moving average's fifth point: the first with a whole window.
    const p = sma.find((i) => i.datum?.['date'] === sma[4]!.datum?.['date'])!;
    return {
      expected: {
        event: x(new Date('2024-03-15T00:00:00Z')),
        level: y(104),
        trend: [x(new Date('2024-02-20T00:00:00Z')), y(95), x(new Date('2024-04-10T00:00:00Z')), y(108)],
        sma: [x(p.datum!['date']), y(p.datum!['sma'])],
      },
      drawn: {
        event: described('event').map((r) => r['x'] as number),
        level: described('level').map((r) => r['y'] as number),
        trend: described('trend').map((r) => [r['x'], r['y'], r['x2'], r['y2']] as number[]),
        sma: [p['x'] as number, p['y'] as number],
      },
    };
  });
}

function expectInPlace(p: Placed) {
  expect(p.drawn.event).toHaveLength(1);
  expect(p.drawn.event[0]).toBeCloseTo(p.expected.event, 1);
  expect(p.drawn.level).toHaveLength(1);
  expect(p.drawn.level[0]).toBeCloseTo(p.expected.level, 1);
  expect(p.drawn.trend).toHaveLength(1);
  p.drawn.trend[0]!.forEach((v, i) => expect(v).toBeCloseTo(p.expected.trend[i]!, 1));
  expect(p.drawn.sma[0]).toBeCloseTo(p.expected.sma[0], 1);
  expect(p.drawn.sma[1]).toBeCloseTo(p.expected.sma[1], 1);
}

test('annotations and a moving average stay on their dates and prices while the chart zooms and pans', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWith(page, LAYERED);
  const start = await xAxis(page);
  const before = await placed(page);
  expectInPlace(before);

  // Zoom in about the trend line's end, where prices are low: the x scale narrows and the price
  // axis fits the bars in view, so every position changes — and each is still where its data
  // coordinates say.
  await page.mouse.move(start.left + before.expected.trend[2]!, start.top + 100);
  for (let i = 0; i < 16; i++) await page.mouse.wheel(0, -120);
  await expect.poll(async () => span(await xAxis(page))).toBeLessThan(span(start) * 0.25);
  await page.waitForTimeout(100);
  const zoomed = await placed(page);
  expectInPlace(zoomed);
  expect(Math.abs(zoomed.expected.trend[0]! - before.expected.trend[0]!)).toBeGreaterThan(20);
  expect(Math.abs(zoomed.expected.level - before.expected.level)).toBeGreaterThan(5);

  const panFrom = await xAxis(page);
  await page.mouse.move(start.left + 300, start.top + 100);
  await page.mouse.down();
  await page.mouse.move(start.left + 200, start.top + 100, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await xAxis(page)).domain[0]).toBeGreaterThan(panFrom.domain[0]);
  await page.waitForTimeout(100);
  const panned = await placed(page);
  expectInPlace(panned);
  expect(panned.expected.event).toBeLessThan(zoomed.expected.event - 50);
  expect(seen.consoleErrors).toEqual([]);
});
