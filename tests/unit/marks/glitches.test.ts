import { readFileSync } from 'node:fs';
import * as vega from 'vega';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseFont } from '../../../src/cli/fonts';
import { installTextMetrics } from '../../../src/cli/text-metrics';
import { runPipeline } from '../../../src/core/pipeline';
import { boundedWalk } from '../../../src/core/walk';
import { steadyLoader } from '../steady-loader';

/**
 * Issue 20, drawing glitches in the examples: each example is drawn in a headless view and its
 * scene read back: where the texts are, what they touch, where lines begin and areas end. Text is
 * measured in the fonts the command line draws with (Vega's own guess without a canvas is 0.8 em
 * a character, half again too wide), so widths are near what the page shows.
 */
beforeAll(() => installTextMetrics(chooseFont()));
const loader = steadyLoader();

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

interface SceneItem {
  x?: number;
  y?: number;
  x2?: number;
  y2?: number;
  text?: unknown;
  datum?: Record<string, unknown>;
  bounds?: Box;
  items?: SceneMark[];
}

interface SceneMark {
  marktype: string;
  name?: string;
  role?: string;
  clip?: boolean;
  items: SceneItem[];
}

/** An item with its bounds and position in the view's coordinates (group offsets added). */
interface Placed {
  item: SceneItem;
  mark: SceneMark;
  box: Box;
  x: number;
  y: number;
  x2: number;
  y2: number;
  /** The group the item is drawn in, in the view's coordinates, with its width and height. */
  group: { x: number; y: number; width: number; height: number };
}

/** Style names of the compiled marks, by mark name (a scene mark keeps its name, not its style). */
const markStyles = boundedWalk<[Map<string, string[]>], void>(
  (at, next, out) => {
    const node = at as { name?: string; style?: string | string[]; marks?: unknown[] };
    if (node.name && node.style !== undefined)
      out.set(node.name, Array.isArray(node.style) ? node.style : [node.style]);
    for (const child of node.marks ?? []) next(child, out);
  },
  () => {},
);

interface Drawn {
  view: vega.View;
  styles: Map<string, string[]>;
  /** Every item, placed, in drawing order. */
  placed: Placed[];
}

async function draw(text: string): Promise<Drawn> {
  const result = runPipeline(text);
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  const vg = result.vega!;
  const styles = new Map<string, string[]>();
  markStyles(vg, styles);
  const view = new vega.View(vega.parse(vg), { renderer: 'none', loader, logLevel: vega.None });
  await view.runAsync();
  const placed: Placed[] = [];
  const walk = (mark: SceneMark, dx: number, dy: number, group: Placed['group'], depth: number) => {
    if (depth > 64) return;
    for (const item of mark.items) {
      const b = item.bounds ?? { x1: 0, y1: 0, x2: 0, y2: 0 };
      placed.push({
        item,
        mark,
        box: { x1: b.x1 + dx, y1: b.y1 + dy, x2: b.x2 + dx, y2: b.y2 + dy },
        x: (item.x ?? 0) + dx,
        y: (item.y ?? 0) + dy,
        x2: (item.x2 ?? item.x ?? 0) + dx,
        y2: (item.y2 ?? item.y ?? 0) + dy,
        group,
      });
      if (mark.marktype === 'group') {
        const g = item as SceneItem & { width?: number; height?: number };
        const inner = { x: dx + (g.x ?? 0), y: dy + (g.y ?? 0), width: g.width ?? 0, height: g.height ?? 0 };
        for (const child of item.items ?? []) walk(child, inner.x, inner.y, inner, depth + 1);
      }
    }
  };
  const root = (view.scenegraph() as unknown as { root: SceneMark }).root;
  walk(root, 0, 0, { x: 0, y: 0, width: view.width(), height: view.height() }, 0);
  return { view, styles, placed };
}

const example = (name: string) => readFileSync(new URL(`../../../examples/${name}.vl.json`, import.meta.url), 'utf8');

/** The items of the parts with this style (`gauge-label`), or of this role (`axis-label`). */
function part(d: Drawn, style: string): Placed[] {
  return d.placed.filter((p) => p.mark.role === style || (p.mark.name && d.styles.get(p.mark.name)?.includes(style)));
}

/** What the drawn picture shows, in the scene's coordinates (the SVG's size, less its origin). */
async function canvas(d: Drawn): Promise<Box> {
  const svg = await d.view.toSVG();
  const size = /width="([\d.]+)" height="([\d.]+)"/.exec(svg)!;
  const shift = /translate\(([-\d.]+),([-\d.]+)\)/.exec(svg)!;
  const [w, h, ox, oy] = [size[1], size[2], shift[1], shift[2]].map(Number) as [number, number, number, number];
  return { x1: -ox, y1: -oy, x2: w - ox, y2: h - oy };
}

const shown = (p: Placed) => typeof p.item.text === 'string' && p.item.text !== '';

function intersects(a: Box, b: Box, gap = 0): boolean {
  return a.x1 < b.x2 + gap && b.x1 < a.x2 + gap && a.y1 < b.y2 + gap && b.y1 < a.y2 + gap;
}

/** Distance from a point to a box (0 inside it). */
function distance(box: Box, x: number, y: number): number {
  const dx = Math.max(box.x1 - x, 0, x - box.x2);
  const dy = Math.max(box.y1 - y, 0, y - box.y2);
  return Math.hypot(dx, dy);
}

const GAUGES = [
  'gauge-speedometer',
  'gauge-semicircle-delta-target',
  'gauge-bipolar-pnl',
  'gauge-multi-needle',
  'gauge-kpi-dashboard',
  'gauge-repeat-servers',
  'financial-dashboard',
];

describe('issue 20: drawing glitches in the examples', () => {
  it.each(GAUGES)('%s: the end tick labels sit at their ticks, inside the gauge', async (name) => {
    const d = await draw(example(name));
    const labels = part(d, 'gauge-label');
    const ticks = part(d, 'gauge-tick');
    expect(labels.length).toBeGreaterThan(0);
    // One gauge per group (a facet cell, a repeat, a concat's view).
    const groups = new Map<Placed['group'], Placed[]>();
    for (const l of labels) groups.set(l.group, [...(groups.get(l.group) ?? []), l]);
    for (const [group, own] of groups) {
      const values = own.map((l) => Number(l.item.datum!['value']));
      const ends = [Math.min(...values), Math.max(...values)];
      for (const end of ends) {
        const label = own.find((l) => l.item.datum!['value'] === end)!;
        expect(shown(label), `${name}: the label of ${end} is shown`).toBe(true);
        // Inside the gauge's own view, so nothing clips it.
        expect(label.box.x1).toBeGreaterThanOrEqual(group.x);
        expect(label.box.x2).toBeLessThanOrEqual(group.x + group.width);
        expect(label.box.y1).toBeGreaterThanOrEqual(group.y);
        expect(label.box.y2).toBeLessThanOrEqual(group.y + group.height);
        // Beside the inner end of its tick: a few pixels from it, not across the dial.
        const tick = ticks.find((t) => t.group === group && t.item.datum!['value'] === end)!;
        expect(distance(label.box, tick.x2, tick.y2), `${name}: ${end}`).toBeLessThanOrEqual(6);
      }
    }
  });

  it('gauge-bullets: the end tick labels show, under their ticks and inside the chart', async () => {
    const d = await draw(example('gauge-bullets'));
    const labels = part(d, 'gauge-label');
    const ticks = part(d, 'gauge-tick');
    const page = await canvas(d);
    const groups = new Map<Placed['group'], Placed[]>();
    for (const l of labels) groups.set(l.group, [...(groups.get(l.group) ?? []), l]);
    expect(groups.size).toBe(5);
    for (const [group, own] of groups) {
      const values = own.map((l) => Number(l.item.datum!['value']));
      for (const end of [Math.min(...values), Math.max(...values)]) {
        const label = own.find((l) => l.item.datum!['value'] === end)!;
        expect(shown(label)).toBe(true);
        expect(label.box.x1).toBeGreaterThanOrEqual(page.x1);
        expect(label.box.x2).toBeLessThanOrEqual(page.x2);
        expect(label.box.y2).toBeLessThanOrEqual(page.y2);
        const tick = ticks.find((t) => t.group === group && t.item.datum!['value'] === end)!;
        expect(Math.abs((label.box.x1 + label.box.x2) / 2 - tick.x)).toBeLessThanOrEqual(1);
      }
    }
  });

  /** A radial gauge of 0…max in ticks of `step`, `size` px square, over `sweep` degrees. */
  const dial = (size: number, max: number, step: number, sweep: number) =>
    JSON.stringify({
      data: { values: [{ v: max / 3 }] },
      width: size,
      height: size,
      mark: { type: 'gauge', max, startAngle: -sweep / 2, endAngle: sweep / 2, ticks: { step } },
      encoding: { value: { field: 'v' } },
    });
  const texts = (d: Drawn) => part(d, 'gauge-label').map((l) => String(l.item.text));

  it('a small gauge that shows every other label still labels its last tick', async () => {
    // 0…260 in 14 ticks on a 90 px dial: the labels are strided, and 260 (the 14th) is off the stride.
    const labels = texts(await draw(dial(90, 260, 20, 270)));
    expect(labels[0]).toBe('0');
    expect(labels.at(-1)).toBe('260');
    expect(labels.filter(Boolean).length).toBeLessThan(labels.length);
    // The strided label just before the last one gives way to it.
    expect(labels.at(-2)).toBe('');
  });

  it('a full circle labels its first tick once: the last tick is the same place', async () => {
    const labels = texts(await draw(dial(200, 100, 25, 360)));
    expect(labels).toEqual(['0', '25', '50', '75', '']);
  });

  /** The KPI dashboard with its Q2 references moved so that the deltas are `delta` (a share). */
  function kpiWithDelta(delta: number): string {
    const spec = JSON.parse(example('gauge-kpi-dashboard')) as { data: { values: Record<string, number>[] } };
    for (const row of spec.data.values) row['q2'] = 0;
    const means = new Map<unknown, number[]>();
    for (const row of spec.data.values)
      means.set(row['region'], [...(means.get(row['region']) ?? []), row['attainment']!]);
    for (const row of spec.data.values) {
      const own = means.get(row['region'])!;
      row['q2'] = own.reduce((s, v) => s + v, 0) / own.length - delta;
    }
    return JSON.stringify(spec);
  }

  it.each([
    ['as drawn', undefined],
    ['short', 0.01],
    ['long', 12.34],
    ['very long, falling', -123.45],
  ])('gauge-kpi-dashboard: the delta never touches a tick label or the value (%s)', async (_name, delta) => {
    const d = await draw(delta === undefined ? example('gauge-kpi-dashboard') : kpiWithDelta(delta));
    const labels = part(d, 'gauge-label').filter(shown);
    const deltas = part(d, 'gauge-delta').filter(shown);
    const values = part(d, 'gauge-value').filter(shown);
    expect(deltas.length).toBe(6);
    for (const text of deltas) {
      for (const label of labels.filter((l) => l.group === text.group))
        expect(intersects(text.box, label.box, 2), `${String(text.item.text)} / ${String(label.item.text)}`).toBe(
          false,
        );
      for (const value of values.filter((v) => v.group === text.group))
        expect(intersects(text.box, value.box)).toBe(false);
    }
  });

  it.each(['candlestick-volume'])(
    '%s: no volume label sits on the date labels, and none is a bare zero',
    async (name) => {
      const d = await draw(example(name));
      const labels = part(d, 'axis-label').filter(shown);
      // The volume axis's labels end in an SI letter; the dates do not.
      const volume = labels.filter((l) => /^\d+(\.\d+)?[kMB]$/.test(String(l.item.text)));
      const dates = labels.filter((l) => /^[A-Z][a-z]{2} \d\d$/.test(String(l.item.text)));
      expect(volume.map((l) => l.item.text)).toEqual(['20M', '40M', '60M', '80M']);
      expect(dates.length).toBeGreaterThan(5);
      for (const v of volume) for (const t of dates) expect(intersects(v.box, t.box)).toBe(false);
      expect(labels.some((l) => /^0[kMB]?$/.test(String(l.item.text)))).toBe(false);
    },
  );

  /** The dates of the bars, in order, and the dates of the first point of each line. */
  function lines(d: Drawn): { bars: number[]; starts: Map<string, number> } {
    const time = (v: unknown) =>
      typeof v === 'number' ? v : v instanceof Date ? v.getTime() : new Date(String(v)).getTime();
    const bars = [
      ...new Set(
        d.placed
          .filter((p) => p.mark.marktype === 'rect' || p.mark.marktype === 'rule')
          .map((p) => p.item.datum?.['date'])
          .filter((v) => v !== undefined)
          .map(time),
      ),
    ].sort((a, b) => a - b);
    const starts = new Map<string, number>();
    for (const p of d.placed.filter((p) => p.mark.marktype === 'line')) {
      const key = `${p.mark.name}:${String(p.item.datum?.['average'] ?? '')}`;
      const t = time(p.item.datum?.['date']);
      if (!starts.has(key) || t < starts.get(key)!) starts.set(key, t);
    }
    return { bars, starts };
  }

  it('candlestick-volume: the 10-day average starts at the 10th bar', async () => {
    const { bars, starts } = lines(await draw(example('candlestick-volume')));
    expect([...starts.values()]).toEqual([bars[9]]);
  });

  it('ohlc-moving-averages: the 5- and 10-day averages start at the 5th and 10th bars', async () => {
    const { bars, starts } = lines(await draw(example('ohlc-moving-averages')));
    const byAverage = Object.fromEntries([...starts].map(([k, t]) => [k.split(':')[1], t]));
    expect(byAverage).toEqual({ 'MA 5': bars[4], 'MA 10': bars[9] });
  });

  it('financial-dashboard: the subtitle stands clear of the title, and both of the charts', async () => {
    const d = await draw(example('financial-dashboard'));
    const title = part(d, 'title-text').find((p) => p.item.text === 'Market dashboard')!;
    const subtitle = part(d, 'title-subtitle')[0]!;
    expect(subtitle.box.y1 - title.box.y2).toBeGreaterThanOrEqual(2);
    const below = part(d, 'title-text').filter((p) => p !== title);
    expect(below.length).toBeGreaterThan(0);
    for (const t of below) expect(t.box.y1 - subtitle.box.y2).toBeGreaterThanOrEqual(8);
  });

  it('annotation-trend-fibonacci: the trend labels stand clear of their lines and rays', async () => {
    const d = await draw(example('annotation-trend-fibonacci'));
    const lines = part(d, 'annotation-line').filter((p) => p.mark.marktype === 'rule');
    const labels = part(d, 'annotation-label').filter((p) => ['Rising highs', 'Support'].includes(String(p.item.text)));
    expect(labels.length).toBe(2);
    // Each segment walked a pixel at a time (the rays reach far past the plot).
    const crosses = (box: Box, l: Placed) => {
      const n = Math.ceil(Math.hypot(l.x2 - l.x, l.y2 - l.y));
      for (let i = 0; i <= n; i++) {
        const x = l.x + ((l.x2 - l.x) * i) / n;
        const y = l.y + ((l.y2 - l.y) * i) / n;
        if (x > box.x1 && x < box.x2 && y > box.y1 && y < box.y2) return true;
      }
      return false;
    };
    for (const label of labels)
      for (const line of lines) expect(crosses(label.box, line), String(label.item.text)).toBe(false);
  });

  it('annotation-waves-pitchfork: the shading between the tines reaches the plot edge, clipped there', async () => {
    const d = await draw(example('annotation-waves-pitchfork'));
    const prongs = d.placed.filter(
      (p) => p.mark.marktype === 'line' && p.mark.name && d.styles.get(p.mark.name)?.includes('annotation-band'),
    );
    expect(prongs.length).toBeGreaterThan(0);
    for (const p of prongs) expect(p.mark.clip).toBe(true);
    const plot = prongs[0]!.group;
    // The lower prong runs off the bottom of the plot (its y domain ends at 21): drawn to the
    // edge and cut there by the clip, not stopped short of it.
    expect(Math.max(...prongs.map((p) => p.box.y2))).toBeGreaterThanOrEqual(plot.y + plot.height);
  });
});
