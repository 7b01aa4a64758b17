/**
 * Indicators on a plain series of prices: a `line` or `area` over a temporal or quantitative x
 * takes the financial marks' `indicators`, its y read as the close of each row. The candlestick
 * lends it the option (ExtensionMark.lends), and it is drawn by the same code as on a
 * candlestick: the same requests computed in the dataflow (or read from a data set in an
 * export), overlays over the series with their labels, and the others each in a pane under it,
 * sharing its time axis. An indicator that reads more than the close (high and low, volume) has
 * nothing to read on a line: it is a Problem at its place, not values made up from the close.
 */
import { INDICATORS, type IndicatorDef } from '../indicators';
import { isObject, type JsonObject } from '../json';
import type { PriceFields } from './financial-channels';
import { indicatorPane, overlayLayers, PANE_LABEL_Y } from './financial-indicator-layers';
import { facetSplits, indicatorComputer, resolveIndicators, type ResolvedIndicator } from './financial-indicators';
import { barSlots, withoutAxisLabels, type BarSlots } from './financial-x';
import type { ExpandContext, LentOption } from './types';

/** The plain marks that draw a series of prices. */
const SERIES_MARKS = ['line', 'area'];

/** Width of the MACD histogram's bars: this share of the spacing between rows, as a candlestick's bodies. */
const BAND = 0.7;

/**
 * Channels that split a mark into several series (a color per symbol), where one series of
 * closes in time order would mix them all.
 */
const SPLITTING = [
  'color',
  'fill',
  'stroke',
  'detail',
  'strokeDash',
  'opacity',
  'fillOpacity',
  'strokeOpacity',
  'strokeWidth',
  'size',
  'shape',
  'row',
  'column',
  'facet',
];

/** What an indicator reads besides each row's close and time: nothing a line has. */
const missingFrom = (def: IndicatorDef) => def.needs.filter((c) => c !== 'close' && c !== 'time');

/** The indicators a series of closes is enough for. */
const CLOSE_ONLY = Object.values(INDICATORS).filter((d) => !missingFrom(d).length);

const names = (defs: readonly IndicatorDef[]) => defs.map((d) => `\`"${d.name}"\``).join(', ');

/** `indicators` in Vega-Lite's mark object (see ExtensionMark.lends). */
const SCHEMA: JsonObject = {
  type: 'array',
  items: { $ref: '#/definitions/IndicatorItem' },
  description:
    'Technical indicators of a `line` or `area` of prices over a temporal or quantitative x, its y read as ' +
    'the close, drawn as on a `candlestick`: over the series (' +
    names(CLOSE_ONLY.filter((d) => d.pane === 'price')) +
    ') or each in a pane under the chart sharing its time axis (' +
    names(CLOSE_ONLY.filter((d) => d.pane === 'own')) +
    '). A name takes the usual parameters; `{"type": "ema", "period": 50}` sets them. The others read ' +
    'high and low prices or volume: a `candlestick` or `ohlc` mark draws them. Other marks take no indicators.',
};

/**
 * What an indicator reads that a series lacks, in words ("high and low prices", "volume"), and
 * the channels of a candlestick or ohlc that give it.
 */
function lacking(def: IndicatorDef): { what: string; channels: string } {
  const missing = missingFrom(def);
  const prices = missing.filter((c) => c !== 'volume');
  const volume = missing.includes('volume');
  const what = [...(prices.length ? [`${prices.join(' and ')} prices`] : []), ...(volume ? ['volume'] : [])];
  const channels = missing.map((c) => `"${c}"`);
  return {
    what: what.join(' and '),
    channels:
      channels.length > 1
        ? `${channels.slice(0, -1).join(', ')} and ${channels.at(-1)!} channels`
        : `a ${channels[0]!} channel`,
  };
}

const hasField = (def: unknown) => isObject(def) && def['field'] !== undefined;

/**
 * A line or area with `indicators` → a layer of it and the overlays over it, each of the other
 * indicators in a pane under the chart. What it cannot draw is a warning at its place and is left
 * out (the whole list, on a mark or a series that is not one series of prices along time).
 */
function expandSeriesIndicators(spec: JsonObject, ctx: ExpandContext): JsonObject {
  const { indicators: written, ...mark } = spec['mark'] as JsonObject;
  const { mark: _m, encoding: ownEncoding, params, ...outer } = spec;
  const plain: JsonObject = { ...spec, mark };
  const type = String(mark['type']);
  const leftOut = (message: string): JsonObject => {
    ctx.report({ severity: 'warning', message: `${message}: they are left out`, path: '/mark/indicators' });
    return plain;
  };
  if (!Array.isArray(written) || !written.length) return plain;
  if (!SERIES_MARKS.includes(type))
    return leftOut(
      `A "${type}" mark takes no indicators: they are drawn over a series of prices, a line or area along a ` +
        'temporal or quantitative x, or a candlestick or ohlc',
    );
  const encoding: JsonObject = { ...ctx.parentEncoding, ...(isObject(ownEncoding) ? ownEncoding : {}) };
  const x = encoding['x'];
  const y = encoding['y'];
  if (!isObject(x) || typeof x['field'] !== 'string' || (x['type'] !== 'temporal' && x['type'] !== 'quantitative'))
    return leftOut(
      `Indicators read the ${type}'s rows in the order of its x, which must be a "field" of type "temporal" or ` +
        `"quantitative"${isObject(x) && typeof x['type'] === 'string' ? ` (not "${x['type']}")` : ''}`,
    );
  if (!isObject(y) || typeof y['field'] !== 'string' || y['type'] !== 'quantitative' || y['aggregate'] !== undefined)
    return leftOut(
      `Indicators read each row's y as its close: the ${type} needs a quantitative y "field", not aggregated`,
    );
  // The placeholder is a transform of the unit, which a facet runs over every cell's rows at once.
  if (ctx.faceted) return leftOut(facetSplits(type));
  const split = SPLITTING.find((c) => hasField(encoding[c]));
  if (split)
    return leftOut(
      `Indicators read one series, and "${split}" splits this ${type} into several: filter the rows to one ` +
        '(a "filter" transform) to draw them',
    );

  const list = resolveIndicators(written, ctx, (def, path) => {
    if (!missingFrom(def).length) return true;
    const { what, channels } = lacking(def);
    ctx.report({
      severity: 'warning',
      message:
        `${def.title} needs ${what}, and ${type === 'area' ? 'an' : 'a'} ${type} has one price a row (its y): ` +
        `a candlestick or ohlc with ${channels} draws it. It is left out`,
      path,
    });
    return false;
  });
  if (!list.length) return plain;

  const yField = y['field'];
  // Every price is the y: an indicator that reads more than the close was refused above.
  const fields: PriceFields = { open: yField, high: yField, low: yField, close: yField };
  const computed = indicatorComputer(ctx, { field: x['field'], temporal: x['type'] === 'temporal' }, fields, undefined);
  const labelled = seriesSlots(x);
  const unlabelled = seriesSlots(withoutAxisLabels(x));
  const own = list.filter((r) => r.def.pane === 'own');
  // On the side of the series' own axis.
  const right = isObject(y['axis']) && y['axis']['orient'] === 'right';
  let panes = 0;
  own.forEach((r, i) => {
    // The dates are read under the lowest pane only.
    const slots = i === own.length - 1 ? labelled : unlabelled;
    const pane = indicatorPane(r, slots, [...computed([r]), ...slots.transform], (a) =>
      right ? { ...a, orient: 'right' } : a,
    );
    if (ctx.addPane(pane)) panes++;
    else
      ctx.report({
        severity: 'warning',
        message: `${r.label} goes in a pane below the chart, and a facet or repeat has no room for it: it is left out`,
        path: r.path,
      });
  });
  const overlays = list.filter((r) => r.def.pane === 'price');
  const layer = seriesLayer(outer, { params, mark, encoding: ownEncoding }, overlays, computed(overlays), {
    x: panes ? unlabelled : labelled,
    y,
    hideDates: panes > 0,
  });
  // The series is drawn on as the line written: a drawing goes beside that in the text.
  ctx.ownUnit?.((layer['layer'] as JsonObject[])[0]!);
  return layer;
}

/**
 * The series and its overlays in one layer, after the placeholder that computes the overlays;
 * its y titled as it was (the overlays' fields would join its title otherwise), and its dates
 * left to the lowest pane's axis when it has panes under it.
 */
function seriesLayer(
  outer: JsonObject,
  unit: { params: unknown; mark: JsonObject; encoding: unknown },
  overlays: readonly ResolvedIndicator[],
  computed: JsonObject[],
  at: { x: BarSlots; y: JsonObject; hideDates: boolean },
): JsonObject {
  const encoding: JsonObject = { ...(isObject(unit.encoding) ? unit.encoding : {}) };
  if (at.hideDates) encoding['x'] = at.x.center;
  if (overlays.length && at.y['title'] === undefined) encoding['y'] = { ...at.y, title: at.y['field'] };
  const series: JsonObject = {
    ...(unit.params !== undefined ? { params: unit.params } : {}),
    mark: unit.mark,
    ...(Object.keys(encoding).length ? { encoding } : {}),
  };
  const transform = [...(Array.isArray(outer['transform']) ? outer['transform'] : []), ...computed];
  return {
    ...outer,
    ...(transform.length ? { transform } : {}),
    // No readout at the top left of a series, as a candlestick has: the labels go to the top.
    layer: [series, ...overlayLayers(overlays, at.x, PANE_LABEL_Y)],
  };
}

/**
 * Where the indicators sit along x: at the series' own x (so they share its scale and its
 * points), and the MACD histogram's bars in slots measured as a candlestick's are.
 */
function seriesSlots(x: JsonObject): BarSlots {
  return { ...barSlots(x, BAND)!, center: x };
}

/** The financial marks' `indicators` as Vega-Lite's line and area take it (see ExtensionMark.lends). */
export const seriesIndicators: LentOption = {
  name: 'indicators',
  schema: SCHEMA,
  normalize: expandSeriesIndicators,
};
