import { expect, test, type Page } from '@playwright/test';
import { BAR } from './fixtures';
// The bench's 10,000-row line chart (one row per line; rows start on line 4).
import { rowsSpec } from '../../bench/specs.mjs';
import {
  chartPane,
  cursorToLineEnd,
  editorReady,
  openFile,
  openWith,
  shownVersion,
  waitForChart,
  watch,
} from './helpers';
import { SHARED_MIN_ROWS } from '../../src/render/shared-rows';
import { digest } from '../../src/core/text';

/** A candlestick over `n` inline daily bars (weekdays only), deterministic. */
function candlesSpec(n: number): string {
  const values: string[] = [];
  let close = 100;
  let t = Date.UTC(2020, 0, 6);
  for (let i = 0; i < n; i++) {
    const open = close;
    close = Math.max(1, open + Math.sin(i * 1.7) * 2);
    const date = new Date(t).toISOString().slice(0, 10);
    values.push(
      `{"date": "${date}", "open": ${open.toFixed(2)}, "high": ${(Math.max(open, close) + 1).toFixed(2)}, "low": ${(Math.min(open, close) - 1).toFixed(2)}, "close": ${close.toFixed(2)}}`,
    );
    t += 86400000 * (new Date(t).getUTCDay() === 5 ? 3 : 1);
  }
  return `{
  "data": {"values": [
    ${values.join(',\n    ')}
  ]},
  "mark": "candlestick",
  "encoding": {
    "x": {"field": "date", "type": "temporal"},
    "open": {"field": "open"}, "high": {"field": "high"}, "low": {"field": "low"}, "close": {"field": "close"}
  }
}`;
}

/** Where the chart's axes begin, in the chart's own pixels (below 0: cut off at the left). */
const axesLeftEdge = (page: Page) =>
  page.evaluate(() => {
    type Item = { role?: string; bounds: { x1: number }; items?: Item[] };
    const view = (
      document.querySelector('[data-testid="chart"]') as Element & {
        chartspecView: { origin(): [number, number]; scenegraph(): { root: Item } };
      }
    ).chartspecView;
    const root = view.scenegraph().root.items![0]!;
    const axes = root.items!.filter((mark) => mark.role === 'axis').flatMap((mark) => mark.items!);
    return Math.min(...axes.map((axis) => axis.bounds.x1)) + view.origin()[0];
  });

const drawnMarks = (page: Page) => page.evaluate(() => performance.getEntriesByName('chartspec:drawn', 'mark').length);
const savedText = (page: Page) => page.evaluate(() => localStorage.getItem('chartspec:text'));

test('typing into a 10,000-row spec: the chart follows and the text stays whole', async ({ page }) => {
  test.setTimeout(120_000);
  const text = rowsSpec(10_000);
  await openWith(page, text);
  await editorReady(page);
  await expect(chartPane(page)).toHaveAttribute('data-state', 'ready');
  const chart = page.getByTestId('chart');
  const before = await chart.screenshot();

  // An exponent onto the first row's value: that point jumps ten thousand times higher.
  await cursorToLineEnd(page, 4);
  await page.keyboard.press('ArrowLeft'); // before ','
  await page.keyboard.press('ArrowLeft'); // before '}'
  const version = await shownVersion(page);
  // What storage holds each time the live view runs: the drawing mark must name the text being
  // drawn, and that text must be saved, before the view starts on it (the lock-out's promise).
  await page.evaluate(() => {
    const view = (
      document.querySelector('[data-testid="chart"]') as Element & {
        chartspecView: { runAsync(...a: unknown[]): Promise<unknown> };
      }
    ).chartspecView;
    const run = view.runAsync.bind(view);
    const seen: { mark: string | null; saved: string | null }[] = ((window as unknown as { __runs: unknown[] }).__runs =
      []) as never;
    view.runAsync = (...a: unknown[]) => {
      seen.push({ mark: localStorage.getItem('chartspec:drawing'), saved: localStorage.getItem('chartspec:text') });
      return run(...a);
    };
  });
  await page.keyboard.type('e4', { delay: 60 });
  await waitForChart(page, version + 1);
  const lines = text.split('\n');
  lines[3] = `${lines[3]!.slice(0, -2)}e4${lines[3]!.slice(-2)}`;
  const typed = lines.join('\n');
  const runs = await page.evaluate(
    () => (window as unknown as { __runs: { mark: string | null; saved: string | null }[] }).__runs,
  );
  expect(runs.length).toBeGreaterThan(0);
  expect(runs.at(-1)!.mark).toBe(digest(typed));
  expect(runs.at(-1)!.saved === typed).toBe(true);
  // The whole text, as the app keeps it (autosaved), is exactly what was typed.
  await expect.poll(() => savedText(page), { timeout: 20_000 }).toBe(typed);
  await expect.poll(async () => Buffer.compare(await chart.screenshot(), before) !== 0).toBe(true);
  // Only a row changed: the live view took that row (a data patch), it was not built anew.
  const patched = await page.evaluate(() => {
    const marks = performance.getEntriesByName('chartspec:drawn', 'mark');
    const host = document.querySelector('[data-testid="chart"]') as
      (Element & { chartspecView?: { data(name: string): { value: number }[] } }) | null;
    return {
      patched: (marks.at(-1) as PerformanceMark).detail?.patched === true,
      first: host?.chartspecView?.data('source_0')[0]?.value,
    };
  });
  expect(patched.patched).toBe(true);
  expect(patched.first).toBe(Number(/"value": ([\d.]+)/.exec(lines[3]!.replace('e4', ''))![1]) * 1e4);
  // The y axis's labels grew ("800,000"): the chart is padded for them, none is cut at the edge.
  expect(await axesLeftEdge(page)).toBeGreaterThanOrEqual(0);

  // Spaces change nothing the chart shows: the text is taken, the chart is not drawn again.
  const drawn = await drawnMarks(page);
  const spaced = await shownVersion(page);
  await page.keyboard.type('   ', { delay: 60 });
  await waitForChart(page, spaced + 1);
  lines[3] = `${lines[3]!.slice(0, -2)}   ${lines[3]!.slice(-2)}`;
  await expect.poll(() => savedText(page), { timeout: 20_000 }).toBe(lines.join('\n'));
  expect(await drawnMarks(page)).toBe(drawn);
  await expect(page.getByTestId('problem')).toHaveCount(0);
});

test('typing into 10,000 rows while the pointer moves over the chart: the chart follows, hovering still selects, no errors', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seen = await watch(page);
  // The bench's rows as points that a pointer over them selects (Vega runs at every such event).
  const text = rowsSpec(10_000)
    .replace(
      '"mark": "line",',
      '"mark": {"type": "point", "filled": true, "size": 30},\n  "params": [{"name": "hover", "select": {"type": "point", "on": "pointerover", "clear": false}}],',
    )
    .replace(
      '"color": {"field": "series", "type": "nominal"}',
      '"color": {"condition": {"param": "hover", "value": "red"}, "value": "steelblue"}',
    );
  await openWith(page, text);
  await editorReady(page);
  await expect(chartPane(page)).toHaveAttribute('data-state', 'ready');
  const box = (await page.getByTestId('chart').locator('canvas').boundingBox())!;
  const version = await shownVersion(page);
  await cursorToLineEnd(page, 4);
  await page.keyboard.press('ArrowLeft'); // before ','
  await page.keyboard.press('ArrowLeft'); // before '}'
  // Each key moves the y scale (the first value goes ×10, ÷10, …: every point is encoded again, in
  // slices); the pointer sweeps the plot meanwhile.
  let typing = true;
  const sweep = (async () => {
    for (let i = 0; typing && i < 400; i++) {
      const f = (i % 40) / 40;
      await page.mouse.move(box.x + 40 + f * (box.width - 80), box.y + 20 + (((i * 7) % 40) / 40) * (box.height - 60));
    }
  })();
  for (const key of ['0', 'Backspace', '0', '0', 'Backspace']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  typing = false;
  await sweep;
  await waitForChart(page, version + 1);
  const lines = text.split('\n');
  lines[3] = `${lines[3]!.slice(0, -2)}0${lines[3]!.slice(-2)}`;
  await expect.poll(() => savedText(page), { timeout: 20_000 }).toBe(lines.join('\n'));
  const first = Number(/"value": ([\d.]+)/.exec(text.split('\n')[3]!)![1]);
  const chartState = () =>
    page.evaluate(() => {
      const view = (
        document.querySelector('[data-testid="chart"]') as Element & {
          chartspecView: { data(n: string): Record<string, unknown>[] };
        }
      ).chartspecView;
      type Item = { fill?: string; items?: Item[]; role?: string };
      const scene = (view as unknown as { scenegraph(): { root: Item } }).scenegraph().root;
      const points = scene.items![0]!.items!.find((m) => m.role === 'mark')!.items!;
      return {
        first: view.data('source_0')[0]!['value'],
        hovered: view.data('hover_store').length,
        red: points.filter((p) => p.fill === 'red').length,
      };
    });
  await expect.poll(async () => (await chartState()).first).toBe(first * 10);
  // Hovering still selects: the pointer onto a point (where the chart drew it) picks it.
  const at = await page.evaluate(() => {
    type Item = { x: number; y: number; datum: Record<string, unknown>; items?: Item[]; role?: string };
    const view = (
      document.querySelector('[data-testid="chart"]') as Element & {
        chartspecView: { origin(): [number, number]; scenegraph(): { root: Item } };
      }
    ).chartspecView;
    const marks = view.scenegraph().root.items![0]!.items!.find((m) => m.role === 'mark')!;
    const point = marks.items![5000]!;
    return { x: view.origin()[0] + point.x, y: view.origin()[1] + point.y, value: point.datum['value'] };
  });
  // Where the canvas is now: the chart follows its pane, which the problems list may have resized.
  const canvas = (await page.getByTestId('chart').locator('canvas').boundingBox())!;
  await page.mouse.move(canvas.x + 1, canvas.y + 1);
  await page.mouse.move(canvas.x + at.x, canvas.y + at.y, { steps: 4 });
  await expect.poll(async () => (await chartState()).hovered).toBe(1);
  // …and the chart shows it: that point alone is drawn in the selection's color.
  await expect.poll(async () => (await chartState()).red).toBe(1);
  await expect(page.getByTestId('problem')).toHaveCount(0);
  expect(seen.consoleErrors).toEqual([]);
});

test('a chart with many marks is drawn on a canvas, a small one in SVG', async ({ page }) => {
  test.setTimeout(90_000);
  await openWith(page, candlesSpec(3000));
  const chart = page.getByTestId('chart');
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expect(chart.locator('svg')).toHaveCount(0);

  await openWith(page, BAR);
  await expect(chart.locator('svg')).toHaveCount(1);
  await expect(chart.locator('canvas')).toHaveCount(0);
  await expect(chart.locator('svg g.mark-rect path')).toHaveCount(3);
});

test('data that turns out large once loaded moves the chart to a canvas', async ({ page }) => {
  test.setTimeout(90_000);
  await openWith(
    page,
    JSON.stringify({
      data: { url: 'data/flights-10k.json' },
      mark: 'point',
      encoding: { x: { field: 'distance', type: 'quantitative' }, y: { field: 'delay', type: 'quantitative' } },
    }),
  );
  const chart = page.getByTestId('chart');
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expect(chart.locator('svg')).toHaveCount(0);
  await expect(chartPane(page)).toHaveAttribute('data-state', 'ready');
});

test('in a 10,000-row spec suggestions wait to be asked for; in a small one they come while typing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suggest = page.locator('.suggest-widget');
  const startProperty = async () => {
    await cursorToLineEnd(page, 2); // after `"$schema": "…",`
    await page.keyboard.press('Enter');
    await page.keyboard.type('"');
  };
  await openWith(page, BAR);
  await editorReady(page);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-schemas', 'ready', { timeout: 30_000 });
  await startProperty();
  await expect(suggest).toBeVisible();
  await expect(suggest).toContainText('description');
  await page.keyboard.press('Escape');

  // The JSON worker finds suggestions by matching the whole document against the schema: for
  // 10,000 rows that is seconds of a core, on every key typed into the data. Not unasked.
  await openWith(page, rowsSpec(10_000));
  await editorReady(page);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-schemas', 'ready', { timeout: 30_000 });
  await startProperty();
  await page.keyboard.type('wi');
  // Asked for, they come (the worker takes its time: how long, this run measures).
  const asked = Date.now();
  await page.keyboard.press('Control+Space');
  await expect(suggest).toBeVisible({ timeout: 60_000 });
  await expect(suggest).toContainText('width', { timeout: 60_000 });
  const answerMs = Date.now() - asked;
  await page.keyboard.press('Escape');
  await expect(suggest).toBeHidden();
  // Typed, nothing is asked: after twice the time an answer took, still no suggestions.
  await page.keyboard.type('d');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('"');
  await page.waitForTimeout(Math.max(3000, 2 * answerMs));
  await expect(suggest).toBeHidden();
});

/** The drawn marks of the chart on screen: every item's place, size and color, mark by mark. */
const drawnItems = (page: Page) =>
  page.evaluate(() => {
    type Item = {
      role?: string;
      x?: number;
      y?: number;
      width?: number;
      height?: number;
      y2?: number;
      fill?: string;
      stroke?: string;
      items?: Item[];
    };
    const view = (
      document.querySelector('[data-testid="chart"]') as Element & { chartspecView: { scenegraph(): { root: Item } } }
    ).chartspecView;
    const marks = view.scenegraph().root.items![0]!.items!.filter((m) => m.role === 'mark');
    return JSON.stringify(marks.map((m) => m.items!.map((i) => [i.x, i.y, i.width, i.height, i.y2, i.fill, i.stroke])));
  });

test('a candlestick of more rows than the view shares with the app: typing into them patches the chart as a fresh drawing shows it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const seen = await watch(page);
  // From SHARED_MIN_ROWS rows on, the view draws the spec's own rows (nothing writes into them).
  const n = SHARED_MIN_ROWS + 2000;
  const text = candlesSpec(n);
  await page.goto('/');
  await editorReady(page);
  const start = await shownVersion(page);
  await openFile(page, 'bars.json', text);
  await waitForChart(page, start + 1);
  await expect.poll(() => savedText(page), { timeout: 60_000 }).toBe(text);

  // Row 1000's close (line 1003) gets a digit more, twice: each a patch of the live view.
  const lines = text.split('\n');
  const line = 1003;
  const close = () => Number(/"close": ([\d.]+)/.exec(lines[line - 1]!)![1]);
  await cursorToLineEnd(page, line);
  await page.keyboard.press('ArrowLeft'); // before ','
  await page.keyboard.press('ArrowLeft'); // before '}'
  for (const digit of ['7', '3']) {
    const version = await shownVersion(page);
    await page.keyboard.type(digit);
    lines[line - 1] = `${lines[line - 1]!.slice(0, -2)}${digit}${lines[line - 1]!.slice(-2)}`;
    await waitForChart(page, version + 1);
    const drawn = await page.evaluate(() => {
      const mark = performance.getEntriesByName('chartspec:drawn', 'mark').at(-1) as PerformanceMark;
      const host = document.querySelector('[data-testid="chart"]') as Element & {
        chartspecView: { data(name: string): { close: number }[] };
      };
      return { patched: mark.detail?.patched === true, close: host.chartspecView.data('source_0')[1000]!.close };
    });
    expect(drawn).toEqual({ patched: true, close: close() });
  }
  const typed = lines.join('\n');
  await expect.poll(() => savedText(page), { timeout: 60_000 }).toBe(typed);
  const patched = await drawnItems(page);
  await expect(page.getByTestId('problem')).toHaveCount(0);

  // The same text drawn anew (the page reloaded: the autosaved text comes back) looks the same.
  await page.reload();
  await waitForChart(page, 1);
  expect(await savedText(page)).toBe(typed);
  expect(await drawnItems(page)).toBe(patched);
  expect(seen.consoleErrors).toEqual([]);
});
