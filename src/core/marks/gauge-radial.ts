/**
 * The radial gauge: arcs, rules, a needle symbol and texts placed in pixels around a center.
 *
 * Sizes come from the enclosing group (`item.mark.group.width/height`), not from the `width`
 * signal: inside a facet cell or a concat that signal is named otherwise (`child_width`), and an
 * expression naming `width` would fail there. Everything is measured in R, the radius the
 * gauge's bounding box allows in that group.
 */
import { repeatedColor, repeatedTarget, repeatedTooltip, repeatedValue, valueColor, valueTooltip } from './gauge-data';
import { num, type GaugeModel, type Style } from './gauge-model';
import type { JsonObject } from './types';

const GROUP = 'item.mark.group';

/** Font size in R (share of the radius) and its floor in pixels, per text part. */
const FONT = {
  value: [0.22, 12],
  unit: [0.1, 8],
  delta: [0.12, 9],
  title: [0.11, 9],
  note: [0.085, 8],
  label: [0.095, 8],
  line: [0.095, 9],
} as const;
type FontKey = keyof typeof FONT;

const LINE_HEIGHT = 1.2;
const NEEDLE_COLOR = '#374151';
const TRACK = { color: '#8a94a6', opacity: 0.25 };
const TARGET_COLOR = '#111827';
/** A needle pointing up from its pivot (0, 0) to (0, -1); Vega rotates it by `angle`. */
export const NEEDLE_PATH = 'M -0.035 0 L 0 -1 L 0.035 0 Z';

const rad = (deg: number) => +((deg * Math.PI) / 180).toFixed(6);

/** An arc's mark-level angles: Vega-Lite's schema wants `theta` in 0…2π, so both turn by whole circles. */
function arcAngles(startDeg: number, endDeg: number): { theta: number; theta2: number } {
  const turn = Math.floor(startDeg / 360) * 360;
  return { theta: rad(startDeg - turn), theta2: rad(endDeg - turn) };
}

/** The angle in degrees (0 = 12 o'clock, clockwise) where a value sits. */
export function angleOf(m: GaugeModel, v: number): number {
  const f = (v - m.min) / (m.max - m.min);
  const sweep = m.endAngle - m.startAngle;
  return m.clockwise ? m.startAngle + f * sweep : m.endAngle - f * sweep;
}

/** Pixel expressions of the gauge's frame: radius R and center, from the group's size. */
interface Frame {
  R: string;
  cx: string;
  cy: string;
  /** `R * r` */
  r(r: number | string): string;
  font(key: FontKey): string;
  /** x and y of the point at radius `r` (in R) and angle `theta` (radians, expression). */
  at(r: number | string, theta: string): { x: string; y: string };
}

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

function frame(box: Box): Frame {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const R = `min(${GROUP}.width / ${num(w)}, ${GROUP}.height / ${num(h)})`;
  const shift = (mid: number) =>
    Math.abs(mid) < 1e-9 ? '' : mid > 0 ? ` - ${R} * ${num(mid)}` : ` + ${R} * ${num(-mid)}`;
  const cx = `${GROUP}.width / 2${shift((box.x0 + box.x1) / 2)}`;
  const cy = `${GROUP}.height / 2${shift((box.y0 + box.y1) / 2)}`;
  const r = (k: number | string) => (k === 1 ? R : `${R} * ${typeof k === 'number' ? num(k) : k}`);
  return {
    R,
    cx,
    cy,
    r,
    font: (key) => `max(${FONT[key][1]}, ${R} * ${FONT[key][0]})`,
    at: (k, theta) => ({ x: `${cx} + ${r(k)} * sin(${theta})`, y: `${cy} - ${r(k)} * cos(${theta})` }),
  };
}

const expr = (e: string) => ({ expr: e });

/** Radii (in R) of the rings: bands, track and progress, ticks, labels, needle. */
function rings(m: GaugeModel) {
  const inner = 1 - m.thickness;
  // With progress on, bands make a thin outer ring and the value its own ring inside (thresholds
  // stay readable under the value); otherwise bands fill the ring.
  const split = m.bands.length > 0 && m.progress !== false;
  const bandInner = split ? 1 - m.thickness * 0.3 : inner;
  const valueOuter = split ? bandInner - 0.02 : 1;
  const tickOuter = inner - 0.03;
  const tickInner = tickOuter - 0.08;
  const labelEdge = (m.ticks ? tickInner : tickOuter) - 0.025;
  return {
    inner,
    bandInner,
    valueOuter,
    tickOuter,
    tickInner,
    minorInner: tickOuter - 0.045,
    labelEdge,
    needle: inner - 0.04,
    hub: 0.06,
  };
}

/** The text lines under (or around) the center, top to bottom, in single-value gauges. */
function stackLines(m: GaugeModel): FontKey[] {
  const lines: FontKey[] = [];
  if (m.value) lines.push('value');
  if (m.unit) lines.push('unit');
  if (m.delta) lines.push('delta');
  if (m.title) lines.push('title');
  if (m.overflow && !m.repeat) lines.push('note');
  return lines;
}

/** Where the text stack starts (in R, from the center; negative is above). */
function stackStart(m: GaugeModel, firstLine: FontKey | undefined): number {
  if (m.needle) return 0.17;
  if (firstLine !== 'value') return 0.05;
  const h = FONT.value[0] * LINE_HEIGHT;
  // Without a needle the value sits on the center; in a gauge of half a circle or less, above it.
  return m.endAngle - m.startAngle <= 200 ? -h + 0.08 : -h / 2;
}

/** The box (in R, y down) the arc, the hub and the texts take, from which R is chosen. */
function boundingBox(m: GaugeModel): Box {
  const pts: [number, number][] = [[0, 0]];
  const edge = 1.04;
  for (let a = Math.ceil(m.startAngle / 90) * 90; a < m.endAngle; a += 90)
    pts.push([Math.sin(rad(a)) * edge, -Math.cos(rad(a)) * edge]);
  for (const a of [m.startAngle, m.endAngle]) pts.push([Math.sin(rad(a)) * edge, -Math.cos(rad(a)) * edge]);
  if (m.needle) pts.push([-0.08, -0.08], [0.08, 0.08]);
  const lines = m.colorField
    ? (['line', 'line', 'line', ...(m.title ? ['title' as const] : [])] as FontKey[])
    : stackLines(m);
  if (lines.length) {
    const top = m.colorField ? (m.needle ? 0.17 : -1.5 * FONT.line[0] * LINE_HEIGHT) : stackStart(m, lines[0]);
    const height = lines.reduce((s, k) => s + FONT[k][0] * LINE_HEIGHT, 0);
    pts.push([-0.5, top], [0.5, top + height]);
  }
  const pad = 0.03;
  return {
    x0: Math.min(...pts.map((p) => p[0])) - pad,
    x1: Math.max(...pts.map((p) => p[0])) + pad,
    y0: Math.min(...pts.map((p) => p[1])) - pad,
    y1: Math.max(...pts.map((p) => p[1])) + pad,
  };
}

/** The layers of a radial gauge (transforms after the shared ones; layers in drawing order). */
export function radialLayers(m: GaugeModel): { transform: JsonObject[]; layer: JsonObject[] } {
  const f = frame(boundingBox(m));
  const ring = rings(m);
  const multi = m.colorField !== undefined;
  const sweep = m.endAngle - m.startAngle;
  const a0 = m.clockwise ? m.startAngle : m.endAngle;
  const perUnit = ((m.clockwise ? 1 : -1) * sweep) / (m.max - m.min);
  const fromMin = (v: string) => (m.min === 0 ? v : `(${v} ${m.min < 0 ? '+' : '-'} ${num(Math.abs(m.min))})`);
  // Degrees per data unit, precise enough that a needle is off by less than 1e-9°.
  const angleExpr = (v: string) => `${num(a0)} + ${fromMin(v)} * ${+perUnit.toPrecision(12)}`;
  const one = { values: [{}] };
  const center = { x: expr(f.cx), y: expr(f.cy) };
  const layer: JsonObject[] = [];
  const targetTheta = {
    calculate: `(${angleExpr(`clamp(datum.__target, ${num(m.min)}, ${num(m.max)})`)}) * PI / 180`,
    as: '__target_theta',
  };
  const transform: JsonObject[] = m.repeat
    ? []
    : [
        { calculate: angleExpr('datum.__clamped'), as: '__angle' },
        { calculate: 'datum.__angle * PI / 180', as: '__theta' },
        ...(m.progress ? [{ calculate: num(rad(angleOf(m, m.origin))), as: '__theta0' }] : []),
        ...(m.target ? [targetTheta] : []),
      ];
  // A repeated value is mapped to angles by a scale, clamped to the range.
  const angleScale = (unit: (deg: number) => number) => ({
    domain: [m.min, m.max],
    range: [unit(angleOf(m, m.min)), unit(angleOf(m, m.max))],
    clamp: true,
  });
  const rounded = (outer: number, inner: number): Style =>
    m.rounded ? { cornerRadius: expr(f.r(num((outer - inner) / 2))) } : {};

  // In rings mode each value gets its own ring, outermost first.
  const ringMode = multi && m.progress !== false;
  const ringRadius = (edge: 'outer' | 'inner') => {
    const w = ring.valueOuter - ring.inner;
    const i = edge === 'outer' ? '(datum.__row - 1)' : 'datum.__row';
    const gap = edge === 'inner' ? ` + (datum.__n > 1 ? ${num(Math.min(0.02, w / 10))} : 0)` : '';
    return expr(f.r(`(${num(ring.valueOuter)} - ${num(w)} * ${i} / datum.__n${gap})`));
  };

  if (m.track) {
    const style = { ...TRACK, ...rounded(ring.valueOuter, ring.inner), ...m.track };
    if (ringMode) {
      layer.push({
        mark: {
          type: 'arc',
          style: 'gauge-track',
          ...center,
          radius: ringRadius('outer'),
          radius2: ringRadius('inner'),
          ...arcAngles(m.startAngle, m.endAngle),
          ...style,
        },
      });
    } else {
      layer.push({
        data: one,
        mark: {
          type: 'arc',
          style: 'gauge-track',
          ...center,
          radius: expr(f.r(ring.valueOuter)),
          radius2: expr(f.r(ring.inner)),
          ...arcAngles(m.startAngle, m.endAngle),
          ...style,
        },
      });
    }
  }

  if (m.bands.length) {
    layer.push({
      data: {
        values: m.bands.map((b) => ({
          from: b.from,
          to: b.to,
          theta: rad(angleOf(m, b.from)),
          theta2: rad(angleOf(m, b.to)),
          color: b.color,
          ...(b.opacity !== undefined ? { opacity: b.opacity } : {}),
        })),
      },
      mark: { type: 'arc', style: 'gauge-band', ...center, radius: expr(f.r(1)), radius2: expr(f.r(ring.bandInner)) },
      encoding: {
        theta: { field: 'theta', type: 'quantitative', scale: null },
        theta2: { field: 'theta2' },
        color: { field: 'color', type: 'nominal', scale: null },
        ...(m.bands.some((b) => b.opacity !== undefined)
          ? { opacity: { field: 'opacity', type: 'quantitative', scale: null } }
          : {}),
        tooltip: [
          { field: 'from', type: 'quantitative', title: 'From', format: m.scale.format },
          { field: 'to', type: 'quantitative', title: 'To', format: m.scale.format },
        ],
      },
    });
  }

  if (m.progress) {
    const { color: userColor, ...style } = m.progress;
    const base = multi
      ? m.color
      : typeof userColor === 'string'
        ? { value: userColor }
        : m.color && m.color['value'] !== undefined
          ? m.color
          : undefined;
    const color = valueColor(m, base, { bipolar: true, overflow: !multi });
    layer.push({
      mark: {
        type: 'arc',
        style: 'gauge-progress',
        ...center,
        ...(ringMode
          ? { radius: ringRadius('outer'), radius2: ringRadius('inner') }
          : { radius: expr(f.r(ring.valueOuter)), radius2: expr(f.r(ring.inner)) }),
        ...rounded(ring.valueOuter, ring.inner),
        ...style,
      },
      encoding: m.repeat
        ? {
            theta: repeatedValue(m, { scale: angleScale(rad) }),
            theta2: { datum: m.origin },
            color: repeatedColor(m, typeof userColor === 'string' ? userColor : m.markColors.arc, {
              bipolar: true,
              overflow: true,
            }),
            ...(m.tooltip ? { tooltip: repeatedTooltip(m) } : {}),
          }
        : {
            theta: { field: '__theta0', type: 'quantitative', scale: null },
            theta2: { field: '__theta' },
            ...(color ? { color } : {}),
            ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}),
          },
    });
  }

  if (m.ticks) {
    const rows = m.scale.values.map((v) => ({ value: v, theta: rad(angleOf(m, v)) }));
    const tick = (
      values: { value: number; theta: number }[],
      inner: number,
      style: Style,
      name: string,
      width: string,
    ): JsonObject => {
      const a = f.at(ring.tickOuter, 'datum.theta');
      const b = f.at(inner, 'datum.theta');
      return {
        data: { values },
        mark: { type: 'rule', style: name, strokeWidth: expr(width), ...style },
        encoding: {
          x: { value: expr(a.x) },
          y: { value: expr(a.y) },
          x2: { value: expr(b.x) },
          y2: { value: expr(b.y) },
        },
      };
    };
    if (m.scale.minor.length) {
      layer.push(
        tick(
          m.scale.minor.map((v) => ({ value: v, theta: rad(angleOf(m, v)) })),
          ring.minorInner,
          { opacity: 0.6, ...m.ticks.minorStyle },
          'gauge-minor-tick',
          `max(0.5, ${f.r(0.006)})`,
        ),
      );
    }
    layer.push(tick(rows, ring.tickInner, m.ticks.style, 'gauge-tick', `max(1, ${f.r(0.012)})`));
  }

  if (m.labels) {
    // Each label is pushed in from the tick ends by half its own extent along the radius:
    // half its height at the top and bottom, half its width at the sides.
    const chars = Math.max(...m.scale.values.map((v) => formatLength(v, m.scale.format)));
    const rows = m.scale.values.map((v, i) => {
      const t = rad(angleOf(m, v));
      return {
        value: v,
        theta: t,
        inset: +(0.6 * Math.abs(Math.cos(t)) + 0.3 * chars * Math.abs(Math.sin(t))).toFixed(3),
        i,
      };
    });
    const fs = f.font('label');
    // On a small gauge, every second (third…) label when they would not fit side by side.
    const values = m.scale.values;
    const stepRad = values.length > 2 ? Math.abs(rad(angleOf(m, values[1]!)) - rad(angleOf(m, values[0]!))) : 0;
    const stride = `max(1, ceil((${num(chars * 0.6)} * ${fs} + 3) / (${f.r(num(ring.labelEdge * 0.85 * stepRad))})))`;
    const r = `(${f.r(ring.labelEdge)} - ${fs} * datum.inset)`;
    layer.push({
      data: { values: rows },
      mark: {
        type: 'text',
        style: 'gauge-label',
        x: expr(`${f.cx} + ${r} * sin(datum.theta)`),
        y: expr(`${f.cy} - ${r} * cos(datum.theta)`),
        align: 'center',
        baseline: 'middle',
        fontSize: expr(fs),
        ...m.labels,
      },
      encoding: {
        text: {
          ...(stepRad ? { condition: { test: `datum.i % ${stride} != 0`, value: '' } } : {}),
          field: 'value',
          type: 'quantitative',
          format: m.scale.format,
        },
      },
    });
  }

  if (m.target) {
    const a = f.at(ring.inner - 0.04, 'datum.__target_theta');
    const b = f.at(Math.min(1.03, (m.bands.length ? 1 : ring.valueOuter) + 0.03), 'datum.__target_theta');
    layer.push({
      ...(m.repeat ? repeatedTarget(m, targetTheta) : {}),
      mark: {
        type: 'rule',
        style: 'gauge-target',
        color: TARGET_COLOR,
        strokeWidth: expr(`max(2, ${f.r(0.02)})`),
        strokeCap: 'butt',
        ...m.target,
      },
      encoding: {
        x: { value: expr(a.x) },
        y: { value: expr(a.y) },
        x2: { value: expr(b.x) },
        y2: { value: expr(b.y) },
        ...(m.tooltip
          ? {
              tooltip: [
                ...(m.colorField ? [{ field: m.colorField, type: 'nominal' }] : []),
                {
                  field: '__target',
                  type: 'quantitative',
                  title: m.targetField?.title ?? 'Target',
                  ...(m.value ? { format: m.value.format } : {}),
                },
              ],
            }
          : {}),
      },
    });
  }

  if (m.needle) {
    const { color: userColor, ...style } = m.needle;
    const base = multi ? m.color : { value: typeof userColor === 'string' ? userColor : NEEDLE_COLOR };
    const color = valueColor(m, base, { bipolar: false, overflow: !multi });
    layer.push({
      mark: {
        type: 'point',
        style: 'gauge-needle',
        shape: NEEDLE_PATH,
        filled: true,
        opacity: 1,
        ...center,
        size: expr(`4 * pow(${f.r(ring.needle)}, 2)`),
        ...style,
      },
      encoding: m.repeat
        ? {
            angle: repeatedValue(m, { scale: angleScale((deg) => deg) }),
            color: repeatedColor(m, typeof userColor === 'string' ? userColor : NEEDLE_COLOR, {
              bipolar: false,
              overflow: true,
            }),
            ...(m.tooltip ? { tooltip: repeatedTooltip(m) } : {}),
          }
        : {
            angle: { field: '__angle', type: 'quantitative', scale: null },
            ...(color ? { color } : {}),
            ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}),
          },
    });
    if (m.hub) {
      layer.push({
        data: one,
        mark: {
          type: 'point',
          style: 'gauge-hub',
          shape: 'circle',
          filled: true,
          opacity: 1,
          color: typeof userColor === 'string' && !multi ? userColor : NEEDLE_COLOR,
          ...center,
          size: expr(`pow(${f.r(ring.hub * 2)}, 2)`),
          ...m.hub,
        },
      });
    }
  }

  layer.push(...(multi ? multiTexts(m, f) : singleTexts(m, f)));
  return { transform, layer };
}

/** Characters a label takes, roughly (for spacing only). */
export function formatLength(v: number, format: string): number {
  if (/s$/.test(format)) return Math.min(5, String(Math.round(v)).length);
  const places = Number(/\.(\d+)/.exec(format)?.[1] ?? 0);
  const digits = String(Math.trunc(Math.abs(v))).length;
  return (
    digits +
    (format.includes(',') ? Math.floor((digits - 1) / 3) : 0) +
    (places ? places + 1 : 0) +
    (v < 0 ? 1 : 0) +
    (format.includes('%') ? 3 : 0)
  );
}

function text(style: string, x: string, y: string, fs: string, extra: Style, user: Style): JsonObject {
  return {
    type: 'text',
    style,
    x: expr(x),
    y: expr(y),
    align: 'center',
    baseline: 'middle',
    fontSize: expr(fs),
    ...extra,
    ...user,
  };
}

/** Value, unit, delta, title and out-of-range note, one under the other. */
function singleTexts(m: GaugeModel, f: Frame): JsonObject[] {
  const lines = stackLines(m);
  const start = stackStart(m, lines[0]);
  const out: JsonObject[] = [];
  let y = `${f.cy} + ${f.r(start)}`;
  if (start < 0) y = `${f.cy} - ${f.r(-start)}`;
  for (const key of lines) {
    const fs = f.font(key);
    const mid = `${y} + ${fs} * ${LINE_HEIGHT / 2}`;
    if (key === 'value' && m.value) {
      const { color: userColor, ...style } = m.value.style;
      const base = typeof userColor === 'string' ? { value: userColor } : undefined;
      out.push({
        mark: text('gauge-value', f.cx, mid, fs, { fontWeight: 'bold' }, style),
        encoding: valueTextEncoding(m, base),
      });
    } else if (key === 'unit' && m.unit) {
      out.push({
        data: { values: [{}] },
        mark: text('gauge-unit', f.cx, mid, fs, { text: m.unit.text, opacity: 0.7 }, m.unit.style),
      });
    } else if (key === 'delta' && m.delta) {
      out.push({
        mark: text('gauge-delta', f.cx, mid, fs, {}, m.delta.style),
        encoding: { text: { field: '__delta_text', type: 'nominal' }, color: deltaColor(m) },
      });
    } else if (key === 'title' && m.title) {
      out.push(titleLayer(m.title, text('gauge-title', f.cx, mid, fs, {}, m.title.style)));
    } else if (key === 'note' && m.overflow) {
      out.push({
        mark: text('gauge-overflow', f.cx, mid, fs, { color: m.overflow.color }, m.overflow.style),
        encoding: { text: { field: '__note', type: 'nominal' } },
      });
    }
    y = `${y} + ${fs} * ${LINE_HEIGHT}`;
  }
  return out;
}

/** A static title, or inside a repeat the repeated field's name (Vega-Lite replaces it in a `datum`). */
export function titleLayer(title: { text: string; repeat?: JsonObject }, mark: JsonObject): JsonObject {
  if (title.repeat)
    return { data: { values: [{}] }, mark, encoding: { text: { datum: title.repeat, type: 'nominal' } } };
  return { data: { values: [{}] }, mark: { ...mark, text: title.text } };
}

/** The value text's channels: the formatted value (computed, or the repeated field), its color, its tooltip. */
export function valueTextEncoding(m: GaugeModel, base: { value: string } | undefined): JsonObject {
  if (m.repeat) {
    const flagged = m.overflow || m.bipolar;
    return {
      text: repeatedValue(m, m.value ? { format: m.value.format } : {}),
      ...(flagged
        ? { color: repeatedColor(m, base?.value ?? m.markColors.text, { bipolar: true, overflow: true }) }
        : base
          ? { color: base }
          : {}),
      ...(m.tooltip ? { tooltip: repeatedTooltip(m) } : {}),
    };
  }
  const color = valueColor(m, base, { bipolar: true, overflow: true });
  return {
    text: { field: '__text', type: 'nominal' },
    ...(color ? { color } : {}),
    ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}),
  };
}

export function deltaColor(m: GaugeModel): JsonObject {
  return {
    condition: [
      { test: 'datum.__delta > 0', value: m.rising },
      { test: 'datum.__delta < 0', value: m.falling },
    ],
    value: m.unchanged,
  };
}

/** One line per value (its name, value and delta in its color), then the title. */
function multiTexts(m: GaugeModel, f: Frame): JsonObject[] {
  const fs = f.font('line');
  const lh = `${fs} * ${LINE_HEIGHT}`;
  const top = m.needle ? `${f.cy} + ${f.r(0.17)}` : `${f.cy} - ${lh} * datum.__n / 2`;
  const mid = `${top} + ${lh} * (datum.__row - 0.5)`;
  const out: JsonObject[] = [];
  const gap = f.r(0.03);
  if (m.value || m.unit || m.overflow) {
    const { color: _c, ...style } = m.value ? m.value.style : {};
    out.push({
      mark: text(
        'gauge-value',
        m.delta ? `${f.cx} - ${gap}` : f.cx,
        mid,
        fs,
        { fontWeight: 'bold', ...(m.delta ? { align: 'right' } : {}) },
        style,
      ),
      encoding: {
        text: { field: '__label', type: 'nominal' },
        ...(m.color ? { color: m.color } : {}),
        ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}),
      },
    });
  }
  if (m.delta) {
    out.push({
      mark: text('gauge-delta', `${f.cx} + ${gap}`, mid, fs, { align: 'left' }, m.delta.style),
      encoding: { text: { field: '__delta_text', type: 'nominal' }, color: deltaColor(m) },
    });
  }
  if (m.title) {
    const tfs = f.font('title');
    out.push({
      transform: [{ filter: 'datum.__row == 1' }],
      mark: text(
        'gauge-title',
        f.cx,
        `${top} + ${lh} * datum.__n + ${tfs} * ${LINE_HEIGHT / 2}`,
        tfs,
        { text: m.title.text },
        m.title.style,
      ),
    });
  }
  return out;
}
