/**
 * What candlestick and ohlc share: the four price channels, the direction of each bar and its
 * colors, the tooltip, and how a unit spec becomes a layer. Kept apart so each mark file only
 * says which parts it draws.
 */
import { isObject, type JsonObject } from '../json';
import { DIRECTION_COLORS, splitUnit } from './shared/parts';
import { option, type OptionsOf } from './shared/declare';
import type { ExpandContext } from './types';
import { changeExpressions, datum, lodExpressions, slotExpressions } from './fused-expressions';

export { datum, lodExpressions } from './fused-expressions';

export const PRICE_CHANNELS = ['open', 'high', 'low', 'close'] as const;
export type PriceChannel = (typeof PRICE_CHANNELS)[number];

/**
 * The options both marks take (each adds its own parts). `band` says what it measures in the
 * mark's own words: a candlestick's body, an ohlc bar's ticks.
 */
export function financialOptions(band: string) {
  return {
    rising: option.color({ default: DIRECTION_COLORS.rising, description: 'Color of bars that close above their open.' }),
    falling: option.color({ default: DIRECTION_COLORS.falling, description: 'Color of bars that close below their open.' }),
    unchanged: option.color({ default: DIRECTION_COLORS.unchanged, description: 'Color of bars that close at their open.' }),
    band: option.number({ default: 0.7, minimum: 0, maximum: 1, description: band }),
    tooltip: option.boolean({ default: true, description: 'Show date, open, high, low, close and change on hover.' }),
    volume: option.custom<boolean | JsonObject>({
      default: true,
      schema: { anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/VolumePaneDef' }] },
      description:
        'The volume pane under the chart, sharing its x axis, drawn when the encoding has a `volume` channel: ' +
        '`false` hides it, an object sizes and styles it.',
    }),
    lod: option.boolean({
      default: true,
      description:
        'Level of detail: when bars outnumber the pixel columns of the plot (or of the zoomed range, with an x ' +
        'interval bound to the scales), the bars of each column are drawn as one — first open, highest high, ' +
        "lowest low, last close, summed volume — inside the chart's own dataflow. On a continuous x only.",
    }),
    gaps: option.boolean({
      default: true,
      description:
        '`false` puts the bars on a trading-day axis: one slot per bar, so weekends and holidays leave no gaps, ' +
        'with dates as labels. Every layer that shares the x channel follows.',
    }),
  };
}

/** The options both financial marks resolve. */
export type FinancialOptions = OptionsOf<ReturnType<typeof financialOptions>>;

/** What the frame needs of a mark's declared options. */
export interface FinancialMarkOptions<O extends FinancialOptions> {
  readonly name: string;
  resolve(spec: JsonObject, ctx: Pick<ExpandContext, 'config'>): O;
}

/** Pixel columns assumed when the spec gives no width (more than most plots have). */
export const LOD_DEFAULT_COLUMNS = 1000;

/** Height of the volume pane. */
export const VOLUME_PANE_HEIGHT = 80;

/** Definitions the financial marks' schema adds: the volume channel and pane. */
export const VOLUME_DEFINITIONS = {
  VolumeFieldDef: {
    type: 'object',
    additionalProperties: false,
    required: ['field'],
    properties: {
      field: { type: 'string', description: 'The data field holding the traded volume.' },
      type: { const: 'quantitative' },
      title: { type: ['string', 'null'], description: 'Title of the volume axis. __Default value:__ `"Volume"`' },
    },
    description: 'The volume of each bar of a candlestick or ohlc mark, drawn in a pane below the chart.',
  },
  VolumePaneDef: {
    type: 'object',
    additionalProperties: false,
    properties: {
      height: { type: 'number', minimum: 20, description: `Height of the volume pane in pixels. __Default value:__ \`${VOLUME_PANE_HEIGHT}\`` },
      color: { type: 'string', description: 'One color for every volume bar. __Default value:__ the bar\'s direction color' },
      opacity: { type: 'number', minimum: 0, maximum: 1, description: 'Opacity of the volume bars. __Default value:__ `0.5`' },
    },
    description: 'Size and style of the volume pane.',
  },
};

export interface PriceFields {
  open: string;
  high: string;
  low: string;
  close: string;
}

/**
 * Reads the four price channels (from the unit or an enclosing layer). A missing channel is
 * reported at `/encoding` and the expansion stops.
 */
export function priceFields(encoding: JsonObject, ctx: ExpandContext, mark: string): PriceFields | undefined {
  const out: Partial<PriceFields> = {};
  const missing: string[] = [];
  for (const ch of PRICE_CHANNELS) {
    const def = encoding[ch];
    if (isObject(def) && typeof def['field'] === 'string' && def['field'] !== '') out[ch] = def['field'];
    else missing.push(ch);
  }
  if (missing.length) {
    ctx.report({
      severity: 'error',
      message:
        missing.length > 1
          ? `The ${mark} mark needs the ${missing.map((c) => `"${c}"`).join(', ')} channels, each with a "field"`
          : `The ${mark} mark needs the "${missing[0]}" channel, with a "field"`,
      path: '/encoding',
    });
    return undefined;
  }
  return out as PriceFields;
}

/** The `volume` channel's field and title, when the encoding has one. */
export function volumeField(encoding: JsonObject): { field: string; title?: string | null } | undefined {
  const def = encoding['volume'];
  if (!isObject(def) || typeof def['field'] !== 'string' || def['field'] === '') return undefined;
  return { field: def['field'], ...(def['title'] !== undefined ? { title: def['title'] as string | null } : {}) };
}

/** Color by direction: rising when close > open, falling when below, else unchanged. */
export function directionColor(f: PriceFields, o: FinancialOptions): JsonObject {
  return {
    condition: [
      { test: `${datum(f.close)} > ${datum(f.open)}`, value: o.rising },
      { test: `${datum(f.close)} < ${datum(f.open)}`, value: o.falling },
    ],
    value: o.unchanged,
  };
}

/** The tooltip's first line: the bar's date (or x value). */
function dateTooltip(x: unknown): JsonObject[] {
  if (!isObject(x) || typeof x['field'] !== 'string') return [];
  const tip: JsonObject = { field: x['field'], type: x['type'] ?? 'temporal' };
  if (x['timeUnit'] !== undefined) tip['timeUnit'] = x['timeUnit'];
  const time = tip['type'] === 'temporal' || x['timeUnit'] === 'yearmonthdate';
  if (time) tip['format'] = '%a %b %d, %Y';
  // A date's own title, or "Date" (Vega-Lite would say "date (year-month-date)").
  if (typeof x['title'] === 'string') tip['title'] = x['title'];
  else if (time) tip['title'] = 'Date';
  return [tip];
}

/** The default tooltip: the x value, the four prices and the change from open to close. */
export function priceTooltip(x: unknown, f: PriceFields, encoding: JsonObject): JsonObject[] {
  const title = (ch: PriceChannel) => {
    const def = encoding[ch];
    return isObject(def) && typeof def['title'] === 'string' ? def['title'] : ch[0]!.toUpperCase() + ch.slice(1);
  };
  const tips = dateTooltip(x);
  for (const ch of PRICE_CHANNELS) tips.push({ field: f[ch], type: 'quantitative', title: title(ch), format: ',.2f' });
  const volume = volumeField(encoding);
  if (volume) tips.push({ field: volume.field, type: 'quantitative', title: volume.title ?? 'Volume', format: ',d' });
  tips.push({ field: '__change', type: 'quantitative', title: 'Change', format: '+,.2f' });
  tips.push({ field: '__change_pct', type: 'quantitative', title: 'Change %', format: '+.2%' });
  return tips;
}

/**
 * What a screen reader says for one bar ("Mon Jan 03, 2000: open 100.00, high 101.20, low 99.50,
 * close 100.80"), given to the mark whose tooltip is the default one. Without it Vega-Lite
 * repeats every encoded and tooltip field in the description, formatting each bar's prices twice.
 */
export function priceDescription(x: unknown, f: PriceFields, encoding: JsonObject): JsonObject {
  const title = (ch: PriceChannel) => {
    const def = encoding[ch];
    return isObject(def) && typeof def['title'] === 'string' ? def['title'] : ch;
  };
  const parts: string[] = [];
  if (isObject(x) && typeof x['field'] === 'string') {
    const time = x['type'] === 'temporal' || x['timeUnit'] === 'yearmonthdate';
    parts.push(time ? `timeFormat(toDate(${datum(x['field'])}), "%a %b %d, %Y") + ": "` : `${datum(x['field'])} + ": "`);
  }
  PRICE_CHANNELS.forEach((ch, i) => parts.push(`${JSON.stringify(`${i ? ', ' : ''}${title(ch)} `)} + format(${datum(f[ch])}, ",.2f")`));
  return { value: { expr: parts.join(' + ') } };
}

/**
 * The tooltip and description of the part that speaks for a bar (candlestick body, ohlc range):
 * the user's, else the default tooltip (unless `tooltip: false`) and, with a tooltip, the
 * one-line description.
 */
export function speakingPart(o: { tooltip: boolean }, encoding: JsonObject, fields: PriceFields): { tooltip?: unknown; description?: unknown } {
  const tooltip = encoding['tooltip'] !== undefined ? encoding['tooltip'] : o.tooltip ? priceTooltip(encoding['x'], fields, encoding) : undefined;
  const description = encoding['description'] !== undefined ? encoding['description'] : tooltip ? priceDescription(encoding['x'], fields, encoding) : undefined;
  return { ...(tooltip !== undefined ? { tooltip } : {}), ...(description !== undefined ? { description } : {}) };
}

export function changeTransforms(f: PriceFields): JsonObject[] {
  const e = changeExpressions(f.open, f.close);
  return [
    { calculate: e.change, as: '__change' },
    { calculate: e.pct, as: '__change_pct' },
  ];
}

/**
 * Where each bar sits along x. On a continuous x (time or numbers) the spacing between bars is
 * measured in the data itself (the smallest gap between neighbours, so weekends and holidays do
 * not widen it) and every bar gets `__x0`..`__x1`, `band` of that spacing wide around its
 * position `__t`. On a discrete x (ordinal, nominal) the scale's bands do the same.
 */
export interface BarSlots {
  /** Transforms that compute `__t`, `__x0`, `__x1` (empty for discrete x). */
  transform: JsonObject[];
  /** x at the bar's position (wicks, ranges). */
  center: JsonObject;
  /** x and x2 spanning from `from` to `to` of the bar's slot: 'left' | 'center' | 'right'. */
  span(from: 'left' | 'center', to: 'center' | 'right'): { x: JsonObject; x2?: JsonObject };
  continuous: boolean;
}

export function barSlots(x: unknown, band: number): BarSlots | undefined {
  if (!isObject(x) || typeof x['field'] !== 'string') return undefined;
  const { field, type, timeUnit: _tu, bandPosition: _bp, ...options } = x;
  const continuous = type === 'temporal' || type === 'quantitative';
  if (!continuous) {
    return {
      transform: [],
      center: { ...x },
      span: () => ({ x: { ...x } }),
      continuous,
    };
  }
  const e = slotExpressions(field, type === 'temporal', band / 2);
  const axisX: JsonObject = { title: field, ...options, type };
  const slot = (name: string, withAxis: boolean): JsonObject => (withAxis ? { ...axisX, field: name } : { field: name });
  return {
    transform: [
      { calculate: e.time, as: '__t' },
      // An explicit (empty) groupby: inside a facet, vega-lite adds the facet fields to it.
      { window: [{ op: 'lag', field: '__t', as: '__prev_t' }], sort: [{ field: '__t' }], groupby: [] },
      { calculate: e.gap, as: '__gap' },
      { joinaggregate: [{ op: 'min', field: '__gap', as: '__step' }], groupby: [] },
      { calculate: e.x0, as: '__x0' },
      { calculate: e.x1, as: '__x1' },
    ],
    center: slot('__t', true),
    span(from, to) {
      const a = from === 'left' ? '__x0' : '__t';
      const b = to === 'right' ? '__x1' : '__t';
      return { x: slot(a, true), x2: slot(b, false) };
    },
    continuous,
  };
}

/**
 * The x of a chart without gaps: a band per trading day (the date's calendar day on an ordinal
 * scale), labelled with dates and thinned so labels never overlap. The user's own title, axis
 * and scale options win.
 */
export function tradingDayX(x: JsonObject): JsonObject {
  const { type: _t, axis, scale, ...rest } = x;
  const out: JsonObject = {
    title: typeof x['field'] === 'string' ? x['field'] : null,
    ...rest,
    type: 'ordinal',
    timeUnit: x['timeUnit'] ?? 'yearmonthdate',
  };
  out['axis'] =
    axis === null ? null : { format: '%b %d', labelAngle: 0, labelOverlap: 'greedy', labelSeparation: 8, ticks: false, ...(isObject(axis) ? axis : {}) };
  if (scale !== undefined) out['scale'] = scale;
  return out;
}

/**
 * With `gaps: false`, the x a layer shares becomes the trading-day x, so lines and annotations
 * beside the bars sit on the same slots (the mark's own x, if it has one, stays its own).
 */
export function sharedTradingDayX<O extends FinancialOptions>(
  declared: FinancialMarkOptions<O>,
  spec: JsonObject,
  inherited: JsonObject,
  ctx: Pick<ExpandContext, 'config'>,
): JsonObject | undefined {
  const own = isObject(spec['encoding']) ? spec['encoding'] : {};
  if (own['x'] !== undefined) return undefined;
  const options = declared.resolve(spec, ctx);
  return options.gaps === false && isCalendarX(inherited['x']) ? { x: tradingDayX(inherited['x']) } : undefined;
}

/** Whether an x channel is one trading-day x needs to change. */
export function isCalendarX(x: unknown): x is JsonObject {
  return isObject(x) && x['type'] === 'temporal' && typeof x['field'] === 'string';
}

function withoutAxisLabels(x: unknown): JsonObject {
  const def = isObject(x) ? x : {};
  if (def['axis'] === null) return def;
  const axis = isObject(def['axis']) ? def['axis'] : {};
  return { ...def, axis: { ...axis, labels: false, ticks: false, title: null } };
}

/**
 * The volume pane: a bar per price bar, in the bar's slot and direction color, on its own y
 * (starting at zero), with the dates on its axis. The walker puts it below the chart and shares x.
 */
function volumePane<O extends FinancialOptions>(
  name: string,
  lod: JsonObject[],
  slots: BarSlots,
  encoding: JsonObject,
  fields: PriceFields,
  volume: { field: string; title?: string | null },
  options: O,
): JsonObject {
  const style = isObject(options.volume) ? options.volume : {};
  const transform = [...lod, ...slots.transform];
  const x = slots.continuous ? slots.span('left', 'right') : { x: { ...slots.center } };
  return {
    ...(transform.length ? { transform } : {}),
    height: typeof style['height'] === 'number' ? style['height'] : VOLUME_PANE_HEIGHT,
    mark: {
      type: 'bar',
      style: `${name}-volume`,
      opacity: typeof style['opacity'] === 'number' ? style['opacity'] : 0.5,
      minBandSize: 1,
      ...(slots.continuous ? {} : { width: { band: options.band } }),
    },
    encoding: {
      ...x,
      y: {
        field: volume.field,
        type: 'quantitative',
        title: volume.title === undefined ? 'Volume' : volume.title,
        axis: { format: '~s', tickCount: 3 },
      },
      y2: { datum: 0 },
      color: typeof style['color'] === 'string' ? { value: style['color'] } : directionColor(fields, options),
      ...(options.tooltip ? { tooltip: volumeTooltip(encoding['x'], volume) } : {}),
    },
  };
}

/** The volume pane's tooltip: the date and the volume. */
function volumeTooltip(x: unknown, volume: { field: string; title?: string | null }): JsonObject[] {
  return [...dateTooltip(x), { field: volume.field, type: 'quantitative', title: volume.title ?? 'Volume', format: ',d' }];
}

/** The name of an interval on x bound to the scales (zoom and pan) among a unit's params. */
export function zoomParam(params: unknown): string | undefined {
  if (!Array.isArray(params)) return undefined;
  for (const p of params) {
    if (!isObject(p) || typeof p['name'] !== 'string' || p['bind'] !== 'scales') continue;
    const select = p['select'];
    const type = isObject(select) ? select['type'] : select;
    const encodings = isObject(select) ? select['encodings'] : undefined;
    if (type === 'interval' && (!Array.isArray(encodings) || encodings.includes('x'))) return p['name'];
  }
  return undefined;
}

/**
 * Level of detail: when there are more bars than pixel columns, the bars of each column become
 * one — first open, highest high, lowest low, last close, summed volume, last value of the other
 * fields the chart reads. Inside the dataflow: with a zoom interval the visible range is what is
 * divided into columns, so zooming in brings the single bars back.
 */
export function levelOfDetail(
  x: JsonObject,
  f: PriceFields,
  columns: number,
  options: { volume?: string; keep: string[]; zoom?: string },
): JsonObject[] {
  const xField = x['field'] as string;
  const e = lodExpressions(xField, x['type'] === 'temporal', columns, options.zoom);
  const from = (row: string, field: string): JsonObject => ({ calculate: `datum.${row}[${JSON.stringify(field)}]`, as: field });
  const fields = new Set([xField, f.open, f.high, f.low, f.close, ...(options.volume ? [options.volume] : [])]);
  return [
    { calculate: e.time, as: '__t' },
    {
      joinaggregate: [
        { op: 'min', field: '__t', as: '__tmin' },
        { op: 'max', field: '__t', as: '__tmax' },
        { op: 'count', as: '__n' },
      ],
      groupby: [],
    },
    ...(e.filter !== undefined ? [{ filter: e.filter }] : []),
    { calculate: e.column, as: '__column' },
    {
      aggregate: [
        { op: 'argmin', field: '__t', as: '__first' },
        { op: 'argmax', field: '__t', as: '__last' },
        { op: 'max', field: f.high, as: f.high },
        { op: 'min', field: f.low, as: f.low },
        ...(options.volume ? [{ op: 'sum', field: options.volume, as: options.volume }] : []),
      ],
      groupby: ['__column'],
    },
    from('__first', xField),
    from('__first', f.open),
    from('__last', f.close),
    ...options.keep.filter((k) => !fields.has(k)).map((k) => from('__last', k)),
  ];
}

/** Fields a channel definition reads (`field`, and each item of a tooltip list). */
function fieldsOf(def: unknown): string[] {
  if (Array.isArray(def)) return def.flatMap(fieldsOf);
  return isObject(def) && typeof def['field'] === 'string' ? [def['field']] : [];
}

/** The y channel every part shares: the user's y options (title, scale, axis) over price defaults. */
export function priceY(encoding: JsonObject): JsonObject {
  const y = isObject(encoding['y']) ? encoding['y'] : {};
  const { field: _f, ...yOptions } = y;
  const scale = isObject(y['scale']) ? y['scale'] : {};
  return { type: 'quantitative', title: null, ...yOptions, scale: { zero: false, ...scale } };
}

/** Channels other than the price ones and x/y/color, which each part keeps (opacity, href…). */
export function otherChannels(encoding: JsonObject): JsonObject {
  const rest: JsonObject = {};
  for (const [k, v] of Object.entries(encoding)) {
    if (!(PRICE_CHANNELS as readonly string[]).includes(k) && !['x', 'y', 'y2', 'color', 'tooltip', 'volume'].includes(k)) rest[k] = v;
  }
  return rest;
}

/** What a financial mark's parts are drawn from, prepared once by `expandFinancial`. */
export interface FinancialSetup<O extends FinancialOptions> {
  options: O;
  encoding: JsonObject;
  fields: PriceFields;
  slots: BarSlots;
  /** The price axis every part shares. */
  y: JsonObject;
  /** Color by direction. */
  color: JsonObject;
  /** The user's other channels (opacity, href…), kept on every part. */
  shared: JsonObject;
  /** The unit's params: they belong on one part (a layer cannot hold selections itself). */
  params: unknown;
}

/**
 * The frame of candlestick and ohlc: resolve options, read the channels, place the bars; the
 * mark draws its parts; the result is a layer with the slot and change transforms. Missing
 * channels are reported and the unit becomes an empty rule layer rather than an exception.
 */
export function expandFinancial<O extends FinancialOptions>(
  declared: FinancialMarkOptions<O>,
  spec: JsonObject,
  ctx: ExpandContext,
  parts: (setup: FinancialSetup<O>) => JsonObject[],
): JsonObject {
  const name = declared.name;
  const options = declared.resolve(spec, ctx);
  const encoding: JsonObject = { ...ctx.parentEncoding, ...(isObject(spec['encoding']) ? spec['encoding'] : {}) };
  if (options.gaps === false && isCalendarX(encoding['x'])) encoding['x'] = tradingDayX(encoding['x']);
  const fields = priceFields(encoding, ctx, name);
  const { outer, params } = splitUnit(spec);
  if (!fields) return { ...outer, mark: 'rule' };
  const slots = barSlots(encoding['x'], options.band);
  if (!slots) {
    ctx.report({ severity: 'error', message: `The ${name} mark needs an "x" channel with a "field" (the date of each bar)`, path: '/encoding' });
    return { ...outer, mark: 'rule' };
  }
  const volume = volumeField(encoding);
  const x = encoding['x'] as JsonObject;
  const columns = ctx.width ?? LOD_DEFAULT_COLUMNS;
  // Where no more bars than pixel columns can arrive (inline data), every bar keeps its column
  // at any zoom: the level of detail would change nothing, so it is left out.
  const lod =
    options.lod !== false && slots.continuous && !(ctx.rows !== undefined && ctx.rows <= columns)
      ? levelOfDetail(x, fields, columns, {
          ...(volume ? { volume: volume.field } : {}),
          keep: Object.entries(encoding).flatMap(([ch, def]) => (['x', 'y', 'volume', ...PRICE_CHANNELS].includes(ch) ? [] : fieldsOf(def))),
          ...(zoomParam(params) !== undefined ? { zoom: zoomParam(params)! } : {}),
        })
      : [];
  let paneAdded = false;
  if (volume && options.volume !== false) {
    paneAdded = ctx.addPane(volumePane(name, lod, slots, encoding, fields, volume, options));
    if (!paneAdded) {
      ctx.report({
        severity: 'warning',
        message: 'The volume pane goes below a chart, and a facet or repeat has no room for it: volume is left out',
        path: '/encoding/volume',
      });
    }
  }
  // Under a volume pane the dates are read on the pane's axis, not twice.
  const partSlots = paneAdded ? barSlots(withoutAxisLabels(encoding['x']), options.band)! : slots;
  const layer = parts({
    options,
    encoding,
    fields,
    slots: partSlots,
    y: priceY(encoding),
    color: directionColor(fields, options),
    shared: otherChannels(encoding),
    params,
  });
  const transform = [
    ...(Array.isArray(outer['transform']) ? outer['transform'] : []),
    ...lod,
    ...slots.transform,
    ...(options.tooltip ? changeTransforms(fields) : []),
  ];
  return { ...outer, ...(transform.length ? { transform } : {}), layer };
}
