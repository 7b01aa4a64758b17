import { expect, test, type Page } from '@playwright/test';
import { editorReady, openWith, waitForChart, watch } from './helpers';

/**
 * The range of a candlestick's time axis: the range buttons (1M … All) above the chart, the range
 * a spec opens on (`range`), and "Keep this range in the spec", which writes the range in view
 * into the text.
 */
const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
// 200 daily bars: 2024-01-01 to 2024-07-18.
const values = Array.from({ length: 200 }, (_, i) => {
  const open = 100 + 10 * Math.sin(i / 9);
  const close = open + Math.cos(i / 4);
  return {
    date: new Date(START + i * DAY).toISOString().slice(0, 10),
    open: +open.toFixed(2),
    close: +close.toFixed(2),
    high: +(Math.max(open, close) + 1).toFixed(2),
    low: +(Math.min(open, close) - 1).toFixed(2),
  };
});
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

const xDomain = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scale(n: string): { domain(): Date[] } };
    };
    return host.chartspecView.scale('x').domain().map(Number);
  });

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
  await page.locator('.monaco-editor textarea').focus();
  await page.keyboard.press('Control+z');
  await expect.poll(() => savedText(page)).toBe(spec());
  expect(seen.consoleErrors).toEqual([]);
});
