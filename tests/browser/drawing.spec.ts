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
import { editorReady, openWith, shareHash, shownVersion, waitForChart, watch } from './helpers';

/**
 * Drawing on a candlestick writes the spec: each tool's drag or click becomes an
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

async function open(page: Page, text = spec(), width = 1440) {
  await page.setViewportSize({ width, height: 900 });
  await openWith(page, text);
  await editorReady(page);
}

const day = (i: number) => new Date(START + i * DAY).toISOString().slice(0, 10);

type Point = { x: string; y: number };
/** A bar (its index) and a price: where the mouse goes. */
type At = { i: number; price: number };

const A: At = { i: 20, price: values[20]!.high };
const B: At = { i: 40, price: values[40]!.low };
const C: At = { i: 30, price: values[30]!.high + 3 };

const to = (plot: Plot, at: At) => pointAt(plot, START + at.i * DAY, at.price);

/** A point written for a bar and a price: the bar's date, the price within a pixel's worth (and its rounding). */
function expectAt(plot: Plot, point: { x?: unknown; y?: unknown }, at: At) {
  expect(point.x).toBe(day(at.i));
  expect(Math.abs(Number(point.y) - at.price)).toBeLessThanOrEqual(pricePerPixel(plot) + 0.005);
}

/** Each tool: how the mouse draws it, and what the item written must say. */
const TOOLS: {
  tool: string;
  draw: 'click' | 'drag' | 'channel';
  check(item: Record<string, unknown>, plot: Plot): void;
}[] = [
  {
    tool: 'level',
    draw: 'click',
    check: (item, plot) => {
      expect(item['kind']).toBe('level');
      expect(Math.abs(Number(item['y']) - A.price)).toBeLessThanOrEqual(pricePerPixel(plot) + 0.005);
    },
  },
  { tool: 'event', draw: 'click', check: (item) => expect(item).toEqual({ kind: 'event', x: day(A.i) }) },
  {
    tool: 'trend',
    draw: 'drag',
    check: (item, plot) => {
      expect(item['kind']).toBe('trend');
      const [p, q] = item['points'] as Point[];
      expectAt(plot, p!, A);
      expectAt(plot, q!, B);
    },
  },
  {
    tool: 'ray',
    draw: 'drag',
    check: (item, plot) => {
      expect(item).toMatchObject({ kind: 'trend', extend: 'ray' });
      const [p, q] = item['points'] as Point[];
      expectAt(plot, p!, A);
      expectAt(plot, q!, B);
    },
  },
  {
    tool: 'rect',
    draw: 'drag',
    check: (item, plot) => {
      expect(item['kind']).toBe('rect');
      expectAt(plot, { x: item['x'], y: item['y2'] }, A);
      expectAt(plot, { x: item['x2'], y: item['y'] }, B);
    },
  },
  {
    tool: 'fibonacci',
    draw: 'drag',
    check: (item, plot) => {
      expect(item['kind']).toBe('fibonacci');
      const [p, q] = item['points'] as Point[];
      expectAt(plot, p!, A);
      expectAt(plot, q!, B);
    },
  },
  {
    tool: 'channel',
    draw: 'channel',
    check: (item, plot) => {
      expect(item['kind']).toBe('channel');
      const [p, q, r] = item['points'] as Point[];
      expectAt(plot, p!, A);
      expectAt(plot, q!, B);
      expectAt(plot, r!, C);
    },
  },
  {
    tool: 'callout',
    draw: 'click',
    check: (item, plot) => {
      expect(item).toMatchObject({ kind: 'callout', label: 'Note' });
      expectAt(plot, item, A);
    },
  },
  {
    tool: 'note',
    draw: 'click',
    check: (item, plot) => {
      expect(item).toMatchObject({ kind: 'note', label: 'Note' });
      expectAt(plot, item, A);
    },
  },
  {
    tool: 'buy',
    draw: 'click',
    check: (item, plot) => {
      expect(item).toMatchObject({ kind: 'marker', shape: 'buy' });
      expectAt(plot, item, A);
    },
  },
  {
    tool: 'sell',
    draw: 'click',
    check: (item, plot) => {
      expect(item).toMatchObject({ kind: 'marker', shape: 'sell' });
      expectAt(plot, item, A);
    },
  },
  {
    tool: 'measure',
    draw: 'drag',
    check: (item, plot) => {
      expect(item['kind']).toBe('measure');
      const [p, q] = item['points'] as Point[];
      expectAt(plot, p!, A);
      expectAt(plot, q!, B);
    },
  },
];

for (const { tool, draw, check } of TOOLS) {
  test(`the ${tool} tool writes its annotation at the bar and price under the mouse; the chart draws it; Ctrl+Z takes it back`, async ({
    page,
  }) => {
    const seen = await watch(page);
    await open(page);
    const plot = await plotOf(page);
    const version = await shownVersion(page);
    const before = await drawnItems(page);
    await page.getByTestId(`tool-${tool}`).click();
    await expect(page.getByTestId(`tool-${tool}`)).toHaveAttribute('aria-pressed', 'true');
    if (draw === 'click') {
      const p = to(plot, A);
      await page.mouse.click(p.x, p.y);
    } else {
      await drag(page, to(plot, A), to(plot, B));
      if (draw === 'channel') {
        // The base line is drawn; the third point follows the mouse until a click places it.
        await page.mouse.move(to(plot, C).x, to(plot, C).y, { steps: 3 });
        expect(await savedText(page)).toBe(spec());
        await page.mouse.click(to(plot, C).x, to(plot, C).y);
      }
    }
    await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
    const text = await savedText(page);
    check(itemsOf(text)[0]!, plot);
    // The rest of the text is as it was: the candlestick's mark became the first of two layers.
    const { layer, ...rest } = JSON.parse(text) as { layer: unknown[] };
    const { mark, ...others } = JSON.parse(spec()) as { mark: unknown };
    expect(layer[0]).toEqual({ mark });
    expect(rest).toEqual(others);
    await expect(page.getByTestId(`tool-${tool}`)).toHaveAttribute('aria-pressed', 'false');
    await waitForChart(page, version + 1);
    await expect.poll(() => drawnItems(page)).toBeGreaterThan(before);
    await expect(page.getByTestId('problems')).toContainText('0 errors');
    await page.keyboard.press('Control+z');
    await expect.poll(() => savedText(page)).toBe(spec());
    await expect.poll(() => drawnItems(page)).toBe(before);
    expect(seen.consoleErrors).toEqual([]);
  });
}

/** A chart with a trend line written in the text, its layer first (so its text is in view in the editor). */
const TREND =
  '{"kind": "trend", "points": [{"x": "2024-01-11", "y": 100}, {"x": "2024-02-20", "y": 105}], "color": "#e0483e"}';
const WITH_TREND = `{
  "width": 640,
  "height": 320,
  "layer": [
    {
      "mark": {
        "type": "annotation",
        "items": [
          ${TREND}
        ]
      }
    },
    {
      "mark": {"type": "candlestick", "tooltip": false},
      "encoding": ${JSON.stringify(CANDLE_ENCODING)}
    }
  ],
  "data": {"values": ${JSON.stringify(values)}}
}`;

test('a written trend line is picked on the chart, a handle moves one point, the body moves both, Delete removes it', async ({
  page,
}) => {
  const seen = await watch(page);
  await open(page, WITH_TREND);
  const plot = await plotOf(page);
  await expect(page.getByTestId('drawing-handle')).toHaveCount(0);
  // A press on the line, halfway: it is picked, with a handle on each point, and its text selected.
  const p = to(plot, { i: 10, price: 100 });
  const q = to(plot, { i: 50, price: 105 });
  await page.mouse.click((p.x + q.x) / 2, (p.y + q.y) / 2);
  await expect(page.getByTestId('drawing-handle')).toHaveCount(2);
  const [h0, h1] = await handles(page);
  expect(Math.hypot(h0!.x - p.x, h0!.y - p.y)).toBeLessThan(1.5);
  expect(Math.hypot(h1!.x - q.x, h1!.y - q.y)).toBeLessThan(1.5);
  await expect(page.locator('[data-testid="editor"] .selected-text').first()).toBeVisible();

  // The second handle to bar 45 and a price of 95: those two numbers change, nothing else.
  const version = await shownVersion(page);
  await drag(page, h1!, to(plot, { i: 45, price: 95 }));
  const second = async () => (itemsOf(await savedText(page))[0] as { points: Point[] }).points[1]!.x;
  await expect.poll(second).toBe('2024-02-15');
  const moved = await savedText(page);
  const [item] = itemsOf(moved) as [{ points: Point[] }];
  expectAt(plot, item.points[1]!, { i: 45, price: 95 });
  expect(moved).toBe(
    WITH_TREND.replace('{"x": "2024-02-20", "y": 105}', `{"x": "2024-02-15", "y": ${item.points[1]!.y}}`),
  );
  await waitForChart(page, version + 1);

  // The whole line, five bars on: both dates move five days, the prices by the same amount.
  const [g0, g1] = await handles(page);
  const mid = { x: (g0!.x + g1!.x) / 2, y: (g0!.y + g1!.y) / 2 };
  const by = (to(plot, { i: 15, price: 100 }).x - to(plot, { i: 10, price: 100 }).x) | 0;
  await drag(page, mid, { x: mid.x + by, y: mid.y - 20 });
  const first = async () => (itemsOf(await savedText(page))[0] as { points: Point[] }).points[0]!.x;
  await expect.poll(first).toBe('2024-01-16');
  const [shifted] = itemsOf(await savedText(page)) as [{ points: Point[] }];
  expect(shifted.points.map((pt) => pt.x)).toEqual(['2024-01-16', '2024-02-20']);
  const dy = shifted.points[0]!.y - 100;
  expect(dy).toBeGreaterThan(0);
  expect(Math.abs(shifted.points[1]!.y - item.points[1]!.y - dy)).toBeLessThan(0.015);

  // Delete (the chart has the focus) removes it from the text, with its layer.
  await page.keyboard.press('Delete');
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(0);
  await expect(page.getByTestId('drawing-handle')).toHaveCount(0);
  expect(seen.consoleErrors).toEqual([]);
});

test('the cursor in an annotation item in the editor shows that drawing picked on the chart', async ({ page }) => {
  await open(page, WITH_TREND);
  await expect(page.getByTestId('drawing-handle')).toHaveCount(0);
  await page
    .locator('[data-testid="editor"] .view-line', { hasText: '"kind": "trend"' })
    .click({ position: { x: 150, y: 5 } });
  await expect(page.getByTestId('drawing-handle')).toHaveCount(2);
  // Out of the item: the drawing is let go.
  await page.locator('[data-testid="editor"] .view-line', { hasText: '"width"' }).click();
  await expect(page.getByTestId('drawing-handle')).toHaveCount(0);
});

test('a drag without a tool still pans, and leaves the text alone', async ({ page }) => {
  await open(page, WITH_TREND);
  const plot = await plotOf(page);
  // Far from the trend line: low on the plot, at its left.
  const from = { x: plot.left + 60, y: plot.top + plot.height - 10 };
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -120);
  await page.mouse.move(from.x, from.y);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -120);
  const zoomed = await plotOf(page);
  await drag(page, from, { x: from.x + 120, y: from.y });
  await expect.poll(async () => (await plotOf(page)).x[0]).toBeLessThan(zoomed.x[0]);
  expect(await savedText(page)).toBe(WITH_TREND);
});

test('drawing while zoomed in writes the bars and prices under the mouse at that zoom', async ({ page }) => {
  await open(page);
  const start = await plotOf(page);
  await page.mouse.move(start.left + start.width * 0.6, start.top + start.height / 2);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -120);
  await expect
    .poll(async () => (await plotOf(page)).x[1] - (await plotOf(page)).x[0])
    .toBeLessThan((start.x[1] - start.x[0]) * 0.7);
  await page.waitForTimeout(200);
  const plot = await plotOf(page);
  const none = await drawnItems(page);
  // Two bars well inside the zoomed range, at prices in the zoomed price axis.
  const first = Math.ceil((plot.x[0] - START) / DAY) + 2;
  const last = Math.floor((plot.x[1] - START) / DAY) - 2;
  const a = { i: first, price: plot.y[0] + (plot.y[1] - plot.y[0]) * 0.3 };
  const b = { i: last, price: plot.y[0] + (plot.y[1] - plot.y[0]) * 0.8 };
  await page.getByTestId('tool-trend').click();
  await drag(page, to(plot, a), to(plot, b));
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
  const [item] = itemsOf(await savedText(page)) as [{ points: Point[] }];
  expectAt(plot, item.points[0]!, a);
  expectAt(plot, item.points[1]!, b);
  // The chart drawn from the new text keeps the zoom.
  await expect.poll(() => drawnItems(page)).toBeGreaterThan(none);
  const after = await plotOf(page);
  expect(Math.abs(after.x[0] - plot.x[0])).toBeLessThan(DAY);
  expect(Math.abs(after.x[1] - plot.x[1])).toBeLessThan(DAY);
});

test('a drawing goes through a share link: the link opens on the same item, drawn', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  const plot = await plotOf(page);
  const none = await drawnItems(page);
  await page.getByTestId('tool-fibonacci').click();
  await drag(page, to(plot, A), to(plot, B));
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
  const text = await savedText(page);
  await page.getByTestId('share').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toContain(shareHash(text).slice(0, 20));
  const other = await context.newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  await other.goto(link);
  await waitForChart(other, 1);
  await expect.poll(() => savedText(other)).toBe(text);
  await expect.poll(() => drawnItems(other)).toBeGreaterThan(none);
  expect(itemsOf(await savedText(other))[0]).toMatchObject({ kind: 'fibonacci' });
});

test('a text that does not parse gets no drawing; Escape puts a tool down; the tools are reached with the keyboard', async ({
  page,
}) => {
  await open(page);
  // The tools by keyboard: Tab moves along them, Enter takes one, Escape puts it down.
  await page.getByTestId('tool-level').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('tool-event')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tool-event')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tool-event')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('tool-event')).toHaveAttribute('aria-pressed', 'true');

  // Break the text (a stray character after its end): the chart stays, a drawing writes nothing.
  await page.locator('[data-testid="editor"] .view-line').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' x');
  await expect.poll(() => savedText(page)).toBe(spec() + ' x');
  const plot = await plotOf(page);
  await page.getByTestId('tool-trend').click();
  await drag(page, to(plot, A), to(plot, B));
  await page.waitForTimeout(800);
  expect(await savedText(page)).toBe(spec() + ' x');
});

test('on a percent price axis the tools are shown disabled, saying why; back on Linear they draw again', async ({
  page,
}) => {
  await open(page, spec({ mark: { type: 'candlestick', tooltip: false, priceScale: 'percent' } }));
  const trend = page.getByTestId('tool-trend');
  await expect(trend).toBeDisabled();
  await expect(trend).toHaveAttribute('title', /switch the price axis to Linear or Log/);
  // The toggle writes priceScale into the text; the chart drawn anew takes the tools back.
  await page.getByRole('button', { name: 'Linear' }).click();
  await expect(trend).toBeEnabled();
  await expect(trend).toHaveAttribute('title', /Drag from one point to another/);
});

/** Two candlesticks one above the other: a drawing goes into the unit under the mouse. */
const CONCAT = JSON.stringify(
  {
    data: { values },
    vconcat: [
      { width: 600, height: 180, mark: { type: 'candlestick', tooltip: false }, encoding: CANDLE_ENCODING },
      { width: 600, height: 180, mark: { type: 'candlestick', tooltip: false }, encoding: CANDLE_ENCODING },
    ],
  },
  null,
  2,
);

test('in a concatenation, a drawing goes into the view under the mouse', async ({ page }) => {
  const seen = await watch(page);
  await open(page, CONCAT);
  const plot = await plotOfView(page, 'concat_1_');
  await page.getByTestId('tool-trend').click();
  await drag(page, to(plot, A), to(plot, B));
  await expect.poll(async () => (await savedText(page)).includes('"annotation"')).toBe(true);
  const written = JSON.parse(await savedText(page)) as {
    vconcat: { mark?: unknown; layer?: { mark: { items?: { points: Point[] }[] } }[] }[];
  };
  // The first view is as it was; the second became a layer of the candlestick and the annotation.
  expect(written.vconcat[0]!.mark).toEqual({ type: 'candlestick', tooltip: false });
  const item = written.vconcat[1]!.layer![1]!.mark.items![0]!;
  expectAt(plot, item.points[0]!, A);
  expectAt(plot, item.points[1]!, B);
  // It is picked on its own view, once the chart is drawn from the new text.
  await expect(page.getByTestId('drawing-handle')).toHaveCount(2);
  const [h0] = await page
    .getByTestId('drawing-handle')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(h0).toBeGreaterThan(plot.top);
  expect(seen.consoleErrors).toEqual([]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1440, 800]) {
    test(`screenshot: a drawing picked with its handles, ${colorScheme} colors, ${width} px wide`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await open(page, WITH_TREND, width);
      const plot = await plotOf(page);
      const p = to(plot, { i: 10, price: 100 });
      const q = to(plot, { i: 50, price: 105 });
      await page.mouse.click((p.x + q.x) / 2, (p.y + q.y) / 2);
      await expect(page.getByTestId('drawing-handle')).toHaveCount(2);
      await page.getByTestId('tool-rect').click();
      await page.mouse.move(to(plot, A).x, to(plot, A).y);
      await page.mouse.down();
      await page.mouse.move(to(plot, B).x, to(plot, B).y, { steps: 4 });
      await page.screenshot({ path: `test-results/drawing-${colorScheme}-${width}.png` });
      await page.mouse.up();
      // The bar is beside the plot: none of its buttons over the price axis' labels.
      const bar = await page.getByTestId('drawing-bar').boundingBox();
      const chart = await page.getByTestId('chart').boundingBox();
      expect(bar!.x + bar!.width).toBeLessThanOrEqual(chart!.x);
    });
  }
}

test('with the magnet, a point snaps to the nearest open, high, low or close; Escape drops a drawing under way', async ({
  page,
}) => {
  await open(page);
  const plot = await plotOf(page);
  await page.getByTestId('tool-magnet').click();
  await expect(page.getByTestId('tool-magnet')).toHaveAttribute('aria-pressed', 'true');
  // Four pixels over bar 25's high, and a little to the side of its time.
  const high = to(plot, { i: 25, price: values[25]!.high });
  await page.getByTestId('tool-level').click();
  await page.mouse.click(high.x + 3, high.y - 4);
  await expect.poll(async () => itemsOf(await savedText(page)).length).toBe(1);
  expect(itemsOf(await savedText(page))[0]).toEqual({ kind: 'level', y: values[25]!.high });

  // A channel whose base line is drawn, waiting for its third point: Escape drops it and the tool.
  const text = await savedText(page);
  await page.getByTestId('tool-channel').click();
  await drag(page, to(plot, A), to(plot, B));
  await page.mouse.move(to(plot, C).x, to(plot, C).y, { steps: 3 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tool-channel')).toHaveAttribute('aria-pressed', 'false');
  await page.mouse.click(to(plot, C).x, to(plot, C).y);
  await page.waitForTimeout(600);
  expect(await savedText(page)).toBe(text);
});
