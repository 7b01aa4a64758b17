import { isObject, type JsonObject } from './json';

/**
 * What a chart whose time axis can be explored tells the page, beyond the Vega-Lite it expands
 * into: which zoom to drive, where the bars' prices are for the crosshair's readout, the range to
 * open on and the range buttons. The financial marks declare one per unit that zooms; the
 * expansion gathers them into the spec's `usermeta` (Vega-Lite passes it through to Vega), and
 * the render layer reads them there (src/render/explore-*.ts). Everything in it comes from the
 * spec's text, so the text stays the whole truth of the chart.
 */
export const EXPLORE_KEY = 'chartspecExplore';

/** A range as written: a span back from the last bar (`6M`, `1Y`, `5D`, `2W`), `YTD`, or `All`. */
export type RangeToken = string;

/** The spans a range token may name, and the pattern the schema checks them with. */
export const RANGE_PATTERN = '^([1-9][0-9]{0,3}[DWMY]|YTD|All)$';

/** The range buttons a chart shows unless its spec lists its own. */
export const DEFAULT_RANGE_BUTTONS: readonly RangeToken[] = ['1M', '3M', '6M', 'YTD', '1Y', 'All'];

export interface ExploreMeta {
  /** JSON pointer of the mark's unit in the text's spec (where `range` is written back). */
  unit: string;
  /** Whether the unit's `mark` is an object (else a name, which becomes `{"type": …}` when written to). */
  markObject: boolean;
  /** The mark (`candlestick`, `ohlc`): its parts carry the style `<mark>-<part>`. */
  mark: string;
  /** The name of the x interval bound to the scales (a Vega signal of the same name holds the zoomed domain). */
  zoom: string;
  /** The field the zoom's value is keyed by: `{"<key>": [start, end]}` while zoomed. */
  key?: string;
  /** The Vega scales the unit draws on. */
  scales: { x: string; y: string };
  /** The fields each drawn bar carries. */
  fields: { x: string; temporal: boolean; open: string; high: string; low: string; close: string; volume?: string };
  /** Follow the pointer with a crosshair, price and date tags and a readout of the bar. */
  crosshair: boolean;
  /** The range to open on, as written: a token or a `[start, end]` pair (dates as text or milliseconds). */
  range?: RangeToken | [string | number, string | number];
  /** The range buttons to show (none when empty). */
  buttons: RangeToken[];
  /** Show the navigator under the chart (the whole series, with a window on the range in view). */
  navigator?: boolean;
  /** The price scale the mark draws on (the bar's toggles say which, and write another). */
  priceScale?: PriceScale;
  /** The series is replayed bar by bar (`replay`): the page steps the param. */
  replay?: ReplayMeta;
}

/**
 * A replay: the bars from `from` on (the second half of the series without one) are held back,
 * and the Vega-Lite param `param` counts how many of them are shown; the page adds one every
 * `1000 / speed` ms. In the spec's dataflow, so the price axis, the last price, the volume pane
 * and the layers beside the bars all see the series as it was at the newest bar shown.
 */
export interface ReplayMeta {
  param: string;
  /** Bars a second. */
  speed: number;
  /** The last bar shown before the first step: the last at or before this time (ms, or a number on a numeric x). */
  from?: number;
}

/** The price scales of the financial marks: `percent` is each price's change from the first bar in view. */
export const PRICE_SCALES = ['linear', 'log', 'percent'] as const;
export type PriceScale = (typeof PRICE_SCALES)[number];

/** The explorable units a compiled (or expanded) spec declares, in the order of the text. */
export function exploresOf(spec: unknown): ExploreMeta[] {
  const meta = isObject(spec) && isObject(spec['usermeta']) ? spec['usermeta'][EXPLORE_KEY] : undefined;
  return Array.isArray(meta) ? (meta as unknown as ExploreMeta[]) : [];
}

const DAY = 86_400_000;

/**
 * The x domain a range token shows, ending at `end` (the last bar), never starting before
 * `start` (the first): months and years go back by calendar (UTC), YTD from the first of January.
 */
export function rangeDomain(token: RangeToken, [start, end]: [number, number]): [number, number] {
  if (token === 'All') return [start, end];
  const at = new Date(end);
  let from: number;
  if (token === 'YTD') from = Date.UTC(at.getUTCFullYear(), 0, 1);
  else {
    const n = Number(token.slice(0, -1));
    const unit = token.slice(-1);
    const d = new Date(end);
    if (unit === 'D') from = end - n * DAY;
    else if (unit === 'W') from = end - 7 * n * DAY;
    else if (unit === 'M') from = d.setUTCMonth(d.getUTCMonth() - n);
    else from = d.setUTCFullYear(d.getUTCFullYear() - n);
  }
  return [Math.max(start, from), end];
}

/**
 * A layer beside the bars (a moving average, a band) keeps only its rows near the zoomed range:
 * each row whose segment to its neighbours reaches into the view. Its own transforms run first
 * (a moving average is still computed on the whole series); the cut only decides what it adds to
 * the price axis, which then fits what is in view as it does for the bars. Rows without an x, or
 * a chart not zoomed, keep everything. In a replay it shows the rows of the bars shown.
 */
export function cutToView(
  layer: JsonObject,
  meta: Pick<ExploreMeta, 'zoom' | 'key' | 'replay'>,
  x: string,
  temporal: boolean,
): JsonObject {
  if (meta.key === undefined) return layer;
  const { z, zoomed } = zoomedRange(meta.zoom, meta.key);
  const own = Array.isArray(layer['transform']) ? layer['transform'] : [];
  return {
    ...layer,
    transform: [
      ...own,
      ...(meta.replay ? replayTransforms(x, temporal, meta.replay) : []),
      {
        window: [
          { op: 'lag', field: x, as: '__prev_x' },
          { op: 'lead', field: x, as: '__next_x' },
        ],
        sort: [{ field: x }],
        groupby: [],
      },
      {
        filter:
          `!${zoomed} || ((!isValid(datum.__next_x) || +datum.__next_x >= +${z}[0]) && ` +
          `(!isValid(datum.__prev_x) || +datum.__prev_x <= +${z}[1]))`,
      },
    ],
  };
}

/**
 * The rows of a replay's bars shown (see `ReplayMeta`): each row's place in time order, the
 * count of rows up to `from` (half the rows without one), and a filter on the param. Before
 * anything that reads the series (the level of detail, the last price), so they see it as it
 * was at the newest bar shown.
 */
export function replayTransforms(x: string, temporal: boolean, replay: ReplayMeta): JsonObject[] {
  const at = `datum[${JSON.stringify(x)}]`;
  const time = temporal ? `+toDate(${at})` : `+${at}`;
  return [
    { window: [{ op: 'row_number', as: '__replay_i' }], sort: [{ field: x }], groupby: [] },
    { calculate: replay.from === undefined ? '0.5' : `${time} <= ${replay.from} ? 1 : 0`, as: '__replay_in' },
    { joinaggregate: [{ op: 'sum', field: '__replay_in', as: '__replay_start' }], groupby: [] },
    // At least one bar, so the chart has a range to show from the start.
    { filter: `datum.__replay_i <= max(1, floor(datum.__replay_start)) + ${replay.param}` },
  ];
}

/**
 * The expressions of a zoom's range: `z`, its `[start, end]` keyed by `key` in the interval's
 * value, and `zoomed`, whether there is one (an interval bound to the scales holds none until a
 * wheel or a drag). The filters that cut rows to the view read both.
 */
export function zoomedRange(zoom: string, key: string): { z: string; zoomed: string } {
  const z = `${zoom}[${JSON.stringify(key)}]`;
  return { z, zoomed: `(isArray(${z}) && length(${z}) === 2)` };
}
