/** Reading an annotation's items and options: styles, labels, kinds, with a Problem for what cannot be drawn. */
import { didYouMean } from '../suggest';
import { xNumber } from './annotation-geometry';
import { type Env, type Label, type Point, type Style } from './annotation-kinds';
import { isObject } from '../json';
import { isFiniteNumber } from './shared/numbers';
import { DIRECTION_COLORS } from './shared/parts';
import type { JsonObject } from './types';
import { ANNOTATION_KINDS, type AnnotationKind } from './annotation-types';

/** Colors that read on light and dark backgrounds. */
export const KIND_COLORS: Record<AnnotationKind, string> = {
  level: '#2563eb',
  event: '#7c3aed',
  xband: '#64748b',
  yband: '#64748b',
  trend: '#0891b2',
  callout: '#64748b',
  marker: '#d97706',
  note: '#64748b',
  rect: '#64748b',
  ellipse: '#64748b',
  polyline: '#0891b2',
  fibonacci: '#64748b',
  channel: '#0891b2',
  measure: DIRECTION_COLORS.rising,
  pitchfork: '#db2777',
  elliott: '#2563eb',
};
/** Item style defaults the schema documents (tests/unit/marks/options.test.ts checks it). */
export const DEFAULT_STYLE = { strokeWidth: 1.5, fillOpacity: 0.12, arrowSize: 10, format: ',.2f' };
export const KIND_STYLE: Partial<Record<AnnotationKind, Partial<Style>>> = { event: { strokeDash: [4, 3] } };

export const LABEL_POSITIONS: Partial<Record<AnnotationKind, readonly string[]>> = {
  level: ['left', 'right', 'center'],
  event: ['top', 'bottom'],
  xband: ['top', 'bottom'],
  yband: ['left', 'right'],
  trend: ['start', 'end'],
  polyline: ['start', 'end'],
  channel: ['start', 'end'],
  rect: ['top', 'bottom'],
  ellipse: ['top', 'bottom', 'center'],
  marker: ['above', 'below'],
};
export const LABEL_PROPS = [
  'dx',
  'dy',
  'color',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'font',
  'angle',
  'align',
  'baseline',
  'opacity',
  'limit',
  'lineHeight',
];

export const NAMES: Record<AnnotationKind, string> = {
  level: 'level line',
  event: 'event line',
  xband: 'x band',
  yband: 'y band',
  trend: 'trend line',
  callout: 'callout',
  marker: 'marker',
  note: 'note',
  rect: 'rectangle',
  ellipse: 'ellipse',
  polyline: 'polyline',
  fibonacci: 'Fibonacci retracement',
  channel: 'channel',
  measure: 'measure',
  pitchfork: 'pitchfork',
  elliott: 'Elliott wave',
};
// "An x band": by sound, not by letter.
export const article = (kind: AnnotationKind) => (/^([aeiou]|x )/i.test(NAMES[kind]) ? 'An' : 'A');
export const named = (kind: AnnotationKind) => `${article(kind)} ${NAMES[kind]}`;

/** Mark options that are not item defaults. */
export const STRUCTURE = [
  'type',
  'items',
  'kind',
  'x',
  'x2',
  'y',
  'y2',
  'label',
  'at',
  'high',
  'low',
  'parts',
  'scales',
];
export const ARROWS = ['start', 'end', 'both', 'none'];
export const EXTENDS = ['segment', 'ray', 'line'];
export const COUNT_WORDS = ['no', 'one', 'two', 'three'];

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (isFiniteNumber(v) ? v : undefined);
export const without = (o: JsonObject, keys: readonly string[]): JsonObject =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

/**
 * The `{title}` an annotation's position fields carry so the chart's axis title does not change:
 * vega-lite joins the titles of all layers' fields ("date, x"), but an explicit title wins.
 */
export function inheritedTitle(def: unknown): JsonObject {
  if (!isObject(def)) return {};
  if ('title' in def) return { title: def['title'] };
  if (
    typeof def['field'] === 'string' &&
    def['timeUnit'] === undefined &&
    def['aggregate'] === undefined &&
    def['bin'] === undefined
  ) {
    return { title: def['field'] };
  }
  return {};
}

export type Report = (path: string, message: string, severity?: 'error' | 'warning') => void;

/** Reads items and mappings, reporting what cannot be drawn; one instance per expansion. */
export class Reader {
  constructor(
    readonly env: Env,
    readonly report: Report,
  ) {}

  x(v: unknown, path: string, owner: AnnotationKind, key = 'x'): { x: string | number; t: number } | undefined {
    if (v === undefined) {
      this.report(path, `${named(owner)} needs "${key}" (${this.env.xType === 'temporal' ? 'a date' : 'a number'})`);
      return undefined;
    }
    const t = xNumber(v, this.env.xType);
    if (t === undefined || (typeof v !== 'string' && typeof v !== 'number')) {
      this.report(
        `${path}/${key}`,
        this.env.xType === 'temporal' ? `${JSON.stringify(v)} is not a date` : `${JSON.stringify(v)} is not a number`,
      );
      return undefined;
    }
    return { x: v, t };
  }

  y(v: unknown, path: string, owner: AnnotationKind, key = 'y'): number | undefined {
    if (v === undefined) {
      this.report(path, `${named(owner)} needs "${key}" (a price)`);
      return undefined;
    }
    const n = num(v);
    if (n === undefined) this.report(`${path}/${key}`, `"${key}" must be a number (a price), not ${JSON.stringify(v)}`);
    return n;
  }

  points(raw: unknown, path: string, kind: AnnotationKind, min: number, max = min): Point[] | undefined {
    const want =
      min === max
        ? `${COUNT_WORDS[min] ?? min} points`
        : max === Infinity
          ? `at least ${COUNT_WORDS[min] ?? min} points`
          : `${COUNT_WORDS[min]} or ${COUNT_WORDS[max]} points`;
    if (raw === undefined) {
      this.report(path, `${named(kind)} needs "points": ${want}, [{"x": …, "y": …}, …]`);
      return undefined;
    }
    if (!Array.isArray(raw)) {
      this.report(`${path}/points`, `"points" must be a list of ${want}, [{"x": …, "y": …}, …]`);
      return undefined;
    }
    if (raw.length < min || raw.length > max) {
      this.report(`${path}/points`, `${named(kind)} needs ${want}; it has ${COUNT_WORDS[raw.length] ?? raw.length}`);
      return undefined;
    }
    const out: Point[] = [];
    raw.forEach((p, i) => {
      const at = `${path}/points/${i}`;
      if (!isObject(p)) {
        this.report(at, 'A point is {"x": …, "y": …}');
        return;
      }
      const x = this.x(p['x'], at, kind);
      const y = this.y(p['y'], at, kind);
      if (x && y !== undefined) out.push({ x: x.x, y, t: x.t });
    });
    return out.length === raw.length ? out : undefined;
  }

  label(raw: unknown, path: string, kind: AnnotationKind, dataDriven: boolean): Label | undefined {
    if (raw === undefined) return undefined;
    const isText = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every((s) => typeof s === 'string'));
    const isField = (v: unknown) => dataDriven && isObject(v) && typeof v['field'] === 'string';
    if (isText(raw)) return { text: { value: raw as string | string[] }, props: {} };
    if (isField(raw)) return { text: { field: (raw as JsonObject)['field'] as string }, props: {} };
    if (!isObject(raw) || !(isText(raw['text']) || isField(raw['text']))) {
      this.report(
        `${path}/label`,
        `A label is text${dataDriven ? ', {"field": …}' : ''} or {"text": …, "position": …, "dx": …}`,
        'warning',
      );
      return undefined;
    }
    const text = raw['text'];
    const position = str(raw['position']);
    const allowed = LABEL_POSITIONS[kind];
    let pos: string | undefined;
    if (position !== undefined) {
      if (allowed?.includes(position)) pos = position;
      else {
        this.report(
          `${path}/label/position`,
          allowed
            ? `${named(kind)}'s label goes ${allowed.map((a) => `"${a}"`).join(', ')}, not "${position}"`
            : `${named(kind)}'s label has no position to choose; move it with dx/dy`,
          'warning',
        );
      }
    }
    const props: JsonObject = {};
    for (const k of LABEL_PROPS) if (raw[k] !== undefined) props[k] = raw[k];
    return {
      text: isField(text) ? { field: (text as JsonObject)['field'] as string } : { value: text as string | string[] },
      ...(pos ? { position: pos } : {}),
      props,
    };
  }

  keyword(o: JsonObject, key: string, allowed: readonly string[], fallback: string, path: string): string {
    const v = o[key];
    if (v === undefined) return fallback;
    if (typeof v === 'string' && allowed.includes(v)) return v;
    const guess = typeof v === 'string' ? didYouMean(v, allowed) : undefined;
    this.report(
      `${path}/${key}`,
      `"${key}" is one of ${allowed.map((a) => `"${a}"`).join(', ')}${guess ? ` (did you mean "${guess}"?)` : ''}; "${fallback}" was used`,
      'warning',
    );
    return fallback;
  }
}

export function styleOf(kind: AnnotationKind, o: JsonObject, fallbackColor?: string): Style {
  const dash =
    Array.isArray(o['strokeDash']) && o['strokeDash'].every((d) => typeof d === 'number')
      ? (o['strokeDash'] as number[])
      : undefined;
  const color = str(o['color']);
  const kindStyle = KIND_STYLE[kind] ?? {};
  return {
    color: color ?? fallbackColor ?? KIND_COLORS[kind],
    colorGiven: color !== undefined,
    strokeWidth: num(o['strokeWidth']) ?? DEFAULT_STYLE.strokeWidth,
    ...((dash ?? kindStyle.strokeDash) ? { strokeDash: dash ?? kindStyle.strokeDash } : {}),
    ...(num(o['opacity']) !== undefined ? { opacity: num(o['opacity']) } : {}),
    fillOpacity: num(o['fillOpacity']) ?? DEFAULT_STYLE.fillOpacity,
    arrowSize: num(o['arrowSize']) ?? DEFAULT_STYLE.arrowSize,
    format: str(o['format']) ?? DEFAULT_STYLE.format,
  };
}

export function markerColor(shape: unknown): string | undefined {
  if (shape === 'buy' || shape === 'arrow-up') return DIRECTION_COLORS.rising;
  if (shape === 'sell' || shape === 'arrow-down') return DIRECTION_COLORS.falling;
  return undefined;
}

export function kindOf(raw: unknown, path: string, report: Report): AnnotationKind | undefined {
  if (typeof raw !== 'string') {
    report(path, `An annotation item needs a "kind": ${ANNOTATION_KINDS.join(', ')}`);
    return undefined;
  }
  if ((ANNOTATION_KINDS as readonly string[]).includes(raw)) return raw as AnnotationKind;
  const guess = didYouMean(raw, ANNOTATION_KINDS);
  report(
    `${path}/kind`,
    `Unknown annotation kind "${raw}".${guess ? ` Did you mean "${guess}"?` : ` Kinds: ${ANNOTATION_KINDS.join(', ')}.`}`,
  );
  return undefined;
}
