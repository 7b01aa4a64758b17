import { expect, test, type Page } from '@playwright/test';
import { DAY, START, dailyBars } from './daily-bars';
import { clickIntoEditor, drawnScale, editorReady, openWith, pasteText, waitForChart, watch } from './helpers';

/**
 * The range of a candlestick's time axis: the range buttons (1M … All) above the chart, the range
 * a spec opens on (`range`), and "Keep this range in the spec", which writes the range in view
 * into the text.
 */
// 200 daily bars: 2024-01-01 to 2024-07-18.
const values = dailyBars(200, { isoDates: true });
const LAST = START + 199 * DAY;
/** The x domain reaches half a bar's slot (the body's `band`, 0.7 of a day, halved) past the first and last bars. */
const PAD = 0.35 * DAY;
/** The domain that shows the bars from `a` to `b` whole. */
const bars = (a: number, b: number) => [a - PAD, b + PAD];
const spec = (mark: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      data: { values },
      mark: { type: 'candlestick', ...mark },
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

/** The whole text, as autosaved (Monaco draws only the lines in view). */
const savedText = (page: Page) => page.evaluate(() => localStorage.getItem('chartspec:text') ?? '');

const xDomain = async (page: Page) => (await drawnScale(page, 'x')).domain;

test('the 1M button shows exactly the month that ends at the last bar; All shows everything again', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, spec());
  const whole = await xDomain(page);
  await expect(page.getByTestId('range-All')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('range-1M').click();
  await expect.poll(() => xDomain(page)).toEqual(bars(Date.UTC(2024, 5, 18), LAST));
  await expect(page.getByTestId('range-1M')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('range-All')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('range-YTD').click();
  await expect.poll(() => xDomain(page)).toEqual(bars(Date.UTC(2024, 0, 1), LAST));
  // The wheel leaves the buttons' ranges: none is pressed.
  await page.getByTestId('range-3M').click();
  await expect.poll(() => xDomain(page)).toEqual(bars(Date.UTC(2024, 3, 18), LAST));
  const chart = await page.getByTestId('chart').boundingBox();
  await page.mouse.move(chart!.x + chart!.width / 2, chart!.y + chart!.height / 2);
  await page.mouse.wheel(0, -200);
  await expect(page.getByTestId('range-3M')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('range-All').click();
  await expect.poll(() => xDomain(page)).toEqual(whole);
  expect(seen.consoleErrors).toEqual([]);
});

test('a spec opens on the range it names, back from the last bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, spec({ range: '2M' }));
  await expect.poll(() => xDomain(page)).toEqual(bars(Date.UTC(2024, 4, 18), LAST));
  // Its buttons can be chosen by the spec.
  await openWith(page, spec({ rangeButtons: ['1W', '2M', 'All'] }));
  await expect(page.getByTestId('explore-bar').getByRole('button')).toHaveText([
    '1W',
    '2M',
    'All',
    'Linear',
    'Log',
    '%',
    'Keep this range in the spec',
  ]);
});

test('"Keep this range in the spec" writes the range in view into the mark, and the chart opens on it', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, spec());
  await editorReady(page);
  await page.getByTestId('range-1M').click();
  await expect.poll(() => xDomain(page)).toEqual(bars(Date.UTC(2024, 5, 18), LAST));
  const version = Number(await page.locator('.chart-pane').getAttribute('data-version'));
  await page.getByTestId('keep-range').click();
  await expect.poll(() => savedText(page)).toContain('"range": [');
  const text = await savedText(page);
  const written = JSON.parse(text) as { mark: { range: unknown } };
  expect(written.mark.range).toEqual(['2024-06-18', '2024-07-18']);
  await expect(page.getByTestId('range-kept')).toBeVisible();
  // The chart drawn from the new text shows the same range, and the text is otherwise as it was.
  await waitForChart(page, version + 1);
  expect(await xDomain(page)).toEqual(bars(Date.UTC(2024, 5, 18), LAST));
  expect(text.replace(/,\s*"range": \[[^\]]*\]/, '')).toBe(spec());
  expect(await page.getByTestId('problems').textContent()).toContain('0 errors');
  // One undo takes it back.
  await clickIntoEditor(page);
  await page.keyboard.press('Control+z');
  await expect.poll(() => savedText(page)).toBe(spec());
  expect(seen.consoleErrors).toEqual([]);
});

test('zooming into a million bars with the keys reaches single candles whose prices are the data', async ({ page }) => {
  test.setTimeout(120_000);
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#/example/candlestick-million-bars');
  await waitForChart(page, 1);
  const chart = page.getByTestId('chart');
  await chart.focus();
  // Each + shows 80 % of the range: about 31 presses from 694 days to under the plot's width in minutes.
  const drawn = () =>
    page.evaluate(() => {
      type Item = { datum: Record<string, number> };
      type Mark = { marktype: string; role: string; items: Item[] };
      const host = document.querySelector('[data-testid="chart"]') as Element & {
        chartspecView: { scenegraph(): { root: { items: { items: Mark[] }[] } } };
      };
      const marks = host.chartspecView.scenegraph().root.items[0]!.items;
      const bodies = marks.find((m) => m.marktype === 'rect' && m.role === 'mark')!;
      return bodies.items.map((i) => ({ ...i.datum }));
    });
  for (let k = 0; k < 40; k++) {
    await page.keyboard.press('+');
    const bars = await drawn();
    if (bars.length > 1 && bars.length < 600) break;
  }
  const bars = await drawn();
  expect(bars.length).toBeGreaterThan(1);
  expect(bars.length).toBeLessThan(600);
  // Single bars: one minute apart, each with the prices the spec's formulas give its minute.
  const t0 = Date.UTC(2023, 0, 2);
  for (const bar of bars) {
    const i = (bar['time']! - t0) / 60_000;
    expect(Number.isInteger(i)).toBe(true);
    const open = 100 + 18 * Math.sin(i / 40000) + 6 * Math.sin(i / 2300) + 1.5 * Math.sin(i / 97);
    const close = open + 0.35 * Math.sin(i * 1.7);
    expect(bar['open']).toBeCloseTo(open, 9);
    expect(bar['close']).toBeCloseTo(close, 9);
    expect(bar['high']).toBeCloseTo(Math.max(open, close) + 0.2 + 0.15 * Math.abs(Math.sin(i * 0.37)), 9);
    expect(bar['low']).toBeCloseTo(Math.min(open, close) - 0.2 - 0.15 * Math.abs(Math.cos(i * 0.53)), 9);
  }
  const times = bars.map((b) => b['time']!).sort((a, b) => a - b);
  expect(times.every((t, k) => k === 0 || t - times[k - 1]! === 60_000)).toBe(true);
  expect(seen.consoleErrors).toEqual([]);
});

test('the navigator shows the window in view; dragging it pans the chart, dragging an edge zooms it', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, spec());
  const whole = await xDomain(page);
  const span = whole[1]! - whole[0]!;
  const navigator = page.getByTestId('navigator');
  const windowBox = () => page.getByTestId('navigator-window').boundingBox();
  // Lined up with the plot.
  const plot = await page.evaluate(() => {
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { origin(): [number, number]; width(): number };
    };
    const el = host.querySelector('svg, canvas')!.getBoundingClientRect();
    return { left: el.left + host.chartspecView.origin()[0], width: host.chartspecView.width() };
  });
  const nav = (await navigator.boundingBox())!;
  expect(Math.abs(nav.x - plot.left)).toBeLessThanOrEqual(2);
  expect(Math.abs(nav.width - plot.width)).toBeLessThanOrEqual(2);
  // The 3M button: the window covers the last 3 months of the whole range.
  await page.getByTestId('range-3M').click();
  await expect.poll(() => xDomain(page)).toEqual(bars(Date.UTC(2024, 3, 18), LAST));
  await expect.poll(async () => (await windowBox())!.x).toBeGreaterThan(nav.x + nav.width * 0.4);
  const w = (await windowBox())!;
  const shown = await xDomain(page);
  expect(w.x - nav.x).toBeCloseTo(((shown[0]! - whole[0]!) / span) * nav.width, -0.5);
  // Drag the window 200 px to the left: the range moves back by that share of the whole.
  const y = w.y + w.height / 2;
  await page.mouse.move(w.x + w.width / 2, y);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(w.x + w.width / 2 - 20 * k, y);
  await page.mouse.up();
  const back = (200 / nav.width) * span;
  await expect
    .poll(async () => {
      const d = await xDomain(page);
      return Math.abs(d[0]! - (shown[0]! - back)) < span / 500 && Math.abs(d[1]! - (shown[1]! - back)) < span / 500;
    })
    .toBe(true);
  const moved = await xDomain(page);
  // Drag the end grip 100 px to the right: only the end moves.
  const end = (await page.getByTestId('navigator-end').boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 5; k++) await page.mouse.move(end.x + end.width / 2 + 20 * k, end.y + end.height / 2);
  await page.mouse.up();
  await expect
    .poll(async () => {
      const d = await xDomain(page);
      return (
        Math.abs(d[0]! - moved[0]!) < span / 500 &&
        Math.abs(d[1]! - (moved[1]! + (100 / nav.width) * span)) < span / 500
      );
    })
    .toBe(true);
  // The keys move the focused window.
  await page.getByTestId('navigator-window').focus();
  const before = await xDomain(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await xDomain(page))[0]!).toBeGreaterThan(before[0]!);
  expect(seen.consoleErrors).toEqual([]);
});

test('a bar added to the inline data is drawn by a patch; the zoom stays and follows the newest bar', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, spec({ range: '1M' }));
  await expect.poll(() => xDomain(page)).toEqual(bars(Date.UTC(2024, 5, 18), LAST));
  const version = Number(await page.locator('.chart-pane').getAttribute('data-version'));
  // The next day's bar, pasted in as a person edits the data.
  const next = { date: '2024-07-19', open: 90.5, close: 93.25, high: 94, low: 90 };
  const withNext = JSON.parse(spec({ range: '1M' })) as { data: { values: unknown[] } };
  withNext.data.values.push(next);
  await pasteText(page, JSON.stringify(withNext, null, 2));
  await waitForChart(page, version + 1);
  const patched = await page.evaluate(() =>
    performance.getEntriesByName('chartspec:drawn').map((m) => (m as PerformanceMark).detail as { patched?: boolean }),
  );
  expect(patched.at(-1)!.patched).toBe(true);
  // The same span, one day on: the new bar is in view, and the readout shows it.
  await expect.poll(() => xDomain(page)).toEqual(bars(Date.UTC(2024, 5, 19), LAST + DAY));
  await expect(page.getByTestId('readout')).toContainText('C 93.25');
  await expect(page.getByTestId('readout')).toContainText('Fri, 19 Jul 2024');
  // A chart zoomed away from the newest bar stays where it is.
  await page.getByTestId('chart').focus();
  await page.keyboard.press('ArrowLeft');
  const away = await xDomain(page);
  withNext.data.values.push({ date: '2024-07-20', open: 93, close: 94, high: 95, low: 92 });
  await pasteText(page, JSON.stringify(withNext, null, 2));
  await waitForChart(page, version + 2);
  expect(await xDomain(page)).toEqual(away);
  expect(seen.consoleErrors).toEqual([]);
});

test('the scale toggles write priceScale into the spec; the chart drawn anew keeps the range in view', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, spec());
  await editorReady(page);
  await expect(page.getByTestId('scale-linear')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('range-3M').click();
  const shown = bars(Date.UTC(2024, 3, 18), LAST);
  await expect.poll(() => xDomain(page)).toEqual(shown);
  const version = Number(await page.locator('.chart-pane').getAttribute('data-version'));
  await page.getByTestId('scale-log').click();
  await expect.poll(() => savedText(page)).toContain('"priceScale": "log"');
  await waitForChart(page, version + 1);
  await expect(page.getByTestId('scale-log')).toHaveAttribute('aria-pressed', 'true');
  expect((await drawnScale(page, 'y')).type).toBe('log');
  // Drawn anew for the edit, yet still on the three months in view.
  expect(await xDomain(page)).toEqual(shown);
  // Percent: the axis reads changes from the first bar in view.
  await page.getByTestId('scale-percent').click();
  await expect.poll(() => savedText(page)).toContain('"priceScale": "percent"');
  await waitForChart(page, version + 2);
  expect(await xDomain(page)).toEqual(shown);
  const yDomain = (await drawnScale(page, 'y')).domain;
  // Prices near 100 moving by a few percent: changes, not prices.
  expect(Math.max(...yDomain.map(Math.abs))).toBeLessThan(0.5);
  expect(seen.consoleErrors).toEqual([]);
});

test('a replay adds the held-back bars one at a time, the view following; pause, start over and play to the end', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const text = spec({ range: '2W', replay: { from: '2024-05-01', speed: 20 } });
  await openWith(page, text);
  const FROM = Date.UTC(2024, 4, 1);
  const end = async () => (await xDomain(page))[1]!;
  // It plays on opening: the newest bar moves on from the 1st of May, and the view with it.
  await expect.poll(end, { timeout: 5000 }).toBeGreaterThan(FROM + 5 * DAY);
  const play = page.getByTestId('replay-play');
  await play.click();
  await expect(play).toHaveText(/Play/);
  const paused = await end();
  await page.waitForTimeout(400);
  expect(await end()).toBe(paused);
  // Two weeks in view, ending at the newest bar shown; the readout shows that bar.
  const [a, b] = (await xDomain(page)) as [number, number];
  expect(b - a).toBeCloseTo(14 * DAY + 2 * PAD, -5);
  const newest = new Date(paused - PAD);
  const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  await expect(page.getByTestId('readout')).toContainText(
    `${DAYS[newest.getUTCDay()]}, ${newest.getUTCDate()} ${MONTHS[newest.getUTCMonth()]} 2024`,
  );

  // An edit draws the chart anew (the log toggle writes priceScale): the replay stays where it was, paused.
  const version = Number(await page.locator('.chart-pane').getAttribute('data-version'));
  await page.getByTestId('scale-log').click();
  await waitForChart(page, version + 1);
  await expect.poll(end).toBe(paused);
  await expect(play).toHaveText(/Play/);

  await page.getByTestId('replay-restart').click();
  await expect.poll(end).toBe(FROM + PAD);
  await expect(play).toHaveText(/Play/);
  await play.click();
  await expect(play).toHaveText(/Replay again/, { timeout: 15_000 });
  expect(await end()).toBe(LAST + PAD);
  // The replay moved the view only: the text is as the toggle left it.
  const written = JSON.parse(text) as { mark: Record<string, unknown> };
  written.mark['priceScale'] = 'log';
  expect(JSON.parse(await savedText(page))).toEqual(written);
  expect(seen.consoleErrors).toEqual([]);
});
