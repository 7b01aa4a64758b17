import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { marks } from '../../src/core/marks/index';
import { runPipeline } from '../../src/core/pipeline';
import { CANDLE_ENCODING, dailyBars } from './daily-bars';
import { openExample, openWith } from './helpers';

const DIR = new URL('../../examples/', import.meta.url);
const COMPOSITIONS = ['facet', 'repeat', 'concat', 'hconcat', 'vconcat'];

/**
 * Every gallery example, by how the page sizes it (core/fit.ts): one view (or layers of one)
 * takes the pane's size; a composition's plots are scaled until it fills the pane's width; a
 * gauge, alone or among other views, keeps its proportions. (A candlestick with a volume pane is
 * a composition once its extension marks are expanded.)
 */
const examples = readdirSync(DIR)
  .filter((f) => f.endsWith('.vl.json'))
  .sort()
  .map((f) => {
    const text = readFileSync(new URL(f, DIR), 'utf8');
    const spec = runPipeline(text, { registry: marks }).vegaLite as Record<string, unknown>;
    const kind = text.includes('"gauge"') ? 'gauge' : COMPOSITIONS.some((k) => k in spec) ? 'composition' : 'single';
    return { name: f.replace(/\.vl\.json$/, ''), kind, own: 'autosize' in spec };
  });

/** The chart's drawn box and the box of the pane it is in. */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    return {
      pane: box(document.querySelector('.chart-scroll')),
      chart: box(document.querySelector('[data-testid="chart"] svg, [data-testid="chart"] canvas')),
    };
  });
}

type Boxes = Awaited<ReturnType<typeof boxes>>;
/** The pane's margin around a chart (CSS). */
const MARGIN = 16;
/**
 * How much of the pane (inside its margin) the chart fills: of its width, or for a gauge, which
 * keeps its proportions, of whichever side binds.
 */
const filled = (b: Boxes, kind: string) => {
  const width = b.chart.width / (b.pane.width - 2 * MARGIN);
  return kind === 'gauge' ? Math.max(width, b.chart.height / (b.pane.height - 2 * MARGIN)) : width;
};

/**
 * The chart, once drawn in its pane (a new view is laid out a moment after the state says
 * ready), fits it. `tall`: the pane is high enough for every example's plots at their smallest
 * (src/render/pane-fit.ts MIN_PLOT); below that a composition may run on under the pane, which
 * then scrolls.
 */
async function fits(page: Page, what: string, kind = 'single', tall = true) {
  await expect.poll(async () => filled(await boxes(page), kind), { message: what }).toBeGreaterThanOrEqual(0.9);
  expectFits(await boxes(page), what, kind, tall);
}

/** Drags the divider between the editor and the chart by `dx` px, as a person does. */
async function dragSplit(page: Page, dx: number) {
  const at = (await page.getByTestId('split-divider').boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width / 2 + dx, at.y + at.height / 2, { steps: 8 });
  await page.mouse.up();
}

function expectFits(b: Boxes, what: string, kind = 'single', tall = true) {
  expect(b.chart.left, what).toBeGreaterThanOrEqual(b.pane.left - 0.5);
  expect(b.chart.right, what).toBeLessThanOrEqual(b.pane.right + 0.5);
  expect(b.chart.top, what).toBeGreaterThanOrEqual(b.pane.top - 0.5);
  if (tall || kind === 'single') expect(b.chart.bottom, what).toBeLessThanOrEqual(b.pane.bottom + 0.5);
  expect(filled(b, kind), what).toBeGreaterThanOrEqual(0.9);
}

test.describe('the chart fits its pane', () => {
  test.setTimeout(180_000);
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [800, 600],
    [390, 844],
  ] as const) {
    test(`every example at ${width}×${height}`, async ({ page }) => {
      const sized = examples.filter((e) => !e.own);
      for (const kind of ['single', 'composition', 'gauge'])
        expect(sized.filter((e) => e.kind === kind).length, kind).toBeGreaterThanOrEqual(kind === 'single' ? 16 : 4);
      await page.setViewportSize({ width, height });
      await page.goto('/');
      for (const { name, kind } of sized) {
        await openExample(page, name);
        const tall = (await boxes(page)).pane.height >= 300;
        await fits(page, `${name} (${kind}) at ${width}×${height}`, kind, tall);
      }
    });
  }

  for (const [name, kind] of [
    ['bar-simple', 'single'],
    ['candlestick-volume', 'composition'],
  ] as const)
    test(`and follows it when the split is dragged and the window resized (${kind})`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/');
      await openExample(page, name);
      await fits(page, 'at start', kind);
      const first = await boxes(page);

      await dragSplit(page, -250);
      await expect.poll(async () => (await boxes(page)).pane.width).toBeGreaterThan(first.pane.width + 200);
      await expect.poll(async () => (await boxes(page)).chart.width).toBeGreaterThan(first.chart.width + 200);
      expectFits(await boxes(page), 'after the split was dragged', kind);

      await page.setViewportSize({ width: 1100, height: 700 });
      await expect.poll(async () => (await boxes(page)).chart.bottom).toBeLessThan(700);
      await fits(page, 'after the window was resized', kind);
    });
});

test.describe('a "container" side in a chart the page leaves its own size', () => {
  // Past FIT_MAX_ROWS inline rows the page does not fit a chart to its pane (core/fit.ts); a
  // `"container"` width or height written in it is still the pane's, the other side its own.
  const spec = (width: unknown, height: unknown) =>
    JSON.stringify({
      data: { values: dailyBars(3000) },
      width,
      height,
      mark: 'candlestick',
      encoding: CANDLE_ENCODING,
    });

  test('a "container" width is the pane\'s, and follows the split', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWith(page, spec('container', 300));
    await expect.poll(async () => (await boxes(page)).chart.width).toBeGreaterThan(0);
    await fits(page, 'at start');
    const first = await boxes(page);
    // Its own height: the plot's 300 px and the axes, not the pane's.
    expect(first.chart.height).toBeLessThan(first.pane.height - 2 * MARGIN - 50);
    const painted = await page.evaluate(() => {
      const view = (
        document.querySelector('[data-testid="chart"]') as Element & {
          chartspecView?: { width(): number; height(): number };
        }
      ).chartspecView!;
      return [view.width(), view.height()];
    });
    expect(painted[0]).toBeGreaterThan(500);
    expect(painted[1]).toBe(300);

    await dragSplit(page, -200);
    await expect.poll(async () => (await boxes(page)).chart.width).toBeGreaterThan(first.chart.width + 150);
    expectFits(await boxes(page), 'after the split was dragged');
  });

  test('a "container" height is the pane\'s', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWith(page, spec(400, 'container'));
    await expect
      .poll(async () => {
        const b = await boxes(page);
        return b.chart.height / (b.pane.height - 2 * MARGIN);
      })
      .toBeGreaterThan(0.9);
    const b = await boxes(page);
    expect(b.chart.bottom).toBeLessThanOrEqual(b.pane.bottom + 0.5);
    // Its own width: the plot's 400 px and the axes.
    expect(b.chart.width).toBeLessThan(500);
  });
});
