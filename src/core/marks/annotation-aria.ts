/**
 * What an annotation says to a screen reader: one sentence per item ("Level 30: Resistance",
 * "Trend line from Jun 1 (28) to Jul 1 (31)"), on one of the item's parts; its other parts (the
 * label text, arrowheads, price tags, shaded zones) are `aria: false`, since the sentence already
 * says what they show. Read from the item as written, after the kind's builder accepted it.
 */
import { isObject, type JsonObject } from '../json';
import { datum } from './fused-expressions';
import type { Env, Fields } from './annotation-env';
import { DEFAULT_STYLE } from './annotation-reader';
import { literal, quietAllBut, sayX, speaking } from './shared/aria';
import { boundedWalk } from '../walk';

/** Dates in an annotation's sentence: the day is enough beside the chart's own axis. */
const ANNOTATION_DATE = '%b %-d';

/**
 * How the item's x is said: a date also on a trading-day x (an ordinal x with a time unit, one
 * slot per bar), where the values are still dates.
 */
function xKind(env: Env): string {
  const x = env.parent?.['x'];
  return isObject(x) && x['timeUnit'] !== undefined ? 'temporal' : env.xType;
}

/** Where the values of an item are read from: fields of its rows, or the values as written. */
interface Source {
  x(key: string): string;
  y(key: string): string;
  has(key: string): boolean;
}

/** The price format of the sentence: the item's own, else the default without trailing zeros. */
function priceFormat(o: JsonObject): string {
  const f = o['format'];
  return typeof f === 'string' ? f : DEFAULT_STYLE.format.replace('f', '~f');
}

function fieldSource(env: Env, f: Fields, format: string): Source {
  return {
    x: (k) => sayX(datum(f[k as keyof Fields]!), xKind(env), ANNOTATION_DATE),
    y: (k) => `format(${datum(f[k as keyof Fields]!)}, ${literal(format)})`,
    has: (k) => f[k as keyof Fields] !== undefined,
  };
}

function valueSource(env: Env, o: JsonObject, format: string): Source {
  return {
    x: (k) => sayX(literal(o[k]), xKind(env), ANNOTATION_DATE),
    y: (k) => `format(${literal(o[k])}, ${literal(format)})`,
    has: (k) => o[k] !== undefined,
  };
}

const MARKER_WORDS: Record<string, string> = {
  buy: 'Buy',
  sell: 'Sell',
  'arrow-up': 'Up arrow',
  'arrow-down': 'Down arrow',
  flag: 'Flag',
};

/** The sentence of a kind positioned by x, x2, y, y2 (fields of its rows or literal values). */
function fieldsSentence(kind: string, o: JsonObject, s: Source): string | undefined {
  const at = (x: string, y: string) => `${s.x(x)} + ' (' + ${s.y(y)} + ')'`;
  switch (kind) {
    case 'level':
      return [
        `'Level ' + ${s.y('y')}`,
        ...(s.has('x') ? [`' from ' + ${s.x('x')}`] : []),
        ...(s.has('x2') ? [`' to ' + ${s.x('x2')}`] : []),
      ].join(' + ');
    case 'event':
      return `'Event on ' + ${s.x('x')}`;
    case 'xband':
      return `'Band from ' + ${s.x('x')} + ' to ' + ${s.x('x2')}`;
    case 'yband':
      return `'Band from ' + ${s.y('y')} + ' to ' + ${s.y('y2')}`;
    case 'rect':
      return `'Rectangle from ' + ${at('x', 'y')} + ' to ' + ${at('x2', 'y2')}`;
    case 'trend': {
      const extend = o['extend'];
      if (extend === 'ray') return `'Trend ray from ' + ${at('x', 'y')} + ' through ' + ${at('x2', 'y2')}`;
      if (extend === 'line') return `'Trend line through ' + ${at('x', 'y')} + ' and ' + ${at('x2', 'y2')}`;
      return `'Trend line from ' + ${at('x', 'y')} + ' to ' + ${at('x2', 'y2')}`;
    }
    case 'callout':
      return `'Callout at ' + ${at('x', 'y')}`;
    case 'note':
      return `'Note at ' + ${at('x', 'y')}`;
    case 'marker': {
      const word = MARKER_WORDS[o['shape'] as string] ?? 'Marker';
      return `${literal(`${word} at `)} + ${at('x', 'y')}`;
    }
    default:
      return undefined;
  }
}

/** The sentence of a kind drawn through literal points. */
function pointsSentence(env: Env, kind: string, o: JsonObject, format: string): string | undefined {
  const points = Array.isArray(o['points']) ? o['points'].filter(isObject) : [];
  if (points.length < 2) return undefined;
  const at = (p: JsonObject) =>
    `${sayX(literal(p['x']), xKind(env), ANNOTATION_DATE)} + ' (' + format(${literal(p['y'])}, ${literal(format)}) + ')'`;
  const [a, b] = [points[0]!, points[1]!];
  const last = points[points.length - 1]!;
  switch (kind) {
    case 'polyline':
      return `${literal(`Line through ${points.length} points from `)} + ${at(a)} + ' to ' + ${at(last)}`;
    case 'fibonacci':
      return `'Fibonacci retracement from ' + ${at(a)} + ' to ' + ${at(b)}`;
    case 'channel':
      return `'Channel from ' + ${at(a)} + ' to ' + ${at(b)}`;
    case 'measure': {
      const [ya, yb] = [Number(a['y']), Number(b['y'])];
      // The sign is written here: a format of the user's own may have a fill or a sign of its own.
      const change = `${yb > ya ? `'+' + ` : ''}format(${literal(yb - ya)}, ${literal(format)})`;
      const pct = ya !== 0 ? ` + ' (' + format(${literal((yb - ya) / ya)}, '+.1%') + ')'` : '';
      return `'Measure from ' + ${at(a)} + ' to ' + ${at(b)} + ': ' + ${change}${pct}`;
    }
    case 'pitchfork':
      return points.length >= 3
        ? `'Pitchfork from ' + ${at(a)} + ' between ' + ${at(b)} + ' and ' + ${at(points[2]!)}`
        : undefined;
    case 'elliott':
      return `${literal(`Wave of ${points.length} points from `)} + ${at(a)} + ' to ' + ${at(last)}`;
    default:
      return undefined;
  }
}

function ellipseSentence(env: Env, o: JsonObject, format: string): string {
  const s = valueSource(env, o, format);
  return `'Ellipse from ' + ${s.x('x')} + ' to ' + ${s.x('x2')} + ', ' + ${s.y('y')} + ' to ' + ${s.y('y2')}`;
}

/** `sentence` followed by the item's label: written text, or a field of its rows. */
function withLabel(sentence: string, label: unknown): string {
  const text = isObject(label) && label['text'] !== undefined ? label['text'] : label;
  if (typeof text === 'string' && text !== '') return `${sentence} + ${literal(`: ${text}`)}`;
  if (Array.isArray(text) && text.every((t) => typeof t === 'string'))
    return `${sentence} + ${literal(`: ${text.join(' ')}`)}`;
  if (isObject(text) && text['value'] !== undefined) return withLabel(sentence, text['value']);
  if (isObject(text) && typeof text['field'] === 'string')
    return `${sentence} + (isValid(${datum(text['field'])}) ? ': ' + ${datum(text['field'])} : '')`;
  return sentence;
}

/** Marks that draw all their rows as one shape (a line through points, an area). */
const ONE_SHAPE = new Set(['line', 'area', 'trail']);

/**
 * The part that speaks for an item: the first that draws one shape per item (it reads the item's
 * own row, or all of its rows as one line or area), so the sentence is said once per item.
 */
const speakerOf = boundedWalk<[], JsonObject | undefined>(
  (node, next) => {
    if (!isObject(node)) return undefined;
    if (Array.isArray(node['layer'])) {
      for (const child of node['layer']) {
        const found = next(child);
        if (found) return found;
      }
      return undefined;
    }
    const mark = node['mark'];
    const type = isObject(mark) ? mark['type'] : mark;
    if (isObject(mark) && mark['aria'] === false) return undefined;
    const encoding = isObject(node['encoding']) ? node['encoding'] : {};
    const data = isObject(node['data']) ? node['data'] : undefined;
    const rows = data && Array.isArray(data['values']) ? data['values'].length : undefined;
    const transformed = Array.isArray(node['transform']) && node['transform'].length > 0;
    if (ONE_SHAPE.has(type as string)) return encoding['detail'] === undefined ? node : undefined;
    return data === undefined || (rows !== undefined && rows <= 1 && !transformed) ? node : undefined;
  },
  () => undefined,
);

/** An item's layer with its sentence on the part that speaks for it, and the other parts quiet. */
function speak(drawn: JsonObject, sentence: string | undefined): JsonObject {
  const speaker = sentence !== undefined ? speakerOf(drawn) : undefined;
  return quietAllBut(drawn, speaker, (unit) => speaking(unit, sentence!));
}

/** A literal item's layer (as the builder drew it), speaking for the item as written. */
export function spokenItem(env: Env, base: JsonObject, raw: unknown, drawn: JsonObject | undefined) {
  if (!drawn || !isObject(raw)) return drawn;
  const o: JsonObject = { ...base, ...raw };
  const kind = String(o['kind']);
  const format = priceFormat(o);
  // A kind placed by x, x2, y, y2 is drawn over one row holding them (a trend line's two points
  // among them): the sentence reads that row, as a data-driven item's does.
  const data = isObject(drawn['data']) ? drawn['data'] : undefined;
  const row = data && Array.isArray(data['values']) && isObject(data['values'][0]) ? data['values'][0] : undefined;
  const fields: Fields = {};
  for (const k of ['x', 'x2', 'y', 'y2'] as const) if (row && row[k] !== undefined) fields[k] = k;
  const sentence = row
    ? fieldsSentence(kind, o, fieldSource(env, fields, format))
    : kind === 'ellipse'
      ? ellipseSentence(env, o, format)
      : pointsSentence(env, kind, o, format);
  return speak(drawn, sentence !== undefined ? withLabel(sentence, o['label']) : undefined);
}

/**
 * The units of a data-driven annotation (one item per row), speaking for each row. `fields` are
 * the fields its positions were read from, `label` its label as written (text or a field).
 */
export function spokenRows(
  env: Env,
  kind: string,
  o: JsonObject,
  fields: Fields,
  label: unknown,
  units: JsonObject[],
): JsonObject[] {
  if (!units.length) return units;
  const sentence = fieldsSentence(kind, o, fieldSource(env, fields, priceFormat(o)));
  const spoken = speak({ layer: units }, sentence !== undefined ? withLabel(sentence, label) : undefined);
  return spoken['layer'] as JsonObject[];
}
