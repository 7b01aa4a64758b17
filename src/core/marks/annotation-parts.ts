/** The parts every annotation kind is built from: units, their mark properties, labels and arrowheads. */
import { ARROW_PATH, angleExpr, arrowSymbolSize } from './annotation-geometry';
import type { JsonObject } from './types';
import { type AnnotationPart, type Env, type Style, type TextSource, type Item, type Fields } from './annotation-env';
// ---------------------------------------------------------------------------------------------
// Units and encodings

export const X = (env: Env, field: string): JsonObject => ({ field, type: env.xType, ...env.xTitle });
export const X2 = (env: Env, field: string): JsonObject => ({ field, ...env.xTitle });
export const Y = (env: Env, field: string): JsonObject => ({ field, type: env.yType, ...env.yTitle });
export const Y2 = (env: Env, field: string): JsonObject => ({ field, ...env.yTitle });
export const px = (value: number | string): JsonObject => ({ value });
export const pxExpr = (expr: string): JsonObject => ({ value: { expr } });

export const FILLED = new Set(['rect', 'area', 'text', 'point']);
/** Channels vega-lite drops with a warning on some marks: only shield where the mark takes them. */
export const TAKES: Record<string, readonly string[]> = {
  strokeDash: ['rule', 'line', 'point'],
  size: ['rule', 'line', 'point', 'text'],
  shape: ['point'],
  angle: ['point', 'text'],
};

/**
 * A value that undoes a channel inherited from an enclosing layer (a color scale, an opacity
 * condition…): vega-lite merges the parent's encoding into every unit, and an encoding beats the
 * mark's own properties. Undefined for channels that are harmless or cannot be undone.
 */
export function neutral(channel: string, mark: JsonObject): JsonObject | undefined {
  const type = mark['type'] as string;
  const takes = TAKES[channel];
  if (takes && !takes.includes(type)) return undefined;
  const filled = FILLED.has(type) && mark['filled'] !== false;
  switch (channel) {
    case 'color':
      return { value: mark['color'] ?? null };
    case 'fill':
      return { value: mark['fill'] ?? (filled ? (mark['color'] ?? null) : null) };
    case 'stroke':
      return { value: mark['stroke'] ?? (filled ? null : (mark['color'] ?? null)) };
    case 'opacity':
    case 'fillOpacity':
    case 'strokeOpacity':
      return { value: mark[channel] ?? 1 };
    case 'strokeWidth':
      return { value: mark['strokeWidth'] ?? (filled ? 0 : 1) };
    case 'strokeDash':
      return { value: mark['strokeDash'] ?? [] };
    case 'size':
      return {
        value:
          type === 'text'
            ? (mark['fontSize'] ?? 11)
            : type === 'point'
              ? (mark['size'] ?? 30)
              : (mark['strokeWidth'] ?? 1),
      };
    case 'shape':
      return { value: mark['shape'] ?? 'circle' };
    case 'angle':
      return { value: mark['angle'] ?? 0 };
    case 'tooltip':
      return { value: null };
    default:
      return undefined;
  }
}

/** One generated part: `undefined` when switched off with `parts: {<part>: false}`. */
export function unit(
  env: Env,
  part: AnnotationPart,
  type: string,
  props: JsonObject,
  encoding: JsonObject,
  extra: JsonObject = {},
): JsonObject | undefined {
  const style = env.parts[part];
  if (style === false) return undefined;
  const mark: JsonObject = { type, style: `annotation-${part}`, ...props, ...style };
  const enc: JsonObject = { ...encoding };
  for (const channel of Object.keys(env.parent ?? {})) {
    if (channel in enc) continue;
    const v = neutral(channel, mark);
    if (v !== undefined) enc[channel] = v;
  }
  return { ...extra, mark, encoding: enc };
}

export function defined<T>(list: (T | undefined)[]): T[] {
  return list.filter((v): v is T => v !== undefined);
}

/**
 * Mark properties of a line part (rule or line mark). Lines and shaded parts are clipped to the
 * plot, so a chart with a fixed domain does not show them spilling over its axes.
 */
export function lineProps(s: Style, extra: JsonObject = {}): JsonObject {
  return {
    clip: true,
    color: s.color,
    strokeWidth: s.strokeWidth,
    ...(s.strokeDash ? { strokeDash: s.strokeDash } : {}),
    ...(s.opacity !== undefined ? { opacity: s.opacity } : {}),
    ...extra,
  };
}

/** Mark properties of a shaded part. */
export function bandProps(s: Style, extra: JsonObject = {}): JsonObject {
  return {
    clip: true,
    color: s.color,
    fillOpacity: s.fillOpacity,
    ...(s.opacity !== undefined ? { opacity: s.opacity } : {}),
    ...extra,
  };
}

/** Mark properties of a filled symbol (arrowhead, marker). */
export function symbolProps(s: Style, shape: string, size: number): JsonObject {
  return { shape, filled: true, size, color: s.color, opacity: s.opacity ?? 1 };
}

export function textEncoding(text: TextSource): JsonObject {
  return 'field' in text ? { field: text.field, type: 'nominal' } : { value: text.value };
}

/**
 * Vega writes the lines of a multi-line text downward from its anchor whatever the baseline, so
 * a label meant to sit above (or centred on) its anchor is moved up by its extra lines.
 */
export function stackShift(props: JsonObject, lines: number): JsonObject {
  if (lines < 2) return props;
  const size = typeof props['fontSize'] === 'number' ? props['fontSize'] : 11;
  const lh = typeof props['lineHeight'] === 'number' ? props['lineHeight'] : size + 2;
  const b = props['baseline'];
  const shift =
    b === 'bottom' || b === 'alphabetic' || b === 'line-bottom'
      ? (lines - 1) * lh
      : b === 'middle'
        ? ((lines - 1) * lh) / 2
        : 0;
  return shift ? { ...props, dy: (typeof props['dy'] === 'number' ? props['dy'] : 0) - shift } : props;
}

/** The label part: defaults for where it sits, then the item's color, then what the label says. */
export function labelUnit(
  env: Env,
  it: Item,
  defaults: JsonObject,
  position: JsonObject,
  extra: JsonObject = {},
): JsonObject | undefined {
  if (!it.label) return undefined;
  const text = it.label.text;
  const props: JsonObject = {
    ...defaults,
    color: it.style.color,
    ...(it.style.opacity !== undefined ? { opacity: it.style.opacity } : {}),
    ...it.label.props,
  };
  const lines = 'value' in text && Array.isArray(text.value) ? text.value.length : 1;
  return unit(env, 'label', 'text', stackShift(props, lines), { ...position, text: textEncoding(text) }, extra);
}

/** Arrowheads at the ends of the segment from (x, y) to (x2, y2), pointing along it on screen. */
export function arrowUnits(
  env: Env,
  it: Item,
  f: Required<Fields>,
  ends: string,
  extra: JsonObject = {},
): JsonObject[] {
  const props = symbolProps(it.style, ARROW_PATH, arrowSymbolSize(it.style.arrowSize));
  const out: (JsonObject | undefined)[] = [];
  if (ends === 'start' || ends === 'both') {
    out.push(
      unit(
        env,
        'arrow',
        'point',
        props,
        { x: X(env, f.x), y: Y(env, f.y), angle: { value: { expr: angleExpr(env.screen, f.x2, f.y2, f.x, f.y) } } },
        extra,
      ),
    );
  }
  if (ends === 'end' || ends === 'both') {
    out.push(
      unit(
        env,
        'arrow',
        'point',
        props,
        { x: X(env, f.x2), y: Y(env, f.y2), angle: { value: { expr: angleExpr(env.screen, f.x, f.y, f.x2, f.y2) } } },
        extra,
      ),
    );
  }
  return defined(out);
}

export const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
export const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;
