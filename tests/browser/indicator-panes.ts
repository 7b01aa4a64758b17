import type { Page } from '@playwright/test';

/**
 * The views of a chart with indicator panes, read off the view on the page: each pane's plot
 * (a view of the vconcat the panes are in) and the line points drawn in it, by date.
 */
export interface Pane {
  name: string;
  /** Where the pane's plot is on the page. */
  top: number;
  bottom: number;
  left: number;
  width: number;
  /** The page position of each line point, its date, whether it is drawn (not a warm-up's) and its line. */
  points: { x: number; y: number; date: number; defined: boolean; mark: string }[];
}

/** Each pane's plot on the page and the line points drawn in it. */
export async function panes(page: Page): Promise<Pane[]> {
  return page.evaluate(() => {
    type Item = Record<string, unknown> & { items?: Item[]; marktype?: string; name?: string };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item }; origin(): [number, number] };
    };
    const view = host.chartspecView;
    const el = host.querySelector('svg, canvas')!.getBoundingClientRect();
    const [ox, oy] = view.origin();
    const out: Pane[] = [];
    // A group mark's items are groups; each holds marks of its own, at its x and y.
    const walk = (mark: Item, dx: number, dy: number) => {
      for (const g of mark.items ?? []) {
        const x = dx + ((g['x'] as number) ?? 0);
        const y = dy + ((g['y'] as number) ?? 0);
        if (/^concat_\d+_group$/.test(String(mark.name))) {
          // The lines, also where a line is one path per stretch of the series (a group each).
          const points: Pane['points'] = [];
          const lines = (m: Item, ox: number, oy: number) => {
            for (const it of m.items ?? []) {
              if (m.marktype === 'line') {
                const d = (it['datum'] as Record<string, unknown>)['date'];
                points.push({
                  x: ox + (it['x'] as number),
                  y: oy + (it['y'] as number),
                  date: +(d as number),
                  defined: it['defined'] !== false,
                  mark: String(m.name),
                });
              } else if (m.marktype === 'group')
                for (const c of it.items ?? [])
                  lines(c, ox + ((it['x'] as number) ?? 0), oy + ((it['y'] as number) ?? 0));
            }
          };
          for (const m of g.items ?? []) if (m.marktype === 'line' || /pathgroup/.test(String(m.name))) lines(m, x, y);
          out.push({
            name: String(mark.name),
            top: y,
            bottom: y + (g['height'] as number),
            left: x,
            width: g['width'] as number,
            points,
          });
        }
        for (const child of g.items ?? []) if (child.marktype === 'group') walk(child, x, y);
      }
    };
    walk(
      view.scenegraph().root,
      el.left + ox - ((view.scenegraph().root.items?.[0]?.['x'] as number) ?? 0),
      el.top + oy - ((view.scenegraph().root.items?.[0]?.['y'] as number) ?? 0),
    );
    return out;
  }) as Promise<Pane[]>;
}

/** A line point's x on the page for a date, read off the points drawn (undefined when not drawn). */
export const xOf = (p: Pane, date: number) => p.points.find((q) => q.date === date)?.x;
