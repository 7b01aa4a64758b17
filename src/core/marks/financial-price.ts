/**
 * The price axis of the financial marks: its side, its scale (linear, log, percent from the first
 * bar in view), and the filter that keeps the bars in view so that it fits them when zoomed.
 */
import { zoomedRange } from '../explore';
import { isObject, type JsonObject } from '../json';
import { datum } from './fused-expressions';
import { option } from './shared/declare';
import { PRICE_SCALES } from '../explore';
import type { PriceFields } from './financial-channels';

export const PRICE_AXES = ['left', 'right'] as const;

export const priceOptions = {
  priceAxis: option.enum(PRICE_AXES, {
    default: 'left',
    description: 'The side of the price axis (and of the last price tag); the volume pane follows.',
  }),
  priceScale: option.enum(PRICE_SCALES, {
    default: 'linear',
    description:
      '`log` draws prices on a log scale; `percent` draws each price as its change from the close of the first ' +
      'bar in view (of the zoomed range when zoomed), with the axis in percent. Tooltips keep the prices.',
  }),
};

interface PriceOptions {
  priceAxis: (typeof PRICE_AXES)[number];
  priceScale: (typeof PRICE_SCALES)[number];
}

/** The prices drawn as their change from the first bar in view (see `percentTransforms`). */
export function percentFields(f: PriceFields): PriceFields {
  return { open: `__pct_${f.open}`, high: `__pct_${f.high}`, low: `__pct_${f.low}`, close: `__pct_${f.close}` };
}

/** Where the close of the first bar in view is, once `percentTransforms` ran. */
export const FIRST_BAR = '__first_bar';

/**
 * Each price as its change from the close of the first bar in view, in fields of their own (the
 * prices stay for tooltips and the readout). After the zoom filter, so that the first row left
 * is the first bar in view. `time` orders the bars (`__t`, or the x field on a discrete x).
 */
export function percentTransforms(f: PriceFields, time: string): JsonObject[] {
  const pct = percentFields(f);
  const base = `datum.${FIRST_BAR}[${JSON.stringify(f.close)}]`;
  return [
    { joinaggregate: [{ op: 'argmin', field: time, as: FIRST_BAR }], groupby: [] },
    ...(['open', 'high', 'low', 'close'] as const).map((ch) => ({
      calculate: `${base} ? ${datum(f[ch])} / ${base} - 1 : null`,
      as: pct[ch],
    })),
  ];
}

/**
 * The price y with the side and scale the options ask for, under what the user wrote for y (a
 * scale type or an axis of their own wins).
 */
export function pricedY(y: JsonObject, o: PriceOptions): JsonObject {
  const scale = isObject(y['scale']) ? y['scale'] : {};
  const axis = y['axis'];
  const out: JsonObject = { ...y };
  // A log scale has no zero; rounded out to powers of ten it would squeeze a price's moves flat.
  if (o.priceScale === 'log') {
    const { zero: _z, ...rest } = scale;
    out['scale'] = { type: 'log', nice: false, ...rest };
  }
  if (axis !== null) {
    const own = isObject(axis) ? axis : {};
    const extra: JsonObject = {
      ...(o.priceAxis === 'right' ? { orient: 'right' } : {}),
      ...(o.priceScale === 'percent' ? { format: '+.1%' } : {}),
    };
    if (Object.keys(extra).length) out['axis'] = { ...extra, ...own };
  }
  return out;
}

/** The volume pane's y axis on the price axis's side. */
export function paneAxis(axis: JsonObject, o: PriceOptions): JsonObject {
  return o.priceAxis === 'right' ? { ...axis, orient: 'right' } : axis;
}

/**
 * Keeps the bars that overlap the zoomed range (all of them while nothing is zoomed), so the
 * price axis fits what is in view. For charts the level of detail leaves out, whose own filter
 * does this (fused-expressions.ts); after the bar slots, whose edges it reads, and which need the
 * whole series to measure the spacing between bars.
 */
export function viewFilter(zoom: string, key: string): JsonObject {
  const { z, zoomed } = zoomedRange(zoom, key);
  return { filter: `!${zoomed} || (datum.__x1 >= +${z}[0] && datum.__x0 <= +${z}[1])` };
}
