/**
 * The crosshair of an exported financial chart, drawn by Vega-Lite. The app draws its own over
 * the chart (src/render/crosshair.ts: moving a few elements costs nothing, where a selection
 * would run Vega's dataflow on every pointer move), so these layers are added only when the
 * expansion is for an export (`ctx.target`), where no app is there to draw it.
 *
 * What Vega-Lite can say: a point selection on x, nearest to the pointer, picks the bar under it;
 * layers filtered to that bar draw a line at its time (through the volume pane too), a tag with
 * its date on the time axis, and the readout of its date, open, high, low, close, change from the
 * bar before and volume at the plot's top left (the last bar's while the pointer is away).
 *
 * What it cannot: the line and tag at the pointer's own price. A selection keeps data values,
 * never where the pointer is; the only way to the pointer's y is an interval selection's pixel
 * signal, a name Vega-Lite makes up when it compiles (not part of its language), which a later
 * Vega-Lite may change, and a file that names a signal Vega does not have draws nothing at all.
 * Nor the keys, the touch hold, or a readout that wraps: text in Vega is one line per mark.
 */
import type { JsonObject } from '../json';
import { datum } from './fused-expressions';
import type { PriceFields } from './financial-channels';

/** The base of the name of the crosshair's selection. */
export const CROSSHAIR_PARAM = 'chartspec_crosshair';

/** The app's readout and tags (src/app/explore.css), in colors that read on light and dark charts. */
const LINE_COLOR = '#6b7280';
const TAG_COLOR = '#475569';
const TAG_TEXT = '#ffffff';
const TAG_HEIGHT = 16;
const FONT_SIZE = 10;
/** The width of a character of the tag's text, for the tag's box (Vega cannot measure text here). */
const CHAR_WIDTH = 6;
const READOUT_SIZE = 11;
const READOUT_LINE = 15;
/** The width of a character of the readout's text, to tell whether a line fits (an estimate). */
const READOUT_CHAR = 6.2;
/** The parts of the readout are set apart as the app sets them (an en space: SVG keeps it, where it collapses spaces). */
const GAP = '\u2002\u2002';
const DAY = 86_400_000;

export interface CrosshairSetup {
  mark: string;
  /** The name of the point selection (unique in the spec). */
  param: string;
  /** The raw prices (what the readout reads, also on a percent scale). */
  fields: PriceFields;
  /** The volume field, when the volume pane is drawn. */
  volume?: string | undefined;
  temporal: boolean;
  /** The Vega names of the unit's scales. */
  scales: { x: string; y: string };
  colors: { rising: string; falling: string; unchanged: string };
  /** The chart's `config`, for the readout's colors on a chart of its own colors. */
  config: JsonObject | undefined;
}

const str = (s: string) => JSON.stringify(s);
const px = (expr: string) => ({ value: { expr } });
const style = (s: CrosshairSetup, part: string) => ({ style: `${s.mark}-${part}`, aria: false });

/** Where the selected bar's time is along x, and whether that is inside the plot. */
const at = (s: CrosshairSetup) => `scale(${str(s.scales.x)}, datum.__t)`;
const shown = (s: CrosshairSetup) => ({ value: { expr: `inrange(${at(s)}, range(${str(s.scales.x)})) ? 1 : 0` } });

/**
 * The selection: the bar nearest the pointer along x (Vega-Lite's voronoi over the carrier's
 * items), cleared when the pointer leaves the plot.
 */
export function crosshairParam(s: CrosshairSetup): JsonObject {
  return {
    name: s.param,
    // One bar at a time: no Shift to add bars to it.
    select: { type: 'point', encodings: ['x'], nearest: true, on: 'pointermove', clear: 'pointerout', toggle: false },
  };
}

/**
 * The unit that holds the selection: an invisible rule per bar at its time, so the nearest item
 * is the nearest bar's middle (a body's item is its left edge). Vega-Lite puts the selection's
 * voronoi right above it, over the bars: placed last, nothing of the mark's own covers it. The
 * voronoi answers the pointer everywhere in the plot, so it carries the bars' tooltip.
 */
export function crosshairCarrier(s: CrosshairSetup, x: JsonObject, tooltip: unknown): JsonObject {
  return {
    params: [crosshairParam(s)],
    mark: { type: 'rule', ...style(s, 'crosshair-target'), opacity: 0 },
    encoding: { x, ...(tooltip !== undefined ? { tooltip } : {}) },
  };
}

const selected = (s: CrosshairSetup): JsonObject => ({ filter: { param: s.param, empty: false } });

/** The line at the selected bar's time, from the top of a view to its foot. */
function timeLine(s: CrosshairSetup): JsonObject {
  return {
    mark: { type: 'rule', ...style(s, 'crosshair'), color: LINE_COLOR, strokeDash: [4, 3], strokeWidth: 1 },
    encoding: { x: px(at(s)), y: { value: 0 }, y2: { value: 'height' }, opacity: shown(s) },
  };
}

/** A value formatted as the app's readout formats it (src/render/readout.ts), or a dash. */
const number = (v: string, format: string) => `(isFinite(${v}) ? format(${v}, ${format}) : '–')`;

/** The decimals for prices of a bar: 2 for most, more under 1, none from 100,000 on (as the app). */
const priceFormat = (scale: string) =>
  `',.' + (${scale} >= 100000 ? 0 : ${scale} >= 1 || !(${scale} > 0) ? 2 : min(8, 3 - floor(log(${scale}) / LN10))) + 'f'`;

/** A volume in short form: 950, 12.3K, 4.56M, 1.2B. */
function volumeText(v: string): string {
  const short = (div: number, suffix: string) =>
    `format(${v} / ${div}, abs(${v} / ${div}) >= 100 ? '.1~f' : '.2~f') + '${suffix}'`;
  return (
    `!isFinite(${v}) ? '–' : abs(${v}) >= 1e9 ? ${short(1e9, 'B')} : abs(${v}) >= 1e6 ? ${short(1e6, 'M')} : ` +
    `abs(${v}) >= 1e3 ? ${short(1e3, 'K')} : format(${v}, '.0f')`
  );
}

/** The bar's time as the app's readout and date tag write it (local time, as the axis draws it). */
function timeText(s: CrosshairSetup): string {
  if (!s.temporal) return number('datum.__t', priceFormat('abs(datum.__t)'));
  return `timeFormat(datum.__t, isValid(datum.__step) && datum.__step < ${DAY} ? '%-d %b %Y, %H:%M' : '%a, %-d %b %Y')`;
}

/**
 * The date tag on the time axis under a view: a box centred on the line, the date in it. Both
 * ends at the view's foot (`"height"`) moved down by offsets: a position may not add pixels to it.
 */
function dateTag(s: CrosshairSetup): JsonObject[] {
  const width = `(length(datum.__xh_date) * ${CHAR_WIDTH} + 10)`;
  // Kept within the plot's width (the line itself stays at the bar): a tag past the chart's
  // edge would widen its bounds, and the chart would move each time the pointer comes near it.
  const X = str(s.scales.x);
  const middle = `clamp(${at(s)}, ${width} / 2, max(${width} / 2, range(${X})[1] - ${width} / 2))`;
  // Under the plot, over the axis labels, which Vega-Lite clips when the x zooms.
  const outside = { clip: false };
  return [
    {
      mark: {
        type: 'rect',
        ...style(s, 'crosshair-date-tag'),
        ...outside,
        color: TAG_COLOR,
        cornerRadius: 3,
        yOffset: 1,
        y2Offset: 1 + TAG_HEIGHT,
      },
      encoding: {
        x: px(`${middle} - ${width} / 2`),
        x2: px(`${middle} + ${width} / 2`),
        y: { value: 'height' },
        y2: { value: 'height' },
        opacity: shown(s),
      },
    },
    {
      mark: {
        type: 'text',
        ...style(s, 'crosshair-date'),
        ...outside,
        align: 'center',
        baseline: 'middle',
        fontSize: FONT_SIZE,
        color: TAG_TEXT,
        yOffset: 1 + TAG_HEIGHT / 2,
      },
      encoding: { x: px(middle), y: { value: 'height' }, text: { field: '__xh_date' }, opacity: shown(s) },
    },
  ];
}

/** The line and the date tag in a view of their own, for the selected bar. */
function timeMarks(s: CrosshairSetup, withDate: boolean): JsonObject {
  return {
    transform: [selected(s), ...(withDate ? [{ calculate: timeText(s), as: '__xh_date' }] : [])],
    layer: [timeLine(s), ...(withDate ? dateTag(s) : [])],
  };
}

/**
 * The readout at the plot's top left: the date and the prices, then the change and the volume in
 * the direction's color; on a plot too narrow for the date and prices on one line (by an estimate
 * of the text's width: Vega cannot measure it in an expression), the date on a line of its own.
 * A halo of the chart's background keeps it legible over candles. Of the selected bar, or of the
 * last bar while nothing is selected, as in the app.
 */
function readout(s: CrosshairSetup): JsonObject {
  const f = s.fields;
  const config = s.config ?? {};
  const axis = typeof config['axis'] === 'object' && config['axis'] !== null ? (config['axis'] as JsonObject) : {};
  const ink = typeof axis['labelColor'] === 'string' ? axis['labelColor'] : '#1f2937';
  const halo = typeof config['background'] === 'string' ? config['background'] : '#ffffff';
  const X = str(s.scales.x);
  const price = (field: string) => number(datum(field), 'datum.__xh_format');
  const prices =
    `'O ' + ${price(f.open)} + '${GAP}H ' + ${price(f.high)} + ` +
    `'${GAP}L ' + ${price(f.low)} + '${GAP}C ' + ${price(f.close)}`;
  const sign = `(datum.__xh_change > 0 ? '+' : datum.__xh_change < 0 ? '−' : '')`;
  const change =
    `(!isFinite(datum.__xh_change) ? '–' : ${sign} + format(abs(datum.__xh_change), datum.__xh_format) + ` +
    `(datum.__xh_before ? ' (' + ${sign} + format(abs(datum.__xh_change / datum.__xh_before) * 100, '.2f') + '%)' : ''))`;
  const volume = s.volume !== undefined ? ` + '${GAP}Vol ' + (${volumeText(datum(s.volume))})` : '';
  const oneLine = `(length(datum.__xh_date) + ${GAP.length} + length(datum.__xh_prices)) * ${READOUT_CHAR} + 12 <= range(${X})[1]`;
  const line = (text: string, y: string, color: unknown, extra: JsonObject = {}): JsonObject => ({
    mark: {
      type: 'text',
      ...style(s, 'crosshair-readout'),
      align: 'left',
      baseline: 'top',
      fontSize: READOUT_SIZE,
      lineHeight: READOUT_LINE,
      lineBreak: '\n',
      // Never past the plot's right edge (Vega ends the text with an ellipsis).
      limit: { expr: `max(0, range(${X})[1] - 12)` },
      ...extra,
    },
    encoding: { x: { value: 6 }, y: px(y), text: px(text), color },
  });
  const haloed = (text: string, y: string, color: unknown) => [
    line(text, y, { value: halo }, { stroke: halo, strokeWidth: 3, strokeJoin: 'round' }),
    line(text, y, color),
  ];
  const directionColor = {
    condition: [
      { test: 'datum.__xh_change > 0', value: s.colors.rising },
      { test: 'datum.__xh_change < 0', value: s.colors.falling },
    ],
    value: s.colors.unchanged,
  };
  const close = datum(f.close);
  return {
    transform: [
      // Before the selection cuts the rows: the last bar, and each bar's close before it.
      { joinaggregate: [{ op: 'max', field: '__t', as: '__xh_last' }], groupby: [] },
      { window: [{ op: 'lag', field: f.close, as: '__xh_prev' }], sort: [{ field: '__t' }], groupby: [] },
      {
        filter: {
          or: [{ param: s.param, empty: false }, { and: [{ param: s.param }, '+datum.__t === +datum.__xh_last'] }],
        },
      },
      // The change from the bar before's close, or from its own open for the first bar.
      { calculate: `isValid(datum.__xh_prev) ? datum.__xh_prev : ${datum(f.open)}`, as: '__xh_before' },
      { calculate: `${close} - datum.__xh_before`, as: '__xh_change' },
      {
        calculate: priceFormat(`(max(abs(${datum(f.high)}), abs(${datum(f.low)})) || abs(${close}))`),
        as: '__xh_format',
      },
      { calculate: timeText(s), as: '__xh_date' },
      { calculate: prices, as: '__xh_prices' },
      { calculate: `${change}${volume}`, as: '__xh_change_text' },
    ],
    layer: [
      ...haloed(
        `${oneLine} ? datum.__xh_date + '${GAP}' + datum.__xh_prices : datum.__xh_date + '\\n' + datum.__xh_prices`,
        '4',
        { value: ink },
      ),
      ...haloed('datum.__xh_change_text', `4 + (${oneLine} ? 1 : 2) * ${READOUT_LINE}`, directionColor),
    ],
  };
}

/** The crosshair's layers in the price view: the line, the readout, and the date tag unless a pane below has it. */
export function crosshairLayers(s: CrosshairSetup, paneBelow: boolean): JsonObject[] {
  return [timeMarks(s, !paneBelow), readout(s)];
}

/** The crosshair's layers in the volume pane: the line through it, and the date tag on its axis. */
export function paneCrosshairLayers(s: CrosshairSetup): JsonObject[] {
  return [timeMarks(s, true)];
}
