/**
 * The annotation mark: a layer inside a chart that draws technical-analysis annotations in the
 * chart's own coordinates (a date and a price) and shares its scales. Items are given literally
 * (`items: [...]`) or driven by data (`kind` plus field mappings: one item per row). Every part is
 * plain Vega-Lite, stamped `style: "annotation-<part>"` and switchable through `parts`.
 */
import { screen, type XType } from './annotation-geometry';
import * as K from './annotation-kinds';
import { ANNOTATION_PARTS, MARKER_SHAPES, type Env, type Fields, type Item } from './annotation-kinds';
import { spokenItem, spokenRows } from './annotation-aria';
import { annotationSchema } from './annotation-schema';
import { isObject } from '../json';
import { DIRECTION_COLORS, partStyle, splitUnit } from './shared/parts';
import type { ExpandContext, ExtensionMark, JsonObject } from './types';
import { ANNOTATION, ANNOTATION_KINDS, DATA_KINDS } from './annotation-types';
import {
  named,
  STRUCTURE,
  ARROWS,
  EXTENDS,
  num,
  without,
  inheritedTitle,
  type Report,
  Reader,
  styleOf,
  markerColor,
  kindOf,
} from './annotation-reader';

export * from './annotation-types';
export { DEFAULT_STYLE, KIND_COLORS } from './annotation-reader';

const wrap = (row: JsonObject, units: JsonObject[]): JsonObject | undefined =>
  units.length ? { data: { values: [row] }, layer: units } : undefined;

/** One literal item → one layer (with its own data), or undefined when it cannot be drawn. */
function literalItem(r: Reader, base: JsonObject, raw: unknown, path: string): JsonObject | undefined {
  const { env, report } = r;
  if (!isObject(raw)) {
    report(path, `An annotation item is an object with a "kind": ${ANNOTATION_KINDS.join(', ')}`);
    return undefined;
  }
  const kind = kindOf(raw['kind'], path, report);
  if (!kind) return undefined;
  const o: JsonObject = { ...base, ...raw };
  const it: Item = {
    kind,
    path,
    o,
    style: styleOf(kind, o, kind === 'marker' ? markerColor(o['shape']) : undefined),
    label: r.label(raw['label'], path, kind, false),
  };
  const discrete = env.xType !== 'temporal' && env.xType !== 'quantitative';
  const xy = (xKey = 'x', yKey = 'y') => {
    const x = r.x(o[xKey], path, kind, xKey);
    const y = r.y(o[yKey], path, kind, yKey);
    return x && y !== undefined ? { x, y } : undefined;
  };
  /** x and x2, x2 not before x. */
  const xSpan = (required: boolean) => {
    if (!required && o['x'] === undefined && o['x2'] === undefined) return {};
    const x = r.x(o['x'], path, kind);
    const x2 = r.x(o['x2'], path, kind, 'x2');
    if (!x || !x2) return undefined;
    if (!discrete && x2.t < x.t) {
      report(`${path}/x2`, `${named(kind)} ends (${JSON.stringify(x2.x)}) before it starts (${JSON.stringify(x.x)})`);
      return undefined;
    }
    return { x, x2 };
  };
  /** y and y2 in either order: the lower becomes y. */
  const ySpan = () => {
    const y = r.y(o['y'], path, kind);
    const y2 = r.y(o['y2'], path, kind, 'y2');
    return y === undefined || y2 === undefined ? undefined : { y: Math.min(y, y2), y2: Math.max(y, y2) };
  };
  if (['ellipse', 'fibonacci', 'channel', 'measure', 'pitchfork', 'elliott', 'polyline'].includes(kind) && discrete) {
    report(path, `${named(kind)} needs a temporal or quantitative x; the chart's x is ${env.xType}`);
    return undefined;
  }
  if (['trend', 'polyline', 'callout'].includes(kind))
    o['arrow'] = r.keyword(o, 'arrow', ARROWS, kind === 'callout' ? 'end' : 'none', path);

  switch (kind) {
    case 'level': {
      const y = r.y(o['y'], path, kind);
      const span =
        o['x'] !== undefined && o['x2'] !== undefined
          ? xSpan(true)
          : o['x'] !== undefined
            ? { x: r.x(o['x'], path, kind) }
            : {};
      if (y === undefined || span === undefined || ('x' in span && !span.x)) return undefined;
      const row: JsonObject = { y };
      const f: Fields = { y: 'y' };
      if ('x' in span && span.x) [row['x'], f.x] = [span.x.x, 'x'];
      if ('x2' in span && span.x2) [row['x2'], f.x2] = [span.x2.x, 'x2'];
      return wrap(row, K.level(env, it, f));
    }
    case 'event': {
      const x = r.x(o['x'], path, kind);
      return x ? wrap({ x: x.x }, K.event(env, it, { x: 'x' })) : undefined;
    }
    case 'xband': {
      const s = xSpan(true);
      return s && 'x' in s ? wrap({ x: s.x!.x, x2: s.x2!.x }, K.xband(env, it, { x: 'x', x2: 'x2' })) : undefined;
    }
    case 'yband': {
      const s = ySpan();
      return s ? wrap(s, K.yband(env, it, { y: 'y', y2: 'y2' })) : undefined;
    }
    case 'rect':
    case 'ellipse': {
      const sx = xSpan(true);
      const sy = ySpan();
      if (!sx || !('x' in sx) || !sy) return undefined;
      if (kind === 'rect')
        return wrap({ x: sx.x!.x, x2: sx.x2!.x, ...sy }, K.rect(env, it, { x: 'x', x2: 'x2', y: 'y', y2: 'y2' }));
      return K.ellipse(env, it, { x: { ...sx.x!, y: sy.y }, x2: { ...sx.x2!, y: sy.y2 } });
    }
    case 'trend': {
      const p = r.points(o['points'], path, kind, 2);
      if (!p) return undefined;
      if (p[0]!.t === p[1]!.t && p[0]!.y === p[1]!.y) {
        report(`${path}/points`, 'The two points of a trend line are the same point: it has no direction');
        return undefined;
      }
      o['extend'] = r.keyword(o, 'extend', EXTENDS, 'segment', path);
      return wrap(
        { x: p[0]!.x, y: p[0]!.y, x2: p[1]!.x, y2: p[1]!.y },
        K.trend(env, it, { x: 'x', y: 'y', x2: 'x2', y2: 'y2' }),
      );
    }
    case 'callout':
    case 'note':
    case 'marker': {
      const at = xy();
      if (!at) return undefined;
      if (kind === 'note' && !it.label) {
        report(path, 'A note needs a "label"');
        return undefined;
      }
      if (kind === 'marker') {
        o['shape'] = r.keyword(o, 'shape', MARKER_SHAPES, 'circle', path);
        if (o['position'] !== undefined)
          o['position'] = r.keyword(
            o,
            'position',
            ['above', 'below', 'center'],
            K.markerPlacement(o['shape'] as string),
            path,
          );
      }
      const f = { x: 'x', y: 'y' };
      const units =
        kind === 'callout' ? K.callout(env, it, f) : kind === 'note' ? K.note(env, it, f) : K.marker(env, it, f);
      return wrap({ x: at.x.x, y: at.y }, units);
    }
    case 'polyline': {
      const p = r.points(o['points'], path, kind, 2, Infinity);
      return p ? K.polyline(env, it, p) : undefined;
    }
    case 'fibonacci': {
      const p = r.points(o['points'], path, kind, 2);
      if (!p) return undefined;
      let levels = K.FIBONACCI_LEVELS;
      if (o['levels'] !== undefined) {
        if (!Array.isArray(o['levels'])) {
          report(`${path}/levels`, '"levels" is a list of ratios, such as [0, 0.382, 0.5, 0.618, 1]');
          return undefined;
        }
        levels = [];
        (o['levels'] as unknown[]).forEach((l, j) => {
          if (num(l) !== undefined) levels.push(l as number);
          else report(`${path}/levels/${j}`, `A level is a ratio (0.618), not ${JSON.stringify(l)}`, 'warning');
        });
        if (!levels.length) {
          report(`${path}/levels`, 'A Fibonacci retracement needs at least one level');
          return undefined;
        }
      }
      return K.fibonacci(env, it, p, levels);
    }
    case 'channel': {
      const p = r.points(o['points'], path, kind, 2, 3);
      if (!p) return undefined;
      const [a, b, c] = p;
      if (a!.t === b!.t) {
        report(`${path}/points`, 'The first two points of a channel share x: its base line has no slope');
        return undefined;
      }
      let offset = num(o['offset']);
      if (c) offset = c.y - (a!.y + ((b!.y - a!.y) * (c.t - a!.t)) / (b!.t - a!.t));
      else if (offset === undefined) {
        report(path, 'A channel needs a third point the parallel line goes through, or an "offset" in price');
        return undefined;
      }
      return K.channel(env, it, a!, b!, offset);
    }
    case 'measure': {
      const p = r.points(o['points'], path, kind, 2);
      if (!p) return undefined;
      let bars = o['bars'] === true;
      if (bars && (!env.chartX || env.xType !== 'temporal')) {
        report(
          `${path}/bars`,
          "Counting bars needs the chart's temporal x field on an enclosing layer's encoding; the days are shown instead",
          'warning',
        );
        bars = false;
      }
      if (o['color'] === undefined)
        it.style.color = p[1]!.y >= p[0]!.y ? DIRECTION_COLORS.rising : DIRECTION_COLORS.falling;
      return K.measure(env, it, p[0]!, p[1]!, bars);
    }
    case 'pitchfork': {
      const p = r.points(o['points'], path, kind, 3);
      if (!p) return undefined;
      if (p[0]!.t === (p[1]!.t + p[2]!.t) / 2) {
        report(
          `${path}/points`,
          'The first point and the middle of the other two share x: the pitchfork has no direction',
        );
        return undefined;
      }
      const length = num(o['length']) ?? 1;
      return K.pitchfork(env, it, p, length > 0 ? length : 1);
    }
    case 'elliott': {
      const p = r.points(o['points'], path, kind, 2, Infinity);
      if (!p) return undefined;
      let labels = K.elliottLabels(p.length);
      const given = o['labels'];
      if (Array.isArray(given) && given.every((l) => typeof l === 'string')) {
        if (given.length !== p.length)
          report(`${path}/labels`, `${given.length} labels for ${p.length} points`, 'warning');
        labels = p.map((_, i) => (given[i] as string | undefined) ?? '');
      }
      return K.elliott(env, it, p, labels);
    }
  }
}

const DATA_NEEDS: Record<(typeof DATA_KINDS)[number], readonly string[]> = {
  level: ['y'],
  event: ['x'],
  xband: ['x', 'x2'],
  yband: ['y', 'y2'],
  trend: ['x', 'y', 'x2', 'y2'],
  callout: ['x', 'y'],
  marker: ['x', 'y'],
  note: ['x', 'y'],
  rect: ['x', 'x2', 'y', 'y2'],
};

/** A data-driven annotation: one item of `kind` per row, positions read from fields. */
function dataDriven(
  r: Reader,
  ctx: ExpandContext,
  mark: JsonObject,
  own: JsonObject,
  base: JsonObject,
): JsonObject[] | undefined {
  const { env, report } = r;
  const kind = kindOf(mark['kind'], '/mark', report);
  if (!kind) return undefined;
  if (!(DATA_KINDS as readonly string[]).includes(kind)) {
    report(
      '/mark/kind',
      `${named(kind)} is drawn from literal points: "items": [{"kind": "${kind}", …}]. Kinds driven by data: ${DATA_KINDS.join(', ')}`,
    );
    return undefined;
  }
  const fields: Fields = {};
  let ok = true;
  for (const key of ['x', 'x2', 'y', 'y2'] as const) {
    const v = mark[key] ?? own[key];
    if (v === undefined) continue;
    if (isObject(v) && typeof v['field'] === 'string') fields[key] = v['field'];
    else {
      report(
        mark[key] !== undefined ? `/mark/${key}` : `/encoding/${key}`,
        `In an annotation driven by data, "${key}" names a field: {"field": "${key === 'x' || key === 'x2' ? 'date' : 'price'}"}`,
      );
      ok = false;
    }
  }
  const o: JsonObject = { ...base };
  if (kind === 'marker') {
    o['shape'] = r.keyword(o, 'shape', MARKER_SHAPES, 'circle', '/mark');
    const at = mark['at'];
    if (at !== undefined && fields.y === undefined) {
      if (at !== 'high' && at !== 'low') {
        report('/mark/at', `"at" is "high" or "low", not ${JSON.stringify(at)}`);
        return undefined;
      }
      const def = mark[at] ?? ctx.parentEncoding?.[at];
      if (!isObject(def) || typeof def['field'] !== 'string') {
        report('/mark/at', `A marker at the ${at} needs the field: "${at}": {"field": …} on the mark or the chart`);
        return undefined;
      }
      fields.y = def['field'];
      if (o['position'] === undefined) o['position'] = at === 'high' ? 'above' : 'below';
    }
  }
  if (!ok) return undefined;
  const missing = DATA_NEEDS[kind as (typeof DATA_KINDS)[number]].filter((k) => !(k in fields));
  if (missing.length) {
    report(
      '/mark',
      `${named(kind)} driven by data needs ${missing.map((k) => `"${k}": {"field": …}`).join(', ')}${kind === 'marker' && missing.includes('y') ? ' (or "at": "high" / "low")' : ''}`,
    );
    return undefined;
  }
  const label = r.label(
    mark['label'] ?? (own['text'] !== undefined ? own['text'] : undefined),
    mark['label'] !== undefined ? '/mark' : '/encoding',
    kind,
    true,
  );
  if (kind === 'note' && !label) {
    report('/mark', 'A note needs a "label": text or {"field": …}');
    return undefined;
  }
  if (['trend', 'callout'].includes(kind))
    o['arrow'] = r.keyword(o, 'arrow', ARROWS, kind === 'callout' ? 'end' : 'none', '/mark');
  if (kind === 'trend') o['extend'] = r.keyword(o, 'extend', EXTENDS, 'segment', '/mark');
  const it: Item = {
    kind,
    path: '/mark',
    o,
    style: styleOf(kind, o, kind === 'marker' ? markerColor(o['shape']) : undefined),
    ...(label ? { label } : {}),
  };
  const build = {
    level: K.level,
    event: K.event,
    xband: K.xband,
    yband: K.yband,
    trend: K.trend,
    callout: K.callout,
    marker: K.marker,
    note: K.note,
    rect: K.rect,
  }[kind as (typeof DATA_KINDS)[number]];
  return spokenRows(env, kind, o, fields, label?.text, build(env, it, fields));
}

/** The x type the annotation's positions take: the chart's, else what the items look like. */
function xTypeOf(mark: JsonObject, parentX: unknown): XType {
  const declared = isObject(parentX) ? parentX['type'] : undefined;
  const mapped = isObject(mark['x']) ? mark['x']['type'] : undefined;
  const t = mapped ?? declared;
  if (typeof t === 'string' && ['temporal', 'quantitative', 'ordinal', 'nominal'].includes(t)) return t as XType;
  if (!Array.isArray(mark['items'])) return 'temporal';
  const xs: unknown[] = [];
  for (const item of mark['items']) {
    if (!isObject(item)) continue;
    xs.push(item['x'], item['x2']);
    if (Array.isArray(item['points'])) for (const p of item['points']) if (isObject(p)) xs.push(p['x']);
  }
  return xs.some((v) => typeof v === 'string') || !xs.some((v) => typeof v === 'number') ? 'temporal' : 'quantitative';
}

export const annotation: ExtensionMark = {
  name: ANNOTATION,
  schema: annotationSchema,
  tag: 'annotation',
  normalize(spec, ctx) {
    const mark = isObject(spec['mark']) ? spec['mark'] : { type: ANNOTATION };
    const config = isObject(ctx.config?.[ANNOTATION]) ? (ctx.config![ANNOTATION] as JsonObject) : {};
    const { outer, params } = splitUnit(spec);
    const report: Report = (path, message, severity = 'error') => ctx.report({ severity, message, path });
    if (params !== undefined)
      report('/params', 'An annotation takes no params (selections); they were left out', 'warning');
    const parent = ctx.parentEncoding;
    const partsOption = {
      ...(isObject(config['parts']) ? config['parts'] : {}),
      ...(isObject(mark['parts']) ? mark['parts'] : {}),
    };
    const parts = Object.fromEntries(ANNOTATION_PARTS.map((p) => [p, partStyle(partsOption[p])])) as Env['parts'];
    const scaleName = (o: unknown, ch: 'x' | 'y') =>
      isObject(o) && typeof o[ch] === 'string' ? (o[ch] as string) : undefined;
    // The names vega-lite gives the scales where this unit sits (concat, volume pane…), unless set.
    const scales = {
      x: scaleName(mark['scales'], 'x') ?? scaleName(config['scales'], 'x') ?? ctx.scales?.x ?? 'x',
      y: scaleName(mark['scales'], 'y') ?? scaleName(config['scales'], 'y') ?? ctx.scales?.y ?? 'y',
    };
    const xType = xTypeOf(mark, parent?.['x']);
    const parentY = isObject(parent?.['y']) ? (parent!['y'] as JsonObject) : undefined;
    const parentX = isObject(parent?.['x']) ? (parent!['x'] as JsonObject) : undefined;
    const env: Env = {
      xType,
      yType: typeof parentY?.['type'] === 'string' ? (parentY['type'] as string) : 'quantitative',
      xTitle: inheritedTitle(parentX),
      yTitle: inheritedTitle(parentY),
      screen: screen(scales, xType),
      parts,
      parent,
      chartX: typeof parentX?.['field'] === 'string' ? (parentX['field'] as string) : undefined,
    };
    const r = new Reader(env, report);
    // Options on the mark (and in config.annotation) other than the structure are item defaults.
    const base: JsonObject = { ...without(config, STRUCTURE), ...without(mark, STRUCTURE) };
    const own = isObject(spec['encoding']) ? spec['encoding'] : {};

    if (mark['items'] !== undefined) {
      if (Object.keys(own).length)
        report('/encoding', 'An annotation with "items" takes no encoding: each item places itself', 'warning');
      if (mark['kind'] !== undefined)
        report(
          '/mark/kind',
          '"kind" is for annotations driven by data; with "items" each item has its own kind',
          'warning',
        );
      if (!Array.isArray(mark['items'])) {
        report(
          '/mark/items',
          '"items" is a list of annotations, such as [{"kind": "level", "y": 30, "label": "Resistance"}]',
        );
        return { ...outer, layer: [] };
      }
      const layer = mark['items']
        .map((item, i) => spokenItem(env, base, item, literalItem(r, base, item, `/mark/items/${i}`)))
        .filter((l): l is JsonObject => l !== undefined);
      return { ...outer, layer };
    }
    if (mark['kind'] === undefined) {
      report(
        '/mark',
        'The annotation mark needs "items" (a list of annotations) or a "kind" with field mappings, such as {"kind": "event", "x": {"field": "date"}}',
      );
      return { ...outer, layer: [] };
    }
    return { ...outer, layer: dataDriven(r, ctx, mark, own, base) ?? [] };
  },
};
