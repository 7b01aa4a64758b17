import { expect, test, type Page } from '@playwright/test';
import { CANDLE_ENCODING, DAY, START, dailyBars } from './daily-bars';
import {
  drag,
  drawnItems,
  handles,
  itemsOf,
  plotOf,
  plotOfView,
  pointAt,
  pricePerPixel,
  savedText,
  type Plot,
} from './drawing-helpers';
import { drawnScale, editorReady, openExample, openWith, shownVersion, waitForChart, watch } from './helpers';

/**
 * Drawing on a plain Vega-Lite chart with a time x and a price y (a line with its points, as in
 * the gallery's stock chart): the drawing bar is beside it, each tool writes its annotation at
 * the data point's date and the price under the pointer, the chart draws it there, a handle moves
 * it; in a concatenation it goes into the view under the pointer. Touch draws with one finger;
 * Escape drops a drawing; the measure tool says what it measures while it is dragged.
 */

/** A candlestick of the given bars, 640 × 320, its tooltips off. */
const candlestick = (bars: ReturnType<typeof dailyBars>) =>
  JSON.stringify({
    data: { values: bars },
    width: 640,
    height: 320,
    mark: { type: 'candlestick', tooltip: false },
    encoding: CANDLE_ENCODING,
  });
const rows = dailyBars(60, { isoDates: true }).map((b) => ({ date: b.date as string, price: b.close }));
const price = (i: number) => rows[i]!.price;
const LINE = {
  mark: { type: 'line', point: true },
  encoding: {
    x: { field: 'date', type: 'temporal' },
    y: { field: 'price', type: 'quantitative', scale: { zero: false } },
  },
};
const spec = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ data: { values: rows }, width: 640, height: 320, ...LINE, ...extra }, null, 2);

async function open(page: Page, text = spec(), width = 1440) {
  await page.setViewportSize({ width, height: 900 });
  await openWith(page, text);
  await editorReady(page);
}

const day = (i: number) => new Date(START + i * DAY).toISOString().slice(0, 10);
/** A data point (its index) and a price: where the pointer goes. */
type At = { i: number; price: number };
const to = (plot: Plot, at: At) => pointAt(plot, START + at.i * DAY, at.price);

const A: At = { i: 20, price: price(20) + 1.5 };
const B: At = { i: 40, price: price(40) + 2 };

/** The point's date, the price within a pixel's worth (and its rounding to the cent). */
function expectAt(plot: Plot, point: { x?: unknown; y?: unknown }, at: At) {
  expect(point.x).toBe(day(at.i));
  expect(Math.abs(Number(point.y) - at.price)).toBeLessThanOrEqual(pricePerPixel(plot) + 0.005);
}

/**
 * Where the items of a view's marks named `<prefix>…` are drawn, in page pixels: each item's
 * (x, y) and its far corner or end (x2, y2, or x + width, y + height). The annotation layer a
 * drawing makes is `layer_1_` of the unit.
 */
async function drawnAt(page: Page, prefix: string): Promise<{ x: number; y: number; x2: number; y2: number }[]> {
  return page.evaluate((p) => {
    type Item = {
      x?: number;
      y?: number;
      x2?: number;
      y2?: number;
      width?: number;
      height?: number;
      items?: Item[];
      name?: string;
      marktype?: string;
    };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item }; origin(): [number, number] };
    };
    const view = host.chartspecView;
    const box = host.querySelector('canvas, svg')!.getBoundingClientRect();
    const root = view.scenegraph().root;
    const [ox, oy] = view.origin();
    const out: { x: number; y: number; x2: number; y2: number }[] = [];
    const walk = (mark: Item, gx: number, gy: number) => {
      for (const item of mark.items ?? []) {
        if (mark.marktype !== 'group' && mark.name?.startsWith(p)) {
          const x = gx + (item.x ?? 0);
          const y = gy + (item.y ?? 0);
          const x2 = item.x2 !== undefined ? gx + item.x2 : x + (item.width ?? 0);
          const y2 = item.y2 !== undefined ? gy + item.y2 : y + (item.height ?? 0);
          out.push({ x: box.left + x, y: box.top + y, x2: box.left + x2, y2: box.top + y2 });
        }
        if (mark.marktype === 'group')
          for (const c of item.items ?? []) walk(c, gx + (item.x ?? 0), gy + (item.y ?? 0));
      }
    };
    walk(root, ox - (root.items?.[0]?.x ?? 0), oy - (root.items?.[0]?.y ?? 0));
    return out;
  }, prefix);
}

const near = (a: { x: number; y: number }, b: { x: number; y: number }, tolerance = 1.5) =>
  Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance;

/** Each tool: how the mouse draws it, what the item written must say, and where the chart must draw it. */
const TOOLS: {
  tool: string;
  draw: 'click' | 'drag';
  check(item: Record<string, unknown>, plot: Plot): void;
  /** Points (page px) the annotation's drawn items must reach, given the points written. */
  drawn(item: Record<string, unknown>, plot: Plot): { x: number; y: number }[];
}[] = [
  {
    tool: 'trend',
    draw: 'drag',
    check: (item, plot) => {
      expect(item['kind']).toBe('trend');
      const [p, q] = item['points'] as { x: string; y: number }[];
      expectAt(plot, p!, A);
      expectAt(plot, q!, B);
    },
    drawn: (item, plot) =>
      (item['points'] as { x: string; y: number }[]).map((pt) => pointAt(plot, Date.parse(pt.x), pt.y)),
  },
  {
    tool: 'level',
    draw: 'click',
    check: (item, plot) => {
      expect(Object.keys(item)).toEqual(['kind', 'y']);
      expect(item['kind']).toBe('level');
      expect(Math.abs(Number(item['y']) - A.price)).toBeLessThanOrEqual(pricePerPixel(plot) + 0.005);
    },
    // Across the plot at its price.
    drawn: (item, plot) => [
      { x: plot.left, y: pointAt(plot, plot.x[0], Number(item['y'])).y },
      { x: plot.left + plot.width, y: pointAt(plot, plot.x[0], Number(item['y'])).y },
    ],
  },
  {
    tool: 'rect',
    draw: 'drag',
    check: (item, plot) => {
      expect(item['kind']).toBe('rect');
      expectAt(plot, { x: item['x'], y: item['y2'] }, A);
      expectAt(plot, { x: item['x2'], y: item['y'] }, B);
    },
    drawn: (item, plot) => [
      pointAt(plot, Date.parse(String(item['x'])), Number(item['y2'])),
      pointAt(plot, Date.parse(String(item['x2'])), Number(item['y'])),
    ],
  },
  {
    tool: 'note',
    draw: 'click',
    check: (item, plot) => {
      expect(item).toMatchObject({ kind: 'note', label: 'Note' });
      expectAt(plot, item, A);
    },
    drawn: (item, plot) => [pointAt(plot, Date.parse(String(item['x'])), Number(item['y']))],
  },
];

test('a line chart with a time x and a price y shows the drawing tools; a bar chart does not', async ({ page }) => {
  await open(page, spec({ mark: 'bar', encoding: { x: { field: 'date', type: 'ordinal' }, y: LINE.encoding.y } }));
  await expect(page.getByTestId('chart')).toBeVisible();
  await expect(page.getByTestId('drawing-bar')).toHaveCount(0);
  await open(page);
  await expect(page.getByTestId('drawing-bar')).toBeVisible();
  await expect(page.getByTestId('tool-trend')).toBeEnabled();
});

for (const { tool, draw, check, drawn } of TOOLS) {
  test(`on a line chart, the ${tool} tool writes its annotation at the date and price under the mouse; the chart draws it there; Ctrl+Z takes it back`, async ({
    page,
  }) => {
    const seen = await watch(page);
    await open(page);
    const plot = await plotOf(page);
    const version = await shownVersion(page);
    const before = await drawnItems(page);
    await page.getByTestId(`tool-${tool}`).click();
    if (draw === 'click') await page.mouse.click(to(plot, A).x, to(plot, A).y);
    else await drag(page, to(plot, A), to(plot, B));
    await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
    const text = await savedText(page);
    const item = itemsOf(text)[0]!;
    check(item, plot);
    // The rest of the text is as it was: the line's mark became the first of two layers.
    const { layer, ...rest } = JSON.parse(text) as { layer: unknown[] };
    const { mark, ...others } = JSON.parse(spec()) as { mark: unknown };
    expect(layer[0]).toEqual({ mark });
    expect(rest).toEqual(others);
    await expect(page.getByTestId(`tool-${tool}`)).toHaveAttribute('aria-pressed', 'false');
    // Drawn by the chart at the positions written (on its scales as they are now: the item is in their domains).
    await waitForChart(page, version + 1);
    await expect(page.getByTestId('problems')).toContainText('0 errors');
    const now = await plotOf(page);
    const items = await drawnAt(page, 'layer_1_');
    for (const p of drawn(item, now))
      expect(
        items.some((d) => near(d, p) || near({ x: d.x2, y: d.y2 }, p)),
        `a drawn item at ${Math.round(p.x)}, ${Math.round(p.y)}`,
      ).toBe(true);
    await page.keyboard.press('Control+z');
    await expect.poll(() => savedText(page)).toBe(spec());
    await expect.poll(() => drawnItems(page)).toBe(before);
    expect(seen.consoleErrors).toEqual([]);
  });
}

test('a line with indicators is drawn on as the line written: the level goes beside it, its indicators and pane stay', async ({
  page,
}) => {
  const seen = await watch(page);
  const written = spec({ mark: { type: 'line', point: true, indicators: ['sma', 'rsi'] } });
  await open(page, written);
  await expect(page.getByTestId('drawing-bar')).toBeVisible();
  // The series' plot: the view above the RSI pane, which shares its x scale.
  const plot = await plotOfView(page, 'concat_0_', { x: 'x', y: 'concat_0_y' });
  const version = await shownVersion(page);
  await page.getByTestId('tool-level').click();
  await page.mouse.click(to(plot, A).x, to(plot, A).y);
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
  const item = itemsOf(await savedText(page))[0]!;
  expect(item['kind']).toBe('level');
  expect(Math.abs(Number(item['y']) - A.price)).toBeLessThanOrEqual(pricePerPixel(plot) + 0.005);
  // The line, its indicators with it, became the first of two layers; the chart draws both panes.
  const { layer } = JSON.parse(await savedText(page)) as { layer: { mark: unknown }[] };
  expect(layer[0]!.mark).toEqual({ type: 'line', point: true, indicators: ['sma', 'rsi'] });
  await waitForChart(page, version + 1);
  await expect(page.getByTestId('problems')).toContainText('0 errors');
  // The RSI pane under it, on its own price scale.
  const pane = await drawnScale(page, 'concat_1_y');
  expect(pane.domain.every(Number.isFinite) && pane.domain.length).toBe(2);
  await page.keyboard.press('Control+z');
  await expect.poll(() => savedText(page)).toBe(written);
  expect(seen.consoleErrors).toEqual([]);
});

/** A line chart with a trend line written in the text, its layer first (its text in view in the editor). */
const TREND = '{"kind": "trend", "points": [{"x": "2024-01-11", "y": 100}, {"x": "2024-02-20", "y": 105}]}';
const WITH_TREND = `{
  "width": 640,
  "height": 320,
  "encoding": ${JSON.stringify(LINE.encoding)},
  "layer": [
    {"mark": {"type": "annotation", "items": [${TREND}]}},
    {"mark": {"type": "line", "point": true}}
  ],
  "data": {"values": ${JSON.stringify(rows)}}
}`;

test('on a line chart, a handle of a written trend line moves its point: exactly those two numbers change', async ({
  page,
}) => {
  const seen = await watch(page);
  await open(page, WITH_TREND);
  const plot = await plotOf(page);
  const p = to(plot, { i: 10, price: 100 });
  const q = to(plot, { i: 50, price: 105 });
  await page.mouse.click((p.x + q.x) / 2, (p.y + q.y) / 2);
  await expect(page.getByTestId('drawing-handle')).toHaveCount(2);
  const [, h1] = await handles(page);
  expect(near(h1!, q)).toBe(true);
  const target = { i: 45, price: 103.25 };
  await drag(page, h1!, to(plot, target));
  const second = async () => (itemsOf(await savedText(page))[0] as { points: { x: string }[] }).points[1]!.x;
  await expect.poll(second).toBe('2024-02-15');
  const moved = await savedText(page);
  const [item] = itemsOf(moved) as [{ points: { x: string; y: number }[] }];
  expectAt(plot, item.points[1]!, target);
  expect(moved).toBe(
    WITH_TREND.replace('{"x": "2024-02-20", "y": 105}', `{"x": "2024-02-15", "y": ${item.points[1]!.y}}`),
  );
  expect(seen.consoleErrors).toEqual([]);
});

/** Two line charts side by side. */
const CONCAT = JSON.stringify(
  {
    data: { values: rows },
    hconcat: [
      { width: 420, height: 260, ...LINE },
      { width: 420, height: 260, ...LINE },
    ],
  },
  null,
  2,
);

test('in a concatenation of two line charts, a drawing goes into the view under the mouse', async ({ page }) => {
  const seen = await watch(page);
  await open(page, CONCAT);
  const plot = await plotOfView(page, 'concat_1_');
  const first = (await drawnAt(page, 'concat_0_')).length;
  await page.getByTestId('tool-trend').click();
  await drag(page, to(plot, A), to(plot, B));
  await expect.poll(async () => (await savedText(page)).includes('"annotation"')).toBe(true);
  const written = JSON.parse(await savedText(page)) as {
    hconcat: { mark?: unknown; layer?: { mark: { items?: { points: { x: string; y: number }[] }[] } }[] }[];
  };
  expect(written.hconcat[0]!.mark).toEqual(LINE.mark);
  expect(written.hconcat[1]!.layer![0]).toEqual({ mark: LINE.mark });
  const item = written.hconcat[1]!.layer![1]!.mark.items![0]!;
  expectAt(plot, item.points[0]!, A);
  expectAt(plot, item.points[1]!, B);
  // Drawn in the second view, from the first point to the second.
  const now = await plotOfView(page, 'concat_1_');
  const at = pointAt(now, Date.parse(item.points[0]!.x), item.points[0]!.y);
  const items = await drawnAt(page, 'concat_1_layer_1_');
  expect(items.some((d) => near(d, at) || near({ x: d.x2, y: d.y2 }, at))).toBe(true);
  expect(await drawnAt(page, 'concat_0_')).toHaveLength(first);
  expect(seen.consoleErrors).toEqual([]);
});

test('with the magnet, a point snaps to the value drawn at the nearest date', async ({ page }) => {
  await open(page);
  const plot = await plotOf(page);
  await page.getByTestId('tool-magnet').click();
  await page.getByTestId('tool-note').click();
  const at = to(plot, { i: 25, price: price(25) });
  await page.mouse.click(at.x + 4, at.y - 5);
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
  expect(itemsOf(await savedText(page))[0]).toEqual({ kind: 'note', x: day(25), y: price(25), label: 'Note' });
});

test('a chart whose scales are bound to the pointer (pan and zoom) still draws with a tool: the press does not pan', async ({
  page,
}) => {
  await open(page, spec({ params: [{ name: 'grid', select: 'interval', bind: 'scales' }] }));
  const plot = await plotOf(page);
  await page.getByTestId('tool-trend').click();
  await drag(page, to(plot, A), to(plot, B));
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
  const after = await plotOf(page);
  expect(after.x).toEqual(plot.x);
  const [item] = itemsOf(await savedText(page)) as [{ points: { x: string; y: number }[] }];
  expectAt(plot, item.points[0]!, A);
  expectAt(plot, item.points[1]!, B);
  // The item written is picked (its text is selected); zoomed by the wheel, its handles follow.
  await expect(page.getByTestId('drawing-handle')).toHaveCount(2);
  await page.mouse.move(plot.left + plot.width / 2, plot.top + plot.height / 2);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -120);
  await expect.poll(async () => (await plotOf(page)).x[0]).toBeGreaterThan(plot.x[0]);
  const handleAt = async () => {
    const zoomed = await plotOf(page);
    const [h] = await handles(page);
    const p = pointAt(zoomed, Date.parse(item.points[0]!.x), item.points[0]!.y);
    return Math.round(Math.hypot(h!.x - p.x, h!.y - p.y));
  };
  await expect.poll(handleAt).toBeLessThanOrEqual(1);
  // Without a tool, a drag pans as Vega-Lite makes it.
  const zoomedFrom = (await plotOf(page)).x[0];
  const from = { x: plot.left + 40, y: plot.top + plot.height - 12 };
  await drag(page, from, { x: from.x + 100, y: from.y });
  await expect.poll(async () => (await plotOf(page)).x[0]).toBeLessThan(zoomedFrom);
  expect(itemsOf(await savedText(page))).toHaveLength(1);
});

test('Escape on the chart drops a drawing under way and the tool: nothing is written, the preview is gone', async ({
  page,
}) => {
  await open(page);
  const plot = await plotOf(page);
  await page.getByTestId('tool-rect').click();
  await page.mouse.move(to(plot, A).x, to(plot, A).y);
  await page.mouse.down();
  await page.mouse.move(to(plot, B).x, to(plot, B).y, { steps: 5 });
  await expect(page.locator('.drawing-overlay .drawing-preview').first()).toBeVisible();
  await expect(page.getByTestId('chart')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tool-rect')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.drawing-overlay .drawing-preview')).toHaveCount(0);
  await expect(page.getByTestId('drawing-handle')).toHaveCount(0);
  await page.mouse.move(to(plot, A).x, to(plot, A).y, { steps: 3 });
  await page.mouse.up();
  // A tool held with the focus on the chart: Escape puts it down, and a click then draws nothing.
  await page.getByTestId('tool-level').click();
  await page.getByTestId('chart').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tool-level')).toHaveAttribute('aria-pressed', 'false');
  await page.mouse.click(to(plot, A).x, to(plot, A).y);
  // The text is written in a task after a drawing: a click that drew would show by the next chart.
  await page.getByTestId('tool-event').click();
  await page.mouse.click(to(plot, B).x, to(plot, B).y);
  await expect.poll(async () => itemsOf(await savedText(page))).toEqual([{ kind: 'event', x: day(B.i) }]);
});

test('the measure tool shows the change, the points and the time between while it is dragged', async ({ page }) => {
  await open(page);
  const plot = await plotOf(page);
  await page.getByTestId('tool-magnet').click();
  await page.getByTestId('tool-measure').click();
  const a = to(plot, { i: 20, price: price(20) });
  const b = to(plot, { i: 40, price: price(40) });
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x + 2, b.y - 3, { steps: 6 });
  const readout = page.getByTestId('drawing-readout');
  const change = price(40) - price(20);
  const sign = change > 0 ? '+' : '';
  const pct = ((change / price(20)) * 100).toFixed(2);
  await expect(readout).toContainText(`${sign}${change.toFixed(2)} (${sign}${pct}%)`);
  await expect(readout).toContainText('20 points, 20 days');
  // Inside the plot, beside the pointer.
  const box = (await readout.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(plot.left);
  expect(box.x + box.width).toBeLessThanOrEqual(plot.left + plot.width + 0.5);
  expect(Math.hypot(box.x - b.x, box.y - b.y)).toBeLessThan(60);
  await page.mouse.up();
  await expect(readout).toHaveCount(0);
  await expect.poll(async () => itemsOf(await savedText(page))[0]?.['kind']).toBe('measure');
});

test('on a candlestick, the measure readout counts the bars and the change between two bars’ closes', async ({
  page,
}) => {
  const bars = dailyBars(60, { isoDates: true });
  await open(page, candlestick(bars));
  const plot = await plotOf(page);
  await page.getByTestId('tool-magnet').click();
  await page.getByTestId('tool-measure').click();
  const a = to(plot, { i: 10, price: bars[10]!.close });
  const b = to(plot, { i: 35, price: bars[35]!.close });
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  const change = bars[35]!.close - bars[10]!.close;
  const sign = change > 0 ? '+' : '';
  await expect(page.getByTestId('drawing-readout')).toContainText(
    `${sign}${change.toFixed(2)} (${sign}${((change / bars[10]!.close) * 100).toFixed(2)}%)`,
  );
  await expect(page.getByTestId('drawing-readout')).toContainText('25 bars, 25 days');
  await page.mouse.up();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  /** Touch points through the browser's own touch input (Chromium makes pointer events of them). */
  async function finger(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    return (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y, id: 0 }] : [] });
  }

  async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
    const touch = await finger(page);
    await touch('touchStart', from);
    for (let k = 1; k <= 6; k++)
      await touch('touchMove', { x: from.x + ((to.x - from.x) * k) / 6, y: from.y + ((to.y - from.y) * k) / 6 });
    await touch('touchEnd');
  }

  test('with a tool, one finger dragged draws on a line chart; without one, it writes nothing', async ({ page }) => {
    const seen = await watch(page);
    await open(page);
    const plot = await plotOf(page);
    await touchDrag(page, to(plot, A), to(plot, B));
    await page.getByTestId('tool-trend').tap();
    await expect(page.getByTestId('tool-trend')).toHaveAttribute('aria-pressed', 'true');
    expect(itemsOf(await savedText(page))).toEqual([]);
    await touchDrag(page, to(plot, A), to(plot, B));
    await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
    const [item] = itemsOf(await savedText(page)) as [{ kind: string; points: { x: string; y: number }[] }];
    expect(item.kind).toBe('trend');
    expectAt(plot, item.points[0]!, A);
    expectAt(plot, item.points[1]!, B);
    // A one-point tool by a tap on the chart (its button clicked: Chromium makes no click of a tap
    // that follows a touch this closely).
    await page.getByTestId('tool-level').click();
    await expect(page.getByTestId('tool-level')).toHaveAttribute('aria-pressed', 'true');
    const touch = await finger(page);
    await touch('touchStart', to(plot, B));
    await touch('touchEnd');
    await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(2);
    expect(Math.abs(Number(itemsOf(await savedText(page))[1]!['y']) - B.price)).toBeLessThanOrEqual(
      pricePerPixel(plot) + 0.005,
    );
    expect(seen.consoleErrors).toEqual([]);
  });

  test('on a candlestick, a finger with a tool draws instead of panning or holding the crosshair', async ({ page }) => {
    const bars = dailyBars(60, { isoDates: true });
    await open(page, candlestick(bars));
    const plot = await plotOf(page);
    const before = (await drawnScale(page, 'x')).domain;
    await page.getByTestId('tool-trend').tap();
    const from = to(plot, { i: 20, price: bars[20]!.high });
    const until = to(plot, { i: 40, price: bars[40]!.low });
    const touch = await finger(page);
    await touch('touchStart', from);
    // Held longer than a press-and-hold: still a drawing, not the crosshair.
    await page.waitForTimeout(700);
    for (let k = 1; k <= 6; k++)
      await touch('touchMove', { x: from.x + ((until.x - from.x) * k) / 6, y: from.y + ((until.y - from.y) * k) / 6 });
    await touch('touchEnd');
    await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
    const [item] = itemsOf(await savedText(page)) as [{ points: { x: string; y: number }[] }];
    expect(item.points.map((p) => p.x)).toEqual([day(20), day(40)]);
    expect((await drawnScale(page, 'x')).domain).toEqual(before);
    await expect(page.locator('.crosshair-v')).toBeHidden();
  });
});

/** A line chart with a few drawings written: a level, a rectangle, a note and a callout. */
const DRAWN = spec({
  mark: undefined,
  layer: [
    LINE.mark && { mark: LINE.mark },
    {
      mark: {
        type: 'annotation',
        items: [
          { kind: 'level', y: 104, label: 'Resistance' },
          { kind: 'rect', x: '2024-01-25', x2: '2024-02-08', y: 90, y2: 96 },
          { kind: 'note', x: '2024-01-10', y: 95, label: 'A note written on the chart' },
          { kind: 'callout', x: '2024-02-20', y: rows[50]!.price, label: 'Callout' },
        ],
      },
    },
  ],
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1440, 800]) {
    test(`screenshot: a line chart with drawings, one picked, the measure dragged, ${colorScheme} colors, ${width} px wide`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await open(page, DRAWN, width);
      const plot = await plotOf(page);
      // The note picked by its label's text, well right of its point (the label is measured).
      const note = pointAt(plot, Date.parse('2024-01-10'), 95);
      await page.mouse.click(note.x + 60, note.y);
      await expect(page.getByTestId('drawing-handle')).toHaveCount(1);
      await page.screenshot({ path: `test-results/drawing-plain-picked-${colorScheme}-${width}.png` });
      await page.getByTestId('tool-measure').click();
      await page.mouse.move(to(plot, A).x, to(plot, A).y);
      await page.mouse.down();
      await page.mouse.move(to(plot, { i: 55, price: price(55) }).x, to(plot, { i: 55, price: price(55) }).y, {
        steps: 4,
      });
      await expect(page.getByTestId('drawing-readout')).toBeVisible();
      await page.screenshot({ path: `test-results/drawing-plain-${colorScheme}-${width}.png` });
      // The readout within the plot, the bar beside the chart.
      const readout = (await page.getByTestId('drawing-readout').boundingBox())!;
      expect(readout.x + readout.width).toBeLessThanOrEqual(plot.left + plot.width + 0.5);
      expect(readout.y + readout.height).toBeLessThanOrEqual(plot.top + plot.height + 0.5);
      await page.mouse.up();
      const bar = await page.getByTestId('drawing-bar').boundingBox();
      const chart = await page.getByTestId('chart').boundingBox();
      expect(bar!.x + bar!.width).toBeLessThanOrEqual(chart!.x);
    });
  }
}

/**
 * A row a line mark draws (its `k`-th item, in the line named by `series` when there are several):
 * where it is on the page, its time and price.
 */
async function drawnRow(page: Page, k: number, series?: string) {
  return page.evaluate(
    ([k, series]) => {
      type Item = {
        x?: number;
        y?: number;
        items?: Item[];
        name?: string;
        marktype?: string;
        datum?: Record<string, unknown>;
      };
      const host = document.querySelector('[data-testid="chart"]') as Element & {
        chartspecView: { scenegraph(): { root: Item }; origin(): [number, number] };
      };
      const view = host.chartspecView;
      const box = host.querySelector('canvas, svg')!.getBoundingClientRect();
      const root = view.scenegraph().root;
      const [ox, oy] = view.origin();
      let found: { x: number; y: number; t: number; price: number } | undefined;
      const walk = (mark: Item, gx: number, gy: number) => {
        if (found) return;
        const items = mark.items ?? [];
        const d = items[k]?.datum;
        if (mark.marktype === 'line' && d && (series === undefined || d['symbol'] === series)) {
          const item = items[k]!;
          found = {
            x: box.left + gx + item.x!,
            y: box.top + gy + item.y!,
            t: +(d['date'] as Date),
            price: Number(d['price']),
          };
          return;
        }
        if (mark.marktype === 'group')
          for (const c of items) for (const m of c.items ?? []) walk(m, gx + (c.x ?? 0), gy + (c.y ?? 0));
      };
      const top = root.items?.[0];
      for (const m of top?.items ?? []) walk(m, ox, oy);
      return found!;
    },
    [k, series] as const,
  );
}

for (const { example, series, unit } of [
  { example: 'line-single', series: undefined, unit: '' },
  { example: 'layer-line-mean', series: undefined, unit: '/layer/0' },
  { example: 'line-multi-series', series: 'AAPL', unit: '' },
]) {
  test(`the gallery's ${example}: with the magnet, a note goes on a data point's date and price, beside its line`, async ({
    page,
  }) => {
    const seen = await watch(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await openExample(page, example);
    await editorReady(page);
    const before = await savedText(page);
    const row = await drawnRow(page, 40, series);
    await page.getByTestId('tool-magnet').click();
    await page.getByTestId('tool-note').click();
    await page.mouse.click(row.x + 1, row.y - 3);
    await expect.poll(async () => (await savedText(page)).includes('"annotation"')).toBe(true);
    const text = await savedText(page);
    const written = JSON.parse(text) as Record<string, unknown> & { layer: { mark: unknown }[] };
    const at = unit === '' ? 1 : Number(unit.split('/').at(-1)) + 1;
    const item = (written.layer[at]!.mark as { items: { kind: string; x: string; y: number }[] }).items[0]!;
    expect(item.kind).toBe('note');
    expect(item.y).toBe(row.price);
    // The date in the data's own form: a date alone is UTC midnight, a date and time local.
    expect(item.x.includes('T') ? new Date(item.x).getTime() : Date.parse(item.x)).toBe(row.t);
    // Everything else as it was.
    const { layer: _layer, ...rest } = written;
    const { layer: _was, mark: _mark, ...others } = JSON.parse(before) as Record<string, unknown>;
    expect(rest).toEqual(others);
    await expect(page.getByTestId('problems')).toContainText('0 errors');
    expect(seen.consoleErrors).toEqual([]);
  });
}
