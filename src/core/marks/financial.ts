/**
 * What candlestick and ohlc share: their common options, the volume pane, and the frame that
 * turns a unit spec into a layer. Kept apart so each mark file only says which parts it draws;
 * the price channels are read in financial-channels.ts, the bars placed along x in financial-x.ts.
 */
import { isObject, type JsonObject } from '../json';
import { DIRECTION_COLORS, splitUnit } from './shared/parts';
import { option, type OptionsOf } from './shared/declare';
import type { ExpandContext } from './types';
import {
  changeTransforms,
  directionColor,
  fieldsOf,
  otherChannels,
  PRICE_CHANNELS,
  priceFields,
  priceY,
  volumeField,
  volumeTooltip,
  type PriceFields,
} from './financial-channels';
import {
  barSlots,
  isCalendarX,
  levelOfDetail,
  tradingDayX,
  withoutAxisLabels,
  zoomParam,
  type BarSlots,
} from './financial-x';

// The marks, the render layer's tests and the annotation read these here.
export { datum, lodExpressions } from './fused-expressions';
export * from './financial-channels';
export * from './financial-x';

/**
 * The options both marks take (each adds its own parts). `band` says what it measures in the
 * mark's own words: a candlestick's body, an ohlc bar's ticks.
 */
export function financialOptions(band: string) {
  return {
    rising: option.color({
      default: DIRECTION_COLORS.rising,
      description: 'Color of bars that close above their open.',
    }),
    falling: option.color({
      default: DIRECTION_COLORS.falling,
      description: 'Color of bars that close below their open.',
    }),
    unchanged: option.color({
      default: DIRECTION_COLORS.unchanged,
      description: 'Color of bars that close at their open.',
    }),
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
    zoom: option.boolean({
      default: true,
      description:
        'Explore the time axis: the wheel zooms in and out around the pointer, a drag pans, a double-click ' +
        'goes back to the whole range; the volume pane and the layers beside the mark follow, and the level of ' +
        'detail divides the visible range. On a continuous x (not with `gaps: false`), unless the unit has an ' +
        'x interval bound to the scales of its own. `false` keeps the chart still.',
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
      type: { const: 'quantitative', description: 'Volumes are numbers (the only type the pane reads).' },
      title: { type: ['string', 'null'], description: 'Title of the volume axis. __Default value:__ `"Volume"`' },
    },
    description: 'The volume of each bar of a candlestick or ohlc mark, drawn in a pane below the chart.',
  },
  VolumePaneDef: {
    type: 'object',
    additionalProperties: false,
    properties: {
      height: {
        type: 'number',
        minimum: 20,
        description: `Height of the volume pane in pixels. __Default value:__ \`${VOLUME_PANE_HEIGHT}\``,
      },
      color: {
        type: 'string',
        description: "One color for every volume bar. __Default value:__ the bar's direction color",
      },
      opacity: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'Opacity of the volume bars. __Default value:__ `0.5`',
      },
    },
    description: 'Size and style of the volume pane.',
  },
};

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
        // Short labels (80M, 1.2B: finance writes billions with a B, not SI's G); no zero at the
        // pane's foot, where it would sit on the date labels under it and the bars say it anyway.
        axis: {
          format: '~s',
          tickCount: 3,
          labelExpr: "datum.value === 0 ? '' : replace(datum.label, 'G', 'B')",
        },
      },
      y2: { datum: 0 },
      color: typeof style['color'] === 'string' ? { value: style['color'] } : directionColor(fields, options),
      ...(options.tooltip ? { tooltip: volumeTooltip(encoding['x'], volume) } : {}),
    },
  };
}

/** The base of the name of the zoom a financial mark adds (see `withZoom`). */
export const ZOOM_PARAM = 'chartspec_zoom';

/**
 * The unit's params, with an x interval bound to the scales (zoom and pan) when the mark explores
 * its time axis (`zoom`, on by default) and the unit has none of its own. Only on a continuous x:
 * Vega-Lite binds intervals to continuous scales alone. Not in a repeat, whose views would each
 * need one of their own names.
 */
function withZoom(params: unknown, options: FinancialOptions, x: unknown, ctx: ExpandContext): unknown {
  if (options.zoom === false || zoomParam(params) !== undefined || ctx.scales === undefined) return params;
  const type = isObject(x) ? x['type'] : undefined;
  if (type !== 'temporal' && type !== 'quantitative') return params;
  const zoom = { name: ctx.paramName(ZOOM_PARAM), select: { type: 'interval', encodings: ['x'] }, bind: 'scales' };
  return [...(Array.isArray(params) ? params : []), zoom];
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
  const split = splitUnit(spec);
  const { outer } = split;
  const params = withZoom(split.params, options, encoding['x'], ctx);
  if (!fields) return { ...outer, mark: 'rule' };
  const slots = barSlots(encoding['x'], options.band);
  if (!slots) {
    ctx.report({
      severity: 'error',
      message: `The ${name} mark needs an "x" channel with a "field" (the date of each bar)`,
      path: '/encoding',
    });
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
          keep: Object.entries(encoding).flatMap(([ch, def]) =>
            ['x', 'y', 'volume', ...PRICE_CHANNELS].includes(ch) ? [] : fieldsOf(def),
          ),
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
