/**
 * What the price channels say and how each bar speaks: the four price fields and volume, the
 * shared y, color by direction, the default tooltip and the screen reader's line per bar.
 */
import { isObject, type JsonObject } from '../json';
import { changeExpressions, datum } from './fused-expressions';
import type { ExpandContext } from './types';

export const PRICE_CHANNELS = ['open', 'high', 'low', 'close'] as const;
export type PriceChannel = (typeof PRICE_CHANNELS)[number];

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
      missing,
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
export function directionColor(f: PriceFields, o: { rising: string; falling: string; unchanged: string }): JsonObject {
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
 * What a screen reader says for one bar ("Jan 3, 2000: open 100.00, high 101.20, low 99.50,
 * close 100.80 (up)"), given to the mark whose tooltip is the default one. Without it Vega-Lite
 * repeats every encoded and tooltip field in the description, formatting each bar's prices twice.
 * The direction is said in words: a listener does not hear the color.
 */
export function priceDescription(x: unknown, f: PriceFields, encoding: JsonObject): JsonObject {
  const title = (ch: PriceChannel) => {
    const def = encoding[ch];
    return isObject(def) && typeof def['title'] === 'string' ? def['title'] : ch;
  };
  const parts: string[] = [];
  if (isObject(x) && typeof x['field'] === 'string') {
    const time = x['type'] === 'temporal' || x['timeUnit'] === 'yearmonthdate';
    parts.push(time ? `timeFormat(toDate(${datum(x['field'])}), "%b %-d, %Y") + ": "` : `${datum(x['field'])} + ": "`);
  }
  PRICE_CHANNELS.forEach((ch, i) =>
    parts.push(`${JSON.stringify(`${i ? ', ' : ''}${title(ch)} `)} + format(${datum(f[ch])}, ",.2f")`),
  );
  const [open, close] = [datum(f.open), datum(f.close)];
  parts.push(`(${close} > ${open} ? " (up)" : ${close} < ${open} ? " (down)" : " (unchanged)")`);
  return { value: { expr: parts.join(' + ') } };
}

/**
 * The tooltip and description of the part that speaks for a bar (candlestick body, ohlc range):
 * the user's, else the default tooltip (unless `tooltip: false`) and, with a tooltip, the
 * one-line description.
 */
export function speakingPart(
  o: { tooltip: boolean },
  encoding: JsonObject,
  fields: PriceFields,
): { tooltip?: unknown; description?: unknown } {
  const tooltip =
    encoding['tooltip'] !== undefined
      ? encoding['tooltip']
      : o.tooltip
        ? priceTooltip(encoding['x'], fields, encoding)
        : undefined;
  const description =
    encoding['description'] !== undefined
      ? encoding['description']
      : tooltip
        ? priceDescription(encoding['x'], fields, encoding)
        : undefined;
  return { ...(tooltip !== undefined ? { tooltip } : {}), ...(description !== undefined ? { description } : {}) };
}

export function changeTransforms(f: PriceFields): JsonObject[] {
  const e = changeExpressions(f.open, f.close);
  return [
    { calculate: e.change, as: '__change' },
    { calculate: e.pct, as: '__change_pct' },
  ];
}

/** The volume pane's tooltip: the date and the volume. */
export function volumeTooltip(x: unknown, volume: { field: string; title?: string | null }): JsonObject[] {
  return [
    ...dateTooltip(x),
    { field: volume.field, type: 'quantitative', title: volume.title ?? 'Volume', format: ',d' },
  ];
}

/** Fields a channel definition reads (`field`, and each item of a tooltip list). */
export function fieldsOf(def: unknown): string[] {
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
    if (
      !(PRICE_CHANNELS as readonly string[]).includes(k) &&
      !['x', 'y', 'y2', 'color', 'tooltip', 'volume'].includes(k)
    )
      rest[k] = v;
  }
  return rest;
}
