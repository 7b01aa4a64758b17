/**
 * What a chart is, in one sentence, for a screen reader. Vega labels the chart's element with the
 * spec's `description`, and without one with "Vega visualization", which says nothing about the
 * chart. `describeChart` makes the sentence from the spec (its title, the mark, the fields on x
 * and y, and for inline data the rows and the range of dates they span); `withDescriptions` puts
 * it on a spec that has none of its own (the user's own always wins), and gives the marks
 * Vega-Lite would leave without a description (a rule at a constant, a shape placed in pixels)
 * one or `aria: false`, so no unnamed shape is announced.
 *
 * The compiled Vega of a spec then differs from vega-lite's own: this is for the page, which a
 * spec is drawn in, not for the pipeline every export and conformance check goes through.
 */
import { isObject, type JsonObject } from './json';
import { boundedWalk } from './walk';

const MARK_NAMES: Record<string, string> = {
  candlestick: 'Candlestick chart',
  ohlc: 'OHLC chart',
  gauge: 'Gauge',
  bar: 'Bar chart',
  line: 'Line chart',
  area: 'Area chart',
  trail: 'Line chart',
  point: 'Scatter plot',
  circle: 'Scatter plot',
  square: 'Scatter plot',
  arc: 'Pie chart',
  rect: 'Heatmap',
  tick: 'Strip plot',
  boxplot: 'Box plot',
  errorbar: 'Error bars',
  errorband: 'Error band',
  geoshape: 'Map',
  text: 'Text chart',
  rule: 'Rule chart',
  image: 'Image chart',
};

/** What one row is called in the count ("43 bars"). */
const ROW_NOUNS: Record<string, [string, string]> = {
  candlestick: ['bar', 'bars'],
  ohlc: ['bar', 'bars'],
  bar: ['bar', 'bars'],
  line: ['point', 'points'],
  area: ['point', 'points'],
  point: ['point', 'points'],
  circle: ['point', 'points'],
  square: ['point', 'points'],
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const markOf = (unit: JsonObject): string | undefined => {
  const m = unit['mark'];
  return typeof m === 'string' ? m : isObject(m) && typeof m['type'] === 'string' ? m['type'] : undefined;
};

/** A unit, the encoding it inherits merged under its own, and the data and transforms above it. */
interface Found {
  unit: JsonObject;
  encoding: JsonObject;
  data: unknown;
  transformed: boolean;
}

/**
 * The unit that says what a view is: in a layer, the first that is not an annotation (the
 * candlestick beside its moving average and notes); in a composition, the first view's.
 */
const mainUnit = boundedWalk<[inherited: Omit<Found, 'unit'>], Found | undefined>(
  (node, next, inherited) => {
    if (!isObject(node)) return undefined;
    const here: Omit<Found, 'unit'> = {
      encoding: { ...inherited.encoding, ...(isObject(node['encoding']) ? node['encoding'] : {}) },
      data: node['data'] ?? inherited.data,
      transformed:
        node['data'] !== undefined
          ? Array.isArray(node['transform']) && node['transform'].length > 0
          : inherited.transformed || (Array.isArray(node['transform']) && node['transform'].length > 0),
    };
    if (node['mark'] !== undefined) return { unit: node, ...here };
    if (Array.isArray(node['layer'])) {
      const found = node['layer'].map((c) => next(c, here)).filter((f): f is Found => f !== undefined);
      return found.find((f) => markOf(f.unit) !== 'annotation') ?? found[0];
    }
    for (const key of ['concat', 'hconcat', 'vconcat']) {
      if (Array.isArray(node[key])) {
        for (const c of node[key]) {
          const f = next(c, here);
          if (f) return f;
        }
      }
    }
    return isObject(node['spec']) ? next(node['spec'], here) : undefined;
  },
  () => undefined,
);

/** A channel's name as its axis shows it: the title, else the field. */
function channelName(def: unknown): string | undefined {
  if (!isObject(def)) return undefined;
  if (typeof def['title'] === 'string' && def['title'] !== '') return def['title'];
  return typeof def['field'] === 'string' ? def['field'] : undefined;
}

function titleText(title: unknown): string | undefined {
  const t = isObject(title) ? title['text'] : title;
  if (typeof t === 'string') return t.trim() || undefined;
  if (Array.isArray(t)) return t.filter((s) => typeof s === 'string').join(' ') || undefined;
  return undefined;
}

/**
 * A date as written in data ("2009-06-01", a time in milliseconds), said as "Jun 1, 2009".
 * Read in UTC, as JavaScript reads a date without a time.
 */
function dateOf(v: unknown): Date | undefined {
  const d = typeof v === 'number' ? new Date(v) : typeof v === 'string' ? new Date(v) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
}

function dateRange(a: Date, b: Date): string {
  const day = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
  return a.getUTCFullYear() === b.getUTCFullYear()
    ? `${day(a)} to ${day(b)}, ${b.getUTCFullYear()}`
    : `${day(a)}, ${a.getUTCFullYear()} to ${day(b)}, ${b.getUTCFullYear()}`;
}

/** The rows of inline data (values, or a named dataset), when known before drawing. */
function inlineRows(data: unknown, datasets: unknown): unknown[] | undefined {
  if (!isObject(data)) return undefined;
  if (Array.isArray(data['values'])) return data['values'];
  if (typeof data['name'] === 'string' && isObject(datasets)) {
    const named = datasets[data['name']];
    return Array.isArray(named) ? named : undefined;
  }
  return undefined;
}

/** "43 bars from Jun 1 to Jul 31, 2024": the rows of a unit whose data is inline and untouched. */
function rowsPhrase(found: Found, mark: string, datasets: unknown): string | undefined {
  if (found.transformed) return undefined;
  const rows = inlineRows(found.data, datasets);
  if (!rows) return undefined;
  const [one, many] = ROW_NOUNS[mark] ?? ['row', 'rows'];
  const count = `${rows.length} ${rows.length === 1 ? one : many}`;
  const x = found.encoding['x'];
  if (!isObject(x) || typeof x['field'] !== 'string' || (x['type'] !== 'temporal' && x['timeUnit'] === undefined))
    return count;
  const field = x['field'];
  const times = rows
    .map((r) => (isObject(r) ? dateOf(r[field]) : undefined))
    .filter((d): d is Date => d !== undefined)
    .sort((a, b) => a.getTime() - b.getTime());
  return times.length ? `${count} from ${dateRange(times[0]!, times[times.length - 1]!)}` : count;
}

/** "Candlestick chart of VIX by date, 43 bars from Jun 1 to Jul 31, 2024" for one view. */
function describeView(view: unknown, datasets: unknown): string | undefined {
  const found = mainUnit(view, { encoding: {}, data: undefined, transformed: false });
  if (!found) return undefined;
  const mark = markOf(found.unit) ?? '';
  const name = MARK_NAMES[mark] ?? 'Chart';
  const e = found.encoding;
  const y =
    mark === 'gauge'
      ? channelName(e['value'])
      : mark === 'arc'
        ? channelName(e['theta'])
        : (channelName(e['y']) ?? (mark === 'candlestick' || mark === 'ohlc' ? channelName(e['close']) : undefined));
  const x = mark === 'arc' ? channelName(e['color']) : mark === 'gauge' ? undefined : channelName(e['x']);
  let out = name;
  if (y) out += ` of ${y}`;
  if (x) out += ` by ${x}`;
  if (mark !== 'gauge') {
    const rows = rowsPhrase(found, mark, datasets);
    if (rows) out += `, ${rows}`;
  }
  return out;
}

/** One sentence for the chart: its title, then what each view draws. */
export function describeChart(spec: unknown): string | undefined {
  if (!isObject(spec)) return undefined;
  const datasets = spec['datasets'];
  const views = ['concat', 'hconcat', 'vconcat'].flatMap((k) => (Array.isArray(spec[k]) ? spec[k] : []));
  // Views drawn alike (a row of bullets) are said once.
  const each = [
    ...new Set(views.map((v) => describeView({ data: spec['data'], ...(isObject(v) ? v : {}) }, datasets))),
  ].filter(Boolean);
  const what = views.length ? `${views.length} views: ${each.join('; ')}` : describeView(spec, datasets);
  const title = titleText(spec['title']);
  if (!what) return title;
  // A title often has a colon of its own ("VIX, summer 2009: levels"): a full stop sets it apart.
  return title ? `${title.replace(/[.\s]+$/, '')}. ${what}` : what;
}

/** Channels Vega-Lite reads a description from (a field or an aggregate): see its `tooltipData`. */
const describedByFields = (encoding: JsonObject) =>
  Object.entries(encoding).some(
    ([, def]) => isObject(def) && (def['field'] !== undefined || def['aggregate'] !== undefined),
  );

/**
 * A unit Vega-Lite would leave without descriptions (no channel reads a field): said from its
 * constants ("Rule at y 30"), or hidden when it has none (a shape placed in pixels). Text needs
 * neither: Vega reads its text.
 */
function describeUnit(unit: JsonObject, inherited: JsonObject): JsonObject {
  const mark = markOf(unit);
  // A map's shapes and an image are the content itself: left as Vega-Lite draws them.
  if (!mark || ['text', 'geoshape', 'image'].includes(mark) || !(mark in MARK_NAMES)) return unit;
  const markDef = isObject(unit['mark']) ? unit['mark'] : {};
  if (markDef['aria'] !== undefined || markDef['description'] !== undefined) return unit;
  const encoding = { ...inherited, ...(isObject(unit['encoding']) ? unit['encoding'] : {}) };
  if (encoding['description'] !== undefined || describedByFields(encoding)) return unit;
  const constants = Object.entries(encoding).flatMap(([ch, def]) =>
    isObject(def) && (typeof def['datum'] === 'number' || typeof def['datum'] === 'string')
      ? [`${ch} ${String(def['datum'])}`]
      : [],
  );
  const type = { type: mark, ...markDef };
  const said = `${mark[0]!.toUpperCase()}${mark.slice(1)} at ${constants.join(', ')}`;
  return { ...unit, mark: constants.length ? { ...type, description: said } : { ...type, aria: false } };
}

const describeUnits = boundedWalk<[inherited: JsonObject], unknown>(
  (node, next, inherited) => {
    if (!isObject(node)) return node;
    const encoding = { ...inherited, ...(isObject(node['encoding']) ? node['encoding'] : {}) };
    if (node['mark'] !== undefined) return describeUnit(node, inherited);
    let out: JsonObject | undefined;
    for (const key of ['layer', 'concat', 'hconcat', 'vconcat']) {
      const children = node[key];
      if (!Array.isArray(children)) continue;
      const mapped = children.map((c) => next(c, key === 'layer' ? encoding : {}));
      if (mapped.some((c, i) => c !== children[i])) (out ??= { ...node })[key] = mapped;
    }
    if (isObject(node['spec'])) {
      const spec = next(node['spec'], {});
      if (spec !== node['spec']) (out ??= { ...node })['spec'] = spec;
    }
    return out ?? node;
  },
  (node) => node,
);

/**
 * The expanded spec, described for the page: the chart's sentence from the spec as written
 * (unless it has a description of its own), and the marks that would go undescribed said or
 * hidden. Neither is changed in place.
 */
export function withDescriptions(expanded: unknown, original: unknown): unknown {
  if (!isObject(expanded)) return expanded;
  const own = isObject(original) ? original['description'] : undefined;
  const described = describeUnits(expanded, {}) as JsonObject;
  if (typeof own === 'string' && own.trim()) return described;
  const sentence = describeChart(original);
  return sentence ? { ...described, description: sentence } : described;
}
