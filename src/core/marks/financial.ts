/**
 * What candlestick and ohlc share: their common options and the frame that turns a unit spec
 * into a layer. Kept apart so each mark file only says which parts it draws; the price channels
 * are read in financial-channels.ts, the bars placed along x in financial-x.ts, the volume pane
 * is financial-volume.ts, the price axis financial-price.ts, the last price
 * financial-last-price.ts, what the page is told for exploring financial-explore.ts, and the
 * indicators financial-indicators.ts (what is asked, computed where) and
 * financial-indicator-layers.ts (how they are drawn).
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
  speakingPart,
  priceY,
  volumeField,
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
import { declareExplore, exploreOptions, replayOf, withZoomValue, zoomValue } from './financial-explore';
import { replayTransforms } from '../explore';
import { LAST_BAR, lastBarTransform, lastPriceLayer, lastPriceOptions, withTagRoom } from './financial-last-price';
import { paneAxis, percentFields, percentTransforms, pricedY, priceOptions, viewFilter } from './financial-price';
import { volumePane } from './financial-volume';
import {
  facetSplits,
  indicatorComputer,
  indicatorOptions,
  resolveIndicators,
  SEGMENT_FIELD,
} from './financial-indicators';
import { indicatorPane, overlayLayers } from './financial-indicator-layers';
import {
  CROSSHAIR_PARAM,
  crosshairCarrier,
  crosshairLayers,
  paneCrosshairLayers,
  type CrosshairSetup,
} from './financial-crosshair';

// The marks, the render layer's tests and the annotation read these here.
export { datum, lodExpressions } from './fused-expressions';
export * from './financial-channels';
export * from './financial-x';
export { VOLUME_DEFINITIONS, VOLUME_PANE_HEIGHT } from './financial-volume';

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
    ...indicatorOptions,
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
    ...exploreOptions,
    ...lastPriceOptions,
    ...priceOptions,
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
  /** The raw prices: what tooltips and descriptions read. */
  fields: PriceFields;
  /** The prices drawn on y: the raw ones, or their change in percent (`priceScale`). */
  price: PriceFields;
  slots: BarSlots;
  /** The price axis every part shares. */
  y: JsonObject;
  /** Color by direction. */
  color: JsonObject;
  /** The user's other channels (opacity, href…), kept on every part. */
  shared: JsonObject;
}

/**
 * The unit's params go on one part (a layer cannot hold selections itself): the first whose x is
 * the bars' left edge, as the level of detail reads the zoom by that field (`zoom["__x0"]`), else
 * the first part. Returns the parts and the field the zoom's interval is keyed by.
 */
function withParams(layer: JsonObject[], params: unknown): { layer: JsonObject[]; key?: string } {
  if (params === undefined) return { layer };
  const xField = (part: JsonObject) => {
    const x = isObject(part['encoding']) ? part['encoding']['x'] : undefined;
    return isObject(x) && typeof x['field'] === 'string' ? x['field'] : undefined;
  };
  const units = layer.filter((part) => part['mark'] !== undefined);
  const carrier = units.find((part) => xField(part) === '__x0') ?? units[0];
  if (!carrier) return { layer };
  const key = xField(carrier);
  return {
    layer: layer.map((part) => (part === carrier ? { params, ...part } : part)),
    ...(key !== undefined ? { key } : {}),
  };
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
  let params = withZoom(split.params, options, encoding['x'], ctx);
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
  const xField = x['field'] as string;
  // What orders the bars: their time on a continuous x, else the x field itself.
  const time = slots.continuous ? '__t' : xField;
  // Vega-Lite zooms continuous scales only.
  const zoom = slots.continuous ? zoomParam(params) : undefined;
  if (zoom !== undefined) params = withZoomValue(params, zoom, zoomValue(options.range, x['type'] === 'temporal', ctx));
  // A replay holds back bars from the start of the mark's own dataflow (see core/explore.ts). The
  // page plays it; an export, which nothing would play, shows the whole series.
  const replay =
    zoom !== undefined && ctx.target !== 'export' ? replayOf(options.replay, x['type'] === 'temporal', ctx) : undefined;
  const held = replay ? replayTransforms(xField, x['type'] === 'temporal', replay) : [];
  const percent = options.priceScale === 'percent';
  const setup = (s: BarSlots): FinancialSetup<O> => ({
    options,
    encoding,
    fields,
    price: percent ? percentFields(fields) : fields,
    slots: s,
    // Room for the last price's tag (its own test: `lastPrice` is set further on).
    y: ((y) => (options.lastPrice !== false && ctx.scales !== undefined ? withTagRoom(y) : y))(
      pricedY(priceY(encoding), options),
    ),
    color: directionColor(fields, options),
    shared: otherChannels(encoding),
  });
  // The field the zoom is keyed by depends on the part that holds it: a first drawing says which.
  const key = zoom !== undefined ? withParams(parts(setup(slots)), params).key : undefined;
  const columns = ctx.width ?? LOD_DEFAULT_COLUMNS;
  // Where no more bars than pixel columns can arrive (inline data), every bar keeps its column
  // at any zoom: the level of detail would change nothing, so it is left out.
  const lodOn = options.lod !== false && slots.continuous && !(ctx.rows !== undefined && ctx.rows <= columns);
  const lastPrice = options.lastPrice !== false && ctx.scales !== undefined;
  // Indicators: over the prices, or each in a pane under the chart (financial-indicators.ts).
  // They read one series in time order: a facet (around the chart or in its row, column or facet
  // channel) runs the unit's transforms over every cell's rows at once, mixing the series.
  const inCells = ctx.faceted === true || ['row', 'column', 'facet'].some((c) => encoding[c] !== undefined);
  const asked = resolveIndicators(options.indicators, ctx);
  if (asked.length && inCells)
    ctx.report({
      severity: 'warning',
      message: `${facetSplits(name)}: they are left out`,
      path: '/mark/indicators',
    });
  const indicators = inCells ? [] : asked;
  let overlays = indicators.filter((r) => r.def.pane === 'price');
  const ownPanes = indicators.filter((r) => r.def.pane === 'own');
  if (overlays.length && percent) {
    ctx.report({
      severity: 'warning',
      message: 'Indicators over the prices are drawn on a linear or log price scale, not in percent: they are left out',
      path: '/mark/priceScale',
    });
    overlays = [];
  }
  // The page computes them in the dataflow; an export reads them from a data set (exportedIndicators).
  const computed = indicatorComputer(ctx, { field: xField, temporal: x['type'] === 'temporal' }, fields, volume?.field);
  const keep = Object.entries(encoding).flatMap(([ch, def]) =>
    ['x', 'y', 'volume', ...PRICE_CHANNELS].includes(ch) ? [] : fieldsOf(def),
  );
  // A merged bar carries the values of the last bar it holds.
  const overlayFields = overlays.length ? [...overlays.flatMap((r) => Object.values(r.fields)), SEGMENT_FIELD] : [];
  const lodOf = (extra: string[]) =>
    lodOn
      ? levelOfDetail(x, fields, columns, {
          ...(volume ? { volume: volume.field } : {}),
          keep: [...keep, ...extra],
          ...(key === '__x0' ? { zoom: zoom! } : {}),
        })
      : [];
  const lod = lodOf([...overlayFields, ...(lastPrice ? [LAST_BAR] : [])]);
  // Without the level of detail (whose filter does it), a filter keeps the bars in view so the
  // price axis fits them when zoomed. On each part rather than on the layer: Vega-Lite cannot
  // draw a facet whose shared data a zoom filters after a joinaggregate (the level of detail's
  // filter has that problem: a faceted chart with one does not draw).
  const view = !lodOn && zoom !== undefined && key !== undefined ? [viewFilter(zoom, key)] : [];
  // The change from the first bar in view: after whatever cuts the bars to the view.
  const pct = percent ? percentTransforms(fields, time) : [];
  const inView = view.length ? [...view, ...pct] : [];
  const paneAsked = volume !== undefined && options.volume !== false;
  // The crosshair Vega-Lite draws, in exports only: the page draws its own (see financial-crosshair.ts).
  const crosshair: CrosshairSetup | undefined =
    ctx.target === 'export' && zoom !== undefined && options.crosshair !== false && ctx.scales !== undefined
      ? {
          mark: name,
          param: ctx.paramName(CROSSHAIR_PARAM),
          fields,
          volume: paneAsked ? volume.field : undefined,
          temporal: x['type'] === 'temporal',
          scales: ctx.scales,
          colors: options,
          config: ctx.config,
        }
      : undefined;
  let paneAdded = false;
  // The dates are read under the lowest pane only.
  const unlabelled = barSlots(withoutAxisLabels(encoding['x']), options.band)!;
  if (paneAsked) {
    const paneLod = lodOf([]);
    const paneLayers = crosshair ? paneCrosshairLayers(crosshair) : undefined;
    const paneSlots = ownPanes.length ? unlabelled : slots;
    paneAdded = ctx.addPane(
      volumePane(name, [[...held, ...paneLod], view], paneSlots, encoding, fields, volume, options, paneLayers),
    );
    if (!paneAdded) {
      ctx.report({
        severity: 'warning',
        message: 'The volume pane goes below a chart, and a facet or repeat has no room for it: volume is left out',
        path: '/encoding/volume',
      });
    }
  }
  let indicatorPanes = 0;
  ownPanes.forEach((r, i) => {
    const own = [...Object.values(r.fields), SEGMENT_FIELD];
    const transform = [...held, ...computed([r]), ...lodOf(own), ...slots.transform, ...view];
    const paneSlots = i === ownPanes.length - 1 ? slots : unlabelled;
    if (ctx.addPane(indicatorPane(r, paneSlots, transform, (a) => paneAxis(a, options)))) indicatorPanes++;
    else
      ctx.report({
        severity: 'warning',
        message: `${r.label} goes in a pane below the chart, and a facet or repeat has no room for it: it is left out`,
        path: r.path,
      });
  });
  // Under a pane the dates are read on the lowest pane's axis, not twice.
  const partSlots = paneAdded || indicatorPanes ? unlabelled : slots;
  const drawn = setup(partSlots);
  const layer = withParams(parts(drawn), params).layer;
  layer.push(...overlayLayers(overlays, drawn.slots));
  if (crosshair) layer.push(...crosshairLayers(crosshair, paneAdded));
  if (lastPrice) {
    layer.push(
      lastPriceLayer({
        mark: name,
        fields,
        time,
        percent,
        side: options.priceAxis,
        y: drawn.y,
        scales: ctx.scales!,
        colors: options,
      }),
    );
  }
  // Last, so that the selection's voronoi lies over every part of the mark (see crosshairCarrier).
  if (crosshair)
    layer.push(crosshairCarrier(crosshair, drawn.slots.center, speakingPart(options, encoding, fields).tooltip));
  if (zoom !== undefined)
    declareExplore(
      ctx,
      name,
      zoom,
      { key, ...(replay ? { replay } : {}) },
      x,
      fields,
      options.volume === false ? undefined : volume?.field,
      options,
    );
  // (Parts with data of their own, such as the indicators' labels, are not bars to cut.)
  const cut = (part: JsonObject): JsonObject =>
    inView.length && part['data'] === undefined
      ? { ...part, transform: [...inView, ...(Array.isArray(part['transform']) ? part['transform'] : [])] }
      : part;
  const transform = [
    ...(Array.isArray(outer['transform']) ? outer['transform'] : []),
    ...held,
    ...computed(overlays),
    // The last bar of the whole series, before the level of detail or the view cut it away.
    ...(lastPrice && lodOn ? [lastBarTransform(xField)] : []),
    ...lod,
    ...slots.transform,
    // Right after the slots: the page runs slots and change as one (src/render/bar-slots.ts).
    ...(options.tooltip ? changeTransforms(fields) : []),
    ...(lastPrice && !lodOn ? [lastBarTransform(time)] : []),
    ...(inView.length ? [] : pct),
  ];
  return { ...outer, ...(transform.length ? { transform } : {}), layer: layer.map(cut) };
}
