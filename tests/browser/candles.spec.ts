import { expect, test, type Page } from '@playwright/test';
import { CANDLE_ENCODING, dailyBars } from './daily-bars';
import { chartPane, openWith, watch } from './helpers';

/**
 * A candlestick of 3,000 inline bars is drawn on a canvas, where each body carries its wick
 * (src/render/candle-marks.ts): one mark's items, each with the wick's position and color, and
 * the wick mark left with the bars that have no body. The wicks are on screen, and follow a zoom.
 */
const SPEC = JSON.stringify({
  data: { values: dailyBars(3000) },
  width: 600,
  height: 300,
  mark: 'candlestick',
  encoding: CANDLE_ENCODING,
});

interface Candle {
  x: number;
  width: number;
  y: number;
  height: number;
  wickShown?: boolean;
  wickX?: number;
  wickY?: number;
  wickY2?: number;
}

/** The view's renderer, its wick mark's item count, and its body mark's items. */
async function drawn(page: Page) {
  return page.evaluate(() => {
    const host = document.querySelector('[data-testid="chart"]') as (Element & { chartspecView?: unknown }) | null;
    const view = host?.chartspecView as {
      renderer(): string;
      origin(): number[];
      padding(): { left: number; top: number };
      scenegraph(): { root: unknown };
    };
    type Node = { marktype?: string; name?: string; items?: Node[]; x?: number; y?: number } & Record<string, unknown>;
    type Item = { mark?: { group?: Item }; x?: number; y?: number };
    const byName = new Map<string, Node>();
    const walk = (n: Node) => {
      if (n.marktype && n.name) byName.set(n.name, n);
      for (const c of n.items ?? []) walk(c);
    };
    walk(view.scenegraph().root as Node);
    // Where the body mark's coordinates start on the canvas: the view's origin and padding, and the
    // groups it is in.
    const { left, top } = view.padding();
    const origin = [view.origin()[0]! + left, view.origin()[1]! + top];
    for (let g = (byName.get('layer_1_marks')?.items?.[0] as Item | undefined)?.mark?.group; g; g = g.mark?.group) {
      origin[0]! += g.x ?? 0;
      origin[1]! += g.y ?? 0;
    }
    const pick = ({ x, width, y, height, wickShown, wickX, wickY, wickY2 }: Node) =>
      ({ x, width, y, height, wickShown, wickX, wickY, wickY2 }) as Record<string, unknown>;
    return {
      renderer: view.renderer(),
      wicks: byName.get('layer_0_marks')?.items?.length ?? -1,
      bodyType: byName.get('layer_1_marks')?.marktype,
      bodies: (byName.get('layer_1_marks')?.items ?? []).map(pick) as unknown as Candle[],
      origin,
    };
  });
}

test('a big candlestick on a canvas draws each wick with its body, and the wicks follow a zoom', async ({ page }) => {
  const w = await watch(page);
  await openWith(page, SPEC);
  await expect.poll(async () => (await drawn(page)).bodies.length).toBeGreaterThan(100);
  const before = await drawn(page);
  expect(before.renderer).toBe('canvas');
  expect(before.bodyType).toBe('rect');
  expect(before.wicks).toBe(0);
  for (const c of before.bodies) {
    expect(c.wickShown).toBe(true);
    // Each wick stands in its body's slot and reaches past it (high above, low below).
    expect(c.wickX! + 1e-6).toBeGreaterThanOrEqual(c.x);
    expect(c.wickX! - 1e-6).toBeLessThanOrEqual(c.x + c.width);
    expect(Math.min(c.wickY!, c.wickY2!)).toBeLessThan(c.y + 1e-6);
    expect(Math.max(c.wickY!, c.wickY2!)).toBeGreaterThan(c.y + c.height - 1e-6);
  }

  // Zoomed in with the wheel: fewer, wider candles, and their wicks still in their slots.
  const box = (await chartPane(page).locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  for (let i = 0; i < 9; i++) await page.mouse.wheel(0, -500);
  await expect.poll(async () => (await drawn(page)).bodies.length).toBeLessThan(80);
  // Settled: the same candles twice in a row, a moment apart.
  let after = await drawn(page);
  await expect
    .poll(async () => {
      const [was, now] = [after, (after = await drawn(page))];
      return JSON.stringify(now.bodies) === JSON.stringify(was.bodies);
    })
    .toBe(true);
  const wide = after.bodies.filter((c) => c.x >= 0 && c.x + c.width <= 600 && c.width >= 3);
  expect(wide.length).toBeGreaterThan(10);
  for (const c of wide) expect(Math.abs(c.wickX! - (c.x + c.width / 2))).toBeLessThan(0.51);

  // Drawn (as the PNG export draws the view: Vega's canvas, at the view's own coordinates): above
  // a wide body, at its wick, the wick's color; beside the wick, the background.
  const at = wide
    .filter((c) => Math.min(c.wickY!, c.wickY2!) < c.y - 4)
    .slice(0, 5)
    .flatMap((c) => {
      const [ox, oy] = after.origin;
      const y = Math.round(oy! + c.y - 2);
      return [
        [Math.floor(ox! + c.wickX!), y],
        [Math.floor(ox! + c.x + 1), y],
      ];
    });
  const pixels = await page.evaluate(async (at) => {
    const host = document.querySelector('[data-testid="chart"]') as (Element & { chartspecView?: unknown }) | null;
    const view = host?.chartspecView as { toCanvas(): Promise<HTMLCanvasElement> };
    const g = (await view.toCanvas()).getContext('2d')!;
    return at.map(([x, y]) => [...g.getImageData(x!, y!, 1, 1).data.slice(0, 3)]);
  }, at);
  expect(pixels.length).toBeGreaterThanOrEqual(4);
  for (let k = 0; k < pixels.length; k += 2) {
    const [wick, beside] = [pixels[k]!, pixels[k + 1]!];
    expect(wick.some((v, i) => Math.abs(v - beside[i]!) > 60)).toBe(true);
  }
  expect(w.consoleErrors).toEqual([]);
});
