// The bench's financial page: draws a candlestick chart with Chartspec's own core (expandMarks,
// vega-lite compile, then vega-embed with the app's embed options and the app's Vega: see
// src/render/page-vega.ts) or with lightweight-charts, from the same generated bars at the same size,
// and times call → chart drawn in the next frame. bench/run.mjs drives it through window.__fin.
import embed, { type Result } from 'vega-embed';
import { compile, type TopLevelSpec } from 'vega-lite';
import { changeset, type Spec as VegaSpec, type View } from 'vega';
import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { expandMarks } from '../../src/core/expand';
import { marks } from '../../src/core/marks/index';
import { CANVAS_EMBED_OPTIONS, canvasSpec, embedOptionsFor, runtimeSpec } from '../../src/render/vega-runtime';
import { installPageVega } from '../../src/render/page-vega';
import * as candleMarks from '../../src/render/candle-marks';
import * as fusedTransforms from '../../src/render/fused-transforms';
import { useCandleMarks, useFusedTransforms } from '../../src/render/runtime-spec';
import * as ix from './interaction';

installPageVega();
// Up front: the page loads them with its first financial chart (and the candle join with its
// first candlestick on a canvas), before it draws.
useFusedTransforms(fusedTransforms);
useCandleMarks(candleMarks);

/** The chart's outer size, the same for both libraries (Vega-Lite fits the whole chart into it). */
export const WIDTH = 1200;
export const HEIGHT = 500;

export interface Bar {
  date: number; // ms since the epoch, UTC midnight of a weekday
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** mulberry32: a small seeded generator, so every run draws the same bars. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86400000;

/**
 * `n` daily bars from 2000-01-03 (a Monday), weekends skipped: a random walk of closes (±2% a
 * day, kept above 1), each open the previous close, highs and lows beyond the body.
 */
export function generateBars(n: number, seed = 42): Bar[] {
  const rnd = random(seed);
  const out: Bar[] = new Array(n);
  let t = Date.UTC(2000, 0, 3);
  let close = 100;
  for (let i = 0; i < n; i++) {
    const open = close;
    close = Math.max(1, open * (1 + (rnd() - 0.5) * 0.04));
    const high = Math.max(open, close) * (1 + rnd() * 0.01);
    const low = Math.min(open, close) * (1 - rnd() * 0.01);
    const r2 = (x: number) => Math.round(x * 100) / 100;
    out[i] = {
      date: t,
      open: r2(open),
      high: r2(high),
      low: r2(low),
      close: r2(close),
      volume: Math.round(1e5 + rnd() * 9e5),
    };
    t += DAY;
    const weekday = new Date(t).getUTCDay();
    if (weekday === 6) t += 2 * DAY;
    else if (weekday === 0) t += DAY;
  }
  return out;
}

const SIZE = { width: WIDTH, height: HEIGHT, autosize: { type: 'fit', contains: 'padding' } };

/** With the candlestick mark. */
export function markSpec(values: Bar[]): unknown {
  return {
    $schema: 'https://chartspec.dev/schema/chartspec/v1.json',
    ...SIZE,
    data: { values },
    mark: { type: 'candlestick', ...((window as { __extra?: object }).__extra ?? {}) },
    encoding: {
      x: { field: 'date', type: 'temporal', title: null },
      y: { title: null },
      open: { field: 'open' },
      high: { field: 'high' },
      low: { field: 'low' },
      close: { field: 'close' },
    },
  };
}

/** The same chart as one writes it in plain Vega-Lite: a wick rule and a body bar, colored by direction. */
export function plainSpec(values: Bar[]): unknown {
  const color = {
    condition: [
      { test: 'datum.close > datum.open', value: '#0f9d76' },
      { test: 'datum.close < datum.open', value: '#e0483e' },
    ],
    value: '#8a94a6',
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    ...SIZE,
    data: { values },
    encoding: {
      x: { field: 'date', type: 'temporal', title: null },
      y: { type: 'quantitative', scale: { zero: false }, title: null },
      color,
    },
    layer: [
      { mark: 'rule', encoding: { y: { field: 'low' }, y2: { field: 'high' } } },
      { mark: 'bar', encoding: { y: { field: 'open' }, y2: { field: 'close' } } },
    ],
  };
}

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
const host = () => document.getElementById('host')!;

interface Drawn {
  ms: number;
  renderer?: string;
  items?: number;
  stages?: Record<string, number>;
}

let live: { finalize(): void } | undefined;
let bars: Bar[] | null = null;
let lwcBars: { time: UTCTimestamp; open: number; high: number; low: number; close: number }[] | null = null;
/** What the interaction measures reach on the chart drawn last: its view or series, and its bars' dates. */
let drawn:
  | { lib: 'chartspec'; view: View; spec: VegaSpec; dates: number[]; last: Bar }
  | { lib: 'lwc'; chart: IChartApi; series: ISeriesApi<'Candlestick'>; dates: number[]; last: Bar }
  | undefined;
let pending: { dates: number[]; last: Bar } | undefined;

function clear(): void {
  live?.finalize();
  live = undefined;
  drawn = undefined;
  ix.watch(undefined);
  host().replaceChildren();
}

/** Counts the scenegraph's items (what the renderer draws). */
function countItems(node: { items?: unknown[] } | undefined): number {
  if (!node?.items) return 0;
  let n = 0;
  for (const item of node.items as { items?: unknown[] }[]) n += 1 + countItems(item);
  return n;
}

async function drawChartspec(spec: unknown): Promise<Drawn> {
  const t0 = performance.now();
  const expanded = expandMarks(spec, undefined, marks);
  if (expanded.problems.some((p) => p.severity === 'error'))
    throw new Error(expanded.problems.map((p) => p.message).join('; '));
  const t1 = performance.now();
  // As the app draws it (src/render/chart-session.ts `draw`): on a canvas, without the marks'
  // descriptions (aria-labels only SVG shows), which Vega would otherwise format for every item
  // at every encoding, every zoom and pan event included, and with the wicks carried by the
  // bodies (src/render/candle-marks.ts).
  const vega = runtimeSpec(compile(expanded.spec as TopLevelSpec).spec as VegaSpec);
  const t2 = performance.now();
  const options = embedOptionsFor(vega);
  const shown = options === CANVAS_EMBED_OPTIONS ? canvasSpec(vega) : vega;
  const result: Result = await embed(host(), shown, options);
  const t3 = performance.now();
  const t4 = await nextFrame();
  live = result;
  if (pending) drawn = { lib: 'chartspec', view: result.view, spec: vega, ...pending };
  const scene = (result.view as unknown as { scenegraph(): { root: { items?: unknown[] } } }).scenegraph().root;
  return {
    ms: t4 - t0,
    renderer: result.view.renderer(),
    items: countItems(scene),
    stages: { expand: t1 - t0, compile: t2 - t1, embed_and_run: t3 - t2, to_frame: t4 - t3 },
  };
}

function toLwc(b: Bar[]) {
  return b.map((d) => ({
    time: (d.date / 1000) as UTCTimestamp,
    open: d.open,
    high: d.high,
    low: d.low,
    close: d.close,
  }));
}

async function drawLwc(data: NonNullable<typeof lwcBars>): Promise<Drawn> {
  const t0 = performance.now();
  const chart: IChartApi = createChart(host(), { width: WIDTH, height: HEIGHT });
  const series = chart.addSeries(CandlestickSeries, {
    upColor: '#0f9d76',
    downColor: '#e0483e',
    wickUpColor: '#0f9d76',
    wickDownColor: '#e0483e',
    borderVisible: false,
  });
  series.setData(data);
  const t1 = performance.now();
  const t2 = await nextFrame();
  live = { finalize: () => chart.remove() };
  if (pending) drawn = { lib: 'lwc', chart, series, ...pending };
  return { ms: t2 - t0, stages: { create_and_set_data: t1 - t0, to_frame: t2 - t1 } };
}

/**
 * The page's API for bench/run.mjs. `prepare` makes the bars (and lightweight-charts' copy in
 * its own format) before the timed call; `draw` times one chart; `drop` forgets the bars so that
 * only what the chart keeps stays on the heap.
 */
const api = {
  prepare(n: number, lib: 'chartspec' | 'plain' | 'lwc') {
    clear();
    bars = generateBars(n);
    pending = { dates: bars.map((b) => b.date), last: bars[n - 1]! };
    lwcBars = lib === 'lwc' ? toLwc(bars) : null;
    if (lib === 'lwc') bars = null;
    return true;
  },
  async draw(lib: 'chartspec' | 'plain' | 'lwc'): Promise<Drawn> {
    if (lib === 'lwc') return drawLwc(lwcBars!);
    return drawChartspec(lib === 'plain' ? plainSpec(bars!) : markSpec(bars!));
  },
  /** A small chart drawn and removed first, so the timed call does not pay for loading code. */
  async warmUp(lib: 'chartspec' | 'plain' | 'lwc') {
    api.prepare(200, lib);
    await api.draw(lib);
    clear();
    return true;
  },
  drop() {
    bars = null;
    lwcBars = null;
    pending = undefined;
    drawn = undefined;
    return true;
  },
  clear,
  ix: {
    /** Starts timing input on the chart drawn last. */
    watch() {
      ix.watch(drawn?.lib);
      return drawn?.lib ?? null;
    },
    count: ix.eventCount,
    settle: ix.settle,
    profile: ix.profile,
    /** Bars in the x range on screen. */
    visible(): number {
      if (drawn?.lib === 'chartspec') {
        const [lo, hi] = (drawn.view.scale('x') as unknown as { domain(): (Date | number)[] }).domain().map(Number);
        return ix.barsWithin(drawn.dates, lo!, hi!);
      }
      const range = drawn?.chart.timeScale().getVisibleLogicalRange();
      if (!drawn || !range) return 0;
      return Math.max(
        0,
        Math.min(drawn.dates.length - 1, Math.floor(range.to)) - Math.max(0, Math.ceil(range.from)) + 1,
      );
    },
    /** Appends the next weekday's bar through each library's own data API, timed to its frame. */
    append() {
      const d = drawn!;
      const prev = d.last;
      let date = prev.date + DAY;
      while ([0, 6].includes(new Date(date).getUTCDay())) date += DAY;
      const close = Math.round(prev.close * 101) / 100;
      const bar: Bar = { date, open: prev.close, high: close + 0.5, low: prev.close - 0.5, close, volume: 5e5 };
      d.last = bar;
      d.dates.push(date);
      if (d.lib === 'lwc') {
        const { open, high, low } = bar;
        return ix.timeCall(() => d.series.update({ time: (date / 1000) as UTCTimestamp, open, high, low, close }));
      }
      const name = ix.sourceData(d.view, d.spec as never, d.dates.length - 1);
      return ix.timeCall(() => d.view.change(name, changeset().insert(bar)).runAsync());
    },
  },
};

(window as unknown as { __fin: typeof api }).__fin = api;
document.documentElement.dataset['ready'] = '1';
