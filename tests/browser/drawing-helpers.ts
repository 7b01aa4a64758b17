import type { Page } from '@playwright/test';

/**
 * What the drawing tests share: the text as saved, where a plot is on the page and its scales,
 * a scripted drag, the annotation items a text holds, the items Vega draws and the handles shown.
 */

/** The whole text, as autosaved (Monaco draws only the lines in view). */
export const savedText = (page: Page) => page.evaluate(() => localStorage.getItem('chartspec:text') ?? '');

export interface Plot {
  /** The plot's left and top on the page. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** The scales' domains (x in ms) and ranges. */
  x: [number, number];
  y: [number, number];
}

/** Where the plot of the chart's first explorable unit is on the page, and its scales. */
export async function plotOf(page: Page): Promise<Plot> {
  return page.evaluate(() => {
    type Scale = { domain(): unknown[]; range(): number[] };
    type View = { scale(n: string): Scale; origin(): [number, number] };
    const host = document.querySelector('[data-testid="chart"]') as Element & { chartspecView: View };
    const view = host.chartspecView;
    const box = host.querySelector('canvas, svg:not(.drawing-overlay)')!.getBoundingClientRect();
    const [ox, oy] = view.origin();
    const sx = view.scale('x');
    const sy = view.scale('y');
    return {
      left: box.left + ox,
      top: box.top + oy,
      width: Math.abs(sx.range()[1]! - sx.range()[0]!),
      height: Math.abs(sy.range()[0]! - sy.range()[1]!),
      x: sx.domain().map(Number) as [number, number],
      y: sy.domain().map(Number) as [number, number],
    };
  });
}

/** The page point of a bar's time and a price (linear scales). */
export const pointAt = (p: Plot, t: number, price: number) => ({
  x: p.left + ((t - p.x[0]) / (p.x[1] - p.x[0])) * p.width,
  y: p.top + p.height - ((price - p.y[0]) / (p.y[1] - p.y[0])) * p.height,
});
/** A price one pixel spans. */
export const pricePerPixel = (p: Plot) => (p.y[1] - p.y[0]) / p.height;

export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** The annotation items the text holds (in its layers). */
export function itemsOf(text: string): Record<string, unknown>[] {
  const spec = JSON.parse(text) as { layer?: { mark?: { type?: string; items?: Record<string, unknown>[] } }[] };
  return (spec.layer ?? []).flatMap((l) => (l.mark?.type === 'annotation' ? (l.mark.items ?? []) : []));
}

/** How many items Vega draws in the chart (an annotation adds some). */
export async function drawnItems(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Item = { items?: Item[]; marktype?: string };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item } };
    };
    let n = 0;
    const walk = (node: Item) => {
      if (node.marktype && node.marktype !== 'group') n += node.items?.length ?? 0;
      for (const c of node.items ?? []) walk(c);
    };
    walk(host.chartspecView.scenegraph().root);
    return n;
  });
}

/** The handles on screen (page px). */
export async function handles(page: Page): Promise<{ x: number; y: number }[]> {
  const boxes = await page.getByTestId('drawing-handle').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }),
  );
  return boxes;
}

/**
 * The plot of a view of a composition (`concat_1_`) on the page, and its scales (the view's own
 * unless named: a view above panes shares the x scale with them).
 */
export async function plotOfView(
  page: Page,
  model: string,
  scales = { x: `${model}x`, y: `${model}y` },
): Promise<Plot> {
  return page.evaluate(
    ({ m, s }) => {
      type Item = { x?: number; y?: number; items?: Item[]; name?: string; width?: number; height?: number };
      type Scale = { domain(): unknown[]; range(): number[] };
      type View = { scale(n: string): Scale; origin(): [number, number]; scenegraph(): { root: Item } };
      const host = document.querySelector('[data-testid="chart"]') as Element & { chartspecView: View };
      const view = host.chartspecView;
      const box = host.querySelector('canvas, svg')!.getBoundingClientRect();
      const root = view.scenegraph().root;
      let found: { x: number; y: number } | undefined;
      const walk = (mark: Item, ox: number, oy: number) => {
        for (const item of mark.items ?? []) {
          const x = ox + (item.x ?? 0);
          const y = oy + (item.y ?? 0);
          if (mark.name === `${m}group`) found ??= { x, y };
          for (const child of item.items ?? []) walk(child, x, y);
        }
      };
      // The view's origin is where its root group's items start (as the page's scene reading has it).
      const [ox, oy] = view.origin();
      walk(root, ox - (root.items?.[0]?.x ?? 0), oy - (root.items?.[0]?.y ?? 0));
      const sx = view.scale(s.x);
      const sy = view.scale(s.y);
      return {
        left: box.left + found!.x,
        top: box.top + found!.y,
        width: Math.abs(sx.range()[1]! - sx.range()[0]!),
        height: Math.abs(sy.range()[0]! - sy.range()[1]!),
        x: sx.domain().map(Number) as [number, number],
        y: sy.domain().map(Number) as [number, number],
      };
    },
    { m: model, s: scales },
  );
}
