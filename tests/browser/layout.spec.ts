import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { runPipeline } from '../../src/core/pipeline';
import { openExample } from './helpers';

const DIR = new URL('../../examples/', import.meta.url);
const COMPOSITIONS = ['facet', 'repeat', 'concat', 'hconcat', 'vconcat'];

/**
 * The gallery's examples that are one view (or layers of one) once their extension marks are
 * expanded: these fill the pane. (A candlestick with a volume pane is two views.)
 */
const singleViews = readdirSync(DIR)
  .filter((f) => f.endsWith('.vl.json'))
  .sort()
  .filter((f) => {
    const text = readFileSync(new URL(f, DIR), 'utf8');
    const spec = runPipeline(text).vegaLite as Record<string, unknown>;
    return !COMPOSITIONS.some((k) => k in spec) && !text.includes('"gauge"') && !('autosize' in spec);
  })
  .map((f) => f.replace(/\.vl\.json$/, ''));

/** The chart's drawn box and the box of the pane it is in. */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
    };
    return {
      pane: box(document.querySelector('.chart-scroll')),
      chart: box(document.querySelector('[data-testid="chart"] svg, [data-testid="chart"] canvas')),
    };
  });
}

/** The chart, once drawn in its pane (a new view is laid out a moment after the state says ready), fits it. */
async function fits(page: Page, what: string) {
  await expect
    .poll(
      async () => {
        const b = await boxes(page);
        return b.chart.width / b.pane.width;
      },
      { message: what },
    )
    .toBeGreaterThanOrEqual(0.9);
  expectFits(await boxes(page), what);
}

function expectFits(b: Awaited<ReturnType<typeof boxes>>, what: string) {
  expect(b.chart.left, what).toBeGreaterThanOrEqual(b.pane.left - 0.5);
  expect(b.chart.right, what).toBeLessThanOrEqual(b.pane.right + 0.5);
  expect(b.chart.top, what).toBeGreaterThanOrEqual(b.pane.top - 0.5);
  expect(b.chart.bottom, what).toBeLessThanOrEqual(b.pane.bottom + 0.5);
  expect(b.chart.width / b.pane.width, what).toBeGreaterThanOrEqual(0.9);
}

test.describe('the chart fits its pane', () => {
  test.setTimeout(180_000);
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [800, 600],
    [390, 844],
  ] as const) {
    test(`every single-view example at ${width}×${height}`, async ({ page }) => {
      expect(singleViews.length).toBeGreaterThan(15);
      await page.setViewportSize({ width, height });
      await page.goto('/');
      for (const name of singleViews) {
        await openExample(page, name);
        await fits(page, `${name} at ${width}×${height}`);
      }
    });
  }

  test('and follows it when the split is dragged and the window resized', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await openExample(page, 'bar-simple');
    const first = await boxes(page);
    expectFits(first, 'at start');

    const divider = page.getByTestId('split-divider');
    const at = (await divider.boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x - 250, at.y + at.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await boxes(page)).pane.width).toBeGreaterThan(first.pane.width + 200);
    await expect.poll(async () => (await boxes(page)).chart.width).toBeGreaterThan(first.chart.width + 200);
    expectFits(await boxes(page), 'after the split was dragged');

    await page.setViewportSize({ width: 1100, height: 700 });
    await expect.poll(async () => (await boxes(page)).chart.bottom).toBeLessThan(700);
    expectFits(await boxes(page), 'after the window was resized');
  });
});
