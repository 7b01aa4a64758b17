/** Annotation kinds built from literal points only: each returns one layer carrying its own data. */
import { datum } from './fused-expressions';
import { ARROW_PATH, arrowSymbolSize, ellipsePoints, tidy, xOut } from './annotation-geometry';
import type { JsonObject } from './types';
import { type Env, type Item, type Point } from './annotation-env';
import {
  X,
  X2,
  Y,
  Y2,
  px,
  unit,
  defined,
  lineProps,
  bandProps,
  symbolProps,
  stackShift,
  labelUnit,
  arrowUnits,
  str,
} from './annotation-parts';
// ---------------------------------------------------------------------------------------------
// Kinds built from literal points only: each returns one layer carrying its own data.

const values = (rows: JsonObject[]) => ({ data: { values: rows } });
const pt = (p: Point) => ({ x: p.x, y: p.y });

/** A polyline through the points in order (closed: back to the first), arrows at its ends. */
export function polyline(env: Env, it: Item, points: Point[]): JsonObject {
  const ps = it.o['closed'] === true ? [...points, points[0]!] : points;
  const rows = ps.map((p, i) => ({ ...pt(p), i }));
  const ends = str(it.o['arrow'], 'none');
  const n = ps.length;
  const seg = (a: Point, b: Point) => values([{ x: a.x, y: a.y, x2: b.x, y2: b.y }]);
  const f = { x: 'x', y: 'y', x2: 'x2', y2: 'y2' };
  const start = it.label?.position === 'start';
  const last = ps[n - 1]!;
  const first = ps[0]!;
  return {
    layer: defined([
      unit(
        env,
        'line',
        'line',
        lineProps(it.style),
        { x: X(env, 'x'), y: Y(env, 'y'), order: { field: 'i', type: 'quantitative' } },
        values(rows),
      ),
      ...(ends === 'end' || ends === 'both' ? arrowUnits(env, it, f, 'end', seg(ps[n - 2]!, last)) : []),
      ...(ends === 'start' || ends === 'both' ? arrowUnits(env, it, f, 'end', seg(ps[1]!, first)) : []),
      labelUnit(
        env,
        it,
        { align: start ? 'right' : 'left', baseline: 'bottom', dx: start ? -4 : 4, dy: -4 },
        { x: X(env, 'x'), y: Y(env, 'y') },
        values([pt(start ? first : last)]),
      ),
    ]),
  };
}

/** An ellipse inscribed in the box x..x2, y..y2: a shaded fill and an outline. */
export function ellipse(env: Env, it: Item, box: { x: Point; x2: Point }): JsonObject {
  const { x: a, x2: b } = box;
  const rows = ellipsePoints(a.t, b.t, a.y, b.y, 48).map((p, i) => ({ x: xOut(p.x, env.xType), y: tidy(p.y), i }));
  const enc = { x: X(env, 'x'), y: Y(env, 'y'), order: { field: 'i', type: 'quantitative' } };
  const pos = it.label?.position ?? 'top';
  const cx = xOut((a.t + b.t) / 2, env.xType);
  const ly = pos === 'center' ? (a.y + b.y) / 2 : pos === 'bottom' ? Math.min(a.y, b.y) : Math.max(a.y, b.y);
  return {
    layer: defined([
      unit(env, 'band', 'line', bandProps(it.style, { fill: it.style.color, strokeWidth: 0 }), enc, values(rows)),
      unit(env, 'line', 'line', lineProps(it.style), enc, values(rows)),
      labelUnit(
        env,
        it,
        {
          align: 'center',
          baseline: pos === 'center' ? 'middle' : pos === 'bottom' ? 'top' : 'bottom',
          dy: pos === 'center' ? 0 : pos === 'bottom' ? 4 : -4,
        },
        { x: X(env, 'x'), y: Y(env, 'y') },
        values([{ x: cx, y: tidy(ly) }]),
      ),
    ]),
  };
}

/** Level colors after the usual retracement palette; readable on light and dark backgrounds. */
export const FIBONACCI_COLORS = [
  '#6b7280',
  '#e0483e',
  '#d97706',
  '#16a34a',
  '#0f9d76',
  '#0891b2',
  '#6b7280',
  '#2563eb',
  '#9333ea',
  '#db2777',
];
export const FIBONACCI_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1];

/**
 * Fibonacci retracement from the first point (level 1) to the second (level 0): a line per level
 * with its ratio and price (on the `price` side), shaded zones between neighbouring levels, the
 * dashed diagonal, and the item's label above the first point.
 */
export function fibonacci(env: Env, it: Item, p: Point[], levels: number[]): JsonObject {
  const [a, b] = [p[0]!, p[1]!];
  const [l, r] = a.t <= b.t ? [a, b] : [b, a];
  const extend = it.o['extend'] === true;
  const colors =
    Array.isArray(it.o['colors']) && it.o['colors'].length
      ? (it.o['colors'] as string[])
      : it.style.colorGiven
        ? [it.style.color]
        : FIBONACCI_COLORS;
  const sorted = [...levels].sort((u, v) => u - v);
  const price = (level: number) => tidy(b.y + (a.y - b.y) * level);
  const colorOf = (level: number) => colors[levels.indexOf(level) % colors.length]!;
  const lines = sorted.map((level) => ({ x: l.x, x2: r.x, level, y: price(level), color: colorOf(level) }));
  const zones = sorted
    .slice(1)
    .map((level, i) => ({ x: l.x, x2: r.x, y: price(sorted[i]!), y2: price(level), color: colorOf(level) }));
  const from = extend ? { x: X(env, 'x'), x2: px('width') } : { x: X(env, 'x'), x2: X2(env, 'x2') };
  const color = { field: 'color', type: 'nominal', scale: null };
  const side = it.o['price'] === false ? undefined : it.o['price'] === 'right' ? 'right' : 'left';
  const fmt = JSON.stringify(it.style.format);
  const op = it.style.opacity !== undefined ? { opacity: it.style.opacity } : {};
  const dash = it.style.strokeDash ? { strokeDash: it.style.strokeDash } : {};
  return {
    layer: defined([
      unit(
        env,
        'band',
        'rect',
        { clip: true, fillOpacity: it.style.fillOpacity, ...op },
        { ...from, y: Y(env, 'y'), y2: Y2(env, 'y2'), color },
        values(zones),
      ),
      unit(
        env,
        'line',
        'rule',
        { clip: true, strokeWidth: it.style.strokeWidth, ...dash, ...op },
        { ...from, y: Y(env, 'y'), color },
        values(lines),
      ),
      unit(
        env,
        'line',
        'rule',
        lineProps(it.style, { strokeDash: [4, 3], strokeWidth: 1 }),
        { x: X(env, 'x'), y: Y(env, 'y'), x2: X2(env, 'x2'), y2: Y2(env, 'y2') },
        values([{ x: a.x, y: a.y, x2: b.x, y2: b.y }]),
      ),
      side
        ? unit(
            env,
            'price',
            'text',
            // Beside the lines' ends, outside the drawing: left of the start, right of the end (or of the plot).
            { align: side === 'right' ? 'left' : 'right', baseline: 'middle', dx: side === 'right' ? 4 : -4, ...op },
            {
              x: side === 'right' ? (extend ? px('width') : X(env, 'x2')) : X(env, 'x'),
              y: Y(env, 'y'),
              text: { field: 'text', type: 'nominal' },
              color,
            },
            {
              ...values(lines),
              transform: [{ calculate: `format(datum.level, '.1~%') + '  ' + format(datum.y, ${fmt})`, as: 'text' }],
            },
          )
        : undefined,
      labelUnit(
        env,
        it,
        { align: 'left', baseline: 'bottom', dy: -6 },
        { x: X(env, 'x'), y: Y(env, 'y') },
        values([pt(a)]),
      ),
    ]),
  };
}

/** A trend line, its parallel through a third point (or `offset` away), the midline and the fill. */
export function channel(env: Env, it: Item, a: Point, b: Point, offset: number): JsonObject {
  const lines = [
    { x: a.x, y: a.y, x2: b.x, y2: b.y },
    { x: a.x, y: tidy(a.y + offset), x2: b.x, y2: tidy(b.y + offset) },
  ];
  const twoPoint = { x: X(env, 'x'), y: Y(env, 'y'), x2: X2(env, 'x2'), y2: Y2(env, 'y2') };
  const top = offset >= 0 ? lines[1]! : lines[0]!;
  const start = it.label?.position === 'start';
  return {
    layer: defined([
      unit(
        env,
        'band',
        'area',
        bandProps(it.style),
        { x: X(env, 'x'), y: Y(env, 'y'), y2: Y2(env, 'y2') },
        values([
          { x: a.x, y: a.y, y2: tidy(a.y + offset) },
          { x: b.x, y: b.y, y2: tidy(b.y + offset) },
        ]),
      ),
      unit(env, 'line', 'rule', lineProps(it.style), twoPoint, values(lines)),
      it.o['midline'] === false
        ? undefined
        : unit(
            env,
            'line',
            'rule',
            lineProps(it.style, { strokeDash: [4, 3], strokeWidth: 1 }),
            twoPoint,
            values([{ x: a.x, y: tidy(a.y + offset / 2), x2: b.x, y2: tidy(b.y + offset / 2) }]),
          ),
      labelUnit(
        env,
        it,
        { align: start ? 'right' : 'left', baseline: 'bottom', dx: start ? -4 : 4, dy: -4 },
        { x: X(env, 'x'), y: Y(env, 'y') },
        values([start ? { x: top.x, y: top.y } : { x: top.x2, y: top.y2 }]),
      ),
    ]),
  };
}

/**
 * The change between two points: a shaded box, a vertical and a horizontal arrow through its
 * middle (their angles are fixed on screen: up/down, left/right) and a label with the change in
 * price and percent, and the days — or, with `bars`, the rows of the chart's data — between.
 */
export function measure(env: Env, it: Item, a: Point, b: Point, countBars: boolean): JsonObject {
  const up = b.y >= a.y;
  const xm = xOut((a.t + b.t) / 2, env.xType);
  const ym = tidy((a.y + b.y) / 2);
  const head = symbolProps(it.style, ARROW_PATH, arrowSymbolSize(it.style.arrowSize));
  const change = tidy(b.y - a.y);
  const pct = a.y !== 0 ? tidy((b.y - a.y) / a.y) : null;
  const fmt = JSON.stringify(it.style.format);
  const first = `(${change} > 0 ? '+' : '') + format(${change}, ${fmt})${pct !== null ? ` + ' (' + format(${pct}, '+.2%') + ')'` : ''}`;
  const days = Math.round((b.t - a.t) / 864e5);
  const span =
    env.xType === 'temporal' ? `${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'}` : `Δx ${tidy(b.t - a.t)}`;
  const labelAt = { x: xm, y: up ? Math.max(a.y, b.y) : Math.min(a.y, b.y) };
  const custom = it.label && 'value' in it.label.text ? [it.label.text.value].flat() : undefined;
  const textProps = { align: 'center', baseline: up ? 'bottom' : 'top', dy: up ? -6 : 6, lineBreak: '\n' };
  const [lo, hi] = a.t <= b.t ? [a.t, b.t] : [b.t, a.t];
  const within = `toDate(${datum(env.chartX ?? '')}) > ${lo} && toDate(${datum(env.chartX ?? '')}) <= ${hi}`;
  const label = unit(
    env,
    'label',
    'text',
    stackShift(
      {
        ...textProps,
        color: it.style.color,
        ...(it.style.opacity !== undefined ? { opacity: it.style.opacity } : {}),
        ...(it.label?.props ?? {}),
      },
      custom && !countBars ? custom.length : 2,
    ),
    { x: X(env, 'x'), y: Y(env, 'y'), text: { field: 'text', type: 'nominal' } },
    countBars
      ? {
          // Counted in the chart's own data: rows after the first point up to the second.
          transform: [
            { filter: within },
            { aggregate: [{ op: 'count', as: 'bars' }] },
            { calculate: `${first} + '\\n' + datum.bars + ' bars, ${span}'`, as: 'text' },
            { calculate: JSON.stringify(labelAt.x), as: 'x' },
            { calculate: String(labelAt.y), as: 'y' },
          ],
        }
      : {
          ...values([labelAt]),
          transform: [
            { calculate: custom ? JSON.stringify(custom.join('\n')) : `${first} + '\\n${span}'`, as: 'text' },
          ],
        },
  );
  return {
    layer: defined([
      unit(
        env,
        'band',
        'rect',
        bandProps(it.style),
        { x: X(env, 'x'), x2: X2(env, 'x2'), y: Y(env, 'y'), y2: Y2(env, 'y2') },
        values([{ x: a.x, x2: b.x, y: a.y, y2: b.y }]),
      ),
      unit(
        env,
        'line',
        'rule',
        lineProps(it.style),
        { x: X(env, 'x'), y: Y(env, 'y'), x2: X2(env, 'x2'), y2: Y2(env, 'y2') },
        values([
          { x: xm, y: a.y, x2: xm, y2: b.y },
          { x: a.x, y: ym, x2: b.x, y2: ym },
        ]),
      ),
      unit(
        env,
        'arrow',
        'point',
        head,
        { x: X(env, 'x'), y: Y(env, 'y'), angle: { field: 'angle', type: 'quantitative', scale: null } },
        values([
          { x: xm, y: b.y, angle: up ? -90 : 90 },
          { x: b.x, y: ym, angle: b.t >= a.t ? 0 : 180 },
        ]),
      ),
      label,
    ]),
  };
}

/**
 * Andrews' pitchfork: the median line from the first point through the middle of the second and
 * third, two tines through those parallel to it, the handle between them, and shaded prongs. The
 * lines end `length` times the median's run past the midpoint (1: as far again).
 */
export function pitchfork(env: Env, it: Item, p: Point[], length: number): JsonObject {
  const [p1, p2, p3] = [p[0]!, p[1]!, p[2]!];
  const m = { t: (p2.t + p3.t) / 2, y: (p2.y + p3.y) / 2 };
  const d = { t: m.t - p1.t, y: m.y - p1.y };
  const endT = m.t + d.t * length;
  const along = (s: { t: number; y: number }) => ({ t: endT, y: s.y + (d.y * (endT - s.t)) / d.t });
  const [e1, e2, em] = [along(p2), along(p3), along(m)];
  const X_ = (t: number) => xOut(t, env.xType);
  const seg = (s: { t: number; y: number }, e: { t: number; y: number }) => ({
    x: X_(s.t),
    y: tidy(s.y),
    x2: X_(e.t),
    y2: tidy(e.y),
  });
  const twoPoint = { x: X(env, 'x'), y: Y(env, 'y'), x2: X2(env, 'x2'), y2: Y2(env, 'y2') };
  const prong = (zone: number, corners: { t: number; y: number }[]) =>
    corners.map((c, i) => ({ x: X_(c.t), y: tidy(c.y), i, zone }));
  return {
    layer: defined([
      unit(
        env,
        'band',
        'line',
        bandProps(it.style, { fill: it.style.color, strokeWidth: 0 }),
        {
          x: X(env, 'x'),
          y: Y(env, 'y'),
          order: { field: 'i', type: 'quantitative' },
          detail: { field: 'zone', type: 'nominal' },
        },
        values([...prong(1, [p2, e1, em, m]), ...prong(2, [m, em, e2, p3])]),
      ),
      unit(env, 'line', 'rule', lineProps(it.style), twoPoint, values([seg(p1, em), seg(p2, e1), seg(p3, e2)])),
      unit(
        env,
        'line',
        'rule',
        lineProps(it.style, { strokeDash: [4, 3], strokeWidth: 1 }),
        twoPoint,
        values([seg(p2, p3)]),
      ),
      labelUnit(
        env,
        it,
        { align: 'right', baseline: 'middle', dx: -6 },
        { x: X(env, 'x'), y: Y(env, 'y') },
        values([pt(p1)]),
      ),
    ]),
  };
}

/** Default wave labels by number of points: an impulse (0–5), a correction (0, A–C) or both. */
export function elliottLabels(n: number): string[] {
  if (n === 6) return ['0', '1', '2', '3', '4', '5'];
  if (n === 4) return ['0', 'A', 'B', 'C'];
  if (n === 9) return ['0', '1', '2', '3', '4', '5', 'A', 'B', 'C'];
  return Array.from({ length: n }, (_, i) => String(i));
}

/** Wave points joined by a polyline, each labelled above a peak or below a trough. */
export function elliott(env: Env, it: Item, p: Point[], labels: string[]): JsonObject {
  const rows = p.map((q, i) => {
    const prev = p[i - 1];
    const next = p[i + 1];
    // A peak is higher than its neighbours; an end point compares with its one neighbour.
    const peak = (prev === undefined || q.y >= prev.y) && (next === undefined || q.y >= next.y);
    return { ...pt(q), i, label: labels[i] ?? '', peak };
  });
  const enc = { x: X(env, 'x'), y: Y(env, 'y') };
  const text = { field: 'label', type: 'nominal' };
  const textProps = {
    align: 'center',
    color: it.style.color,
    fontWeight: 'bold',
    ...(it.style.opacity !== undefined ? { opacity: it.style.opacity } : {}),
    ...(it.label?.props ?? {}),
  };
  return {
    layer: defined([
      unit(
        env,
        'line',
        'line',
        lineProps(it.style),
        { ...enc, order: { field: 'i', type: 'quantitative' } },
        values(rows.map(({ label: _l, peak: _p, ...r }) => r)),
      ),
      unit(
        env,
        'point',
        'point',
        { filled: true, size: 25, color: it.style.color, opacity: it.style.opacity ?? 1 },
        enc,
        values(rows.map(({ label: _l, peak: _p, ...r }) => r)),
      ),
      unit(
        env,
        'label',
        'text',
        { baseline: 'bottom', dy: -6, ...textProps },
        { ...enc, text },
        values(rows.filter((r) => r.peak).map(({ peak: _p, i: _i, ...r }) => r)),
      ),
      unit(
        env,
        'label',
        'text',
        { baseline: 'top', dy: 6, ...textProps },
        { ...enc, text },
        values(rows.filter((r) => !r.peak).map(({ peak: _p, i: _i, ...r }) => r)),
      ),
    ]),
  };
}
