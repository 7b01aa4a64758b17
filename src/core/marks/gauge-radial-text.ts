/** The radial gauge's texts: the value, its label, delta and unit, a title, and the texts of several values at once. */
import { repeatedColor, repeatedTooltip, repeatedValue, valueColor, valueTooltip } from './gauge-data';
import { num, type GaugeModel, type Style } from './gauge-model';
import type { JsonObject } from './types';
import { FONT, LINE_HEIGHT, type Frame, angleOf, expr, rad, rings, stackLines, stackStart } from './gauge-radial-frame';

export function formatLength(v: number, format: string): number {
  const currency = format.includes('$') ? 1 : 0;
  if (/s$/.test(format)) {
    // SI: at most three digits before the prefix letter (50000 → "50k").
    const a = Math.abs(v);
    const power = a >= 1 ? Math.floor(Math.log10(a) / 3 + 1e-9) : 0;
    const digits = String(Math.trunc(+(a / 1000 ** power).toPrecision(12))).length;
    return digits + (power > 0 ? 1 : 0) + (v < 0 ? 1 : 0) + currency;
  }
  const places = Number(/\.(\d+)/.exec(format)?.[1] ?? 0);
  // A percentage writes the value times 100 and a "%" sign (0.5 → "50%", 0 → "0%").
  const percent = format.includes('%');
  const digits = String(Math.trunc(Math.abs(percent ? +(v * 100).toPrecision(12) : v))).length;
  return (
    digits +
    (format.includes(',') ? Math.floor((digits - 1) / 3) : 0) +
    (places ? places + 1 : 0) +
    (v < 0 ? 1 : 0) +
    currency +
    (percent ? 1 : 0)
  );
}

/**
 * The tick labels of a radial gauge, each with the inset (in label font sizes) that pulls it in
 * from the tick ends by half its own extent along the radius: half its height (its box is one
 * font size tall) at the top and bottom, half its width at the sides. Each label is measured by its own characters, so a short
 * end label ("0%") sits at its tick rather than where the longest label would.
 */
export function labelRows(m: GaugeModel): { value: number; theta: number; inset: number; chars: number; i: number }[] {
  return m.scale.values.map((v, i) => {
    const theta = rad(angleOf(m, v));
    const chars = formatLength(v, m.scale.format);
    const inset = +(0.5 * Math.abs(Math.cos(theta)) + 0.3 * chars * Math.abs(Math.sin(theta))).toFixed(3);
    return { value: v, theta, inset, chars, i };
  });
}

/**
 * The width (pixels, an expression) a centred text line may take without touching a tick label
 * beside it, or `undefined` when no label shares its height. The line's band `[top, bottom]` and
 * the labels' heights are in R from the centre (y down), as the box the gauge is sized by counts
 * them (fonts as shares of R); the room itself is measured in pixels, with the labels' font floor.
 */
export function widthBesideLabels(m: GaugeModel, f: Frame, top: number, bottom: number): string | undefined {
  if (!m.labels) return undefined;
  const ring = rings(m);
  const lfs = f.font('label');
  const share = FONT.label[0];
  // The room beside each label sharing the line's height, as `R * reach - label font * pull`:
  // mirrored labels share their reach, and the longer one of them decides.
  const pulls = new Map<number, number>();
  for (const row of labelRows(m)) {
    const cos = Math.cos(row.theta);
    const sin = Math.abs(Math.sin(row.theta));
    const y = -(ring.labelEdge - share * row.inset) * cos;
    const half = (share * LINE_HEIGHT) / 2;
    // A little slack, for the font floors the shares leave out.
    if (y + half < top - 0.02 || y - half > bottom + 0.02) continue;
    // From the centre line to the label's near edge (its centre, less half its width), less a gap.
    const reach = +(ring.labelEdge * sin).toFixed(6);
    const pull = +(row.inset * sin + 0.3 * row.chars + 0.35).toFixed(6);
    pulls.set(reach, Math.max(pull, pulls.get(reach) ?? 0));
  }
  if (!pulls.size) return undefined;
  const terms = [...pulls].map(([reach, pull]) => `${f.r(num(reach))} - ${lfs} * ${num(pull)}`);
  return `2 * (${terms.length === 1 ? terms[0] : `min(${terms.map((t) => `(${t})`).join(', ')})`} - 2)`;
}

/** Share of a font size an average character of a value text takes (digits, signs, arrows). */
const CHAR_WIDTH = 0.62;

/**
 * Font size and limit of a centred text line level with tick labels: a line longer than the room
 * between them is drawn smaller (by its estimated width, `len` characters), and `limit` (which
 * Vega measures) cuts what still would not fit, so the line never touches a label, whatever the
 * value's length. `len` is an expression, or undefined when the text is not known to the
 * expression (a repeated value): then only the limit applies.
 */
function fitBesideLabels(m: GaugeModel, f: Frame, band: [number, number], fs: string, len: string | undefined): Style {
  const room = widthBesideLabels(m, f, band[0], band[1]);
  if (room === undefined) return {};
  return {
    ...(len !== undefined
      ? { fontSize: expr(`max(6, min(${fs}, (${room}) / (${CHAR_WIDTH} * max(1, ${len}))))`) }
      : {}),
    // Vega reads a limit of 0 as none.
    limit: expr(`max(1, ${room})`),
  };
}

export function text(style: string, x: string, y: string, fs: string, extra: Style, user: Style): JsonObject {
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
export function singleTexts(m: GaugeModel, f: Frame): JsonObject[] {
  const lines = stackLines(m);
  const start = stackStart(m, lines[0]);
  const out: JsonObject[] = [];
  let y = `${f.cy} + ${f.r(start)}`;
  if (start < 0) y = `${f.cy} - ${f.r(-start)}`;
  // The line's band in R, as the gauge's box counts it.
  let top = start;
  for (const key of lines) {
    const fs = f.font(key);
    const mid = `${y} + ${fs} * ${LINE_HEIGHT / 2}`;
    const band: [number, number] = [top, top + FONT[key][0] * LINE_HEIGHT];
    top = band[1];
    // Lines level with the tick labels beside them shrink (then cut) rather than touch them.
    const fit = (len: string | undefined) => fitBesideLabels(m, f, band, fs, len);
    if (key === 'value' && m.value) {
      const { color: userColor, ...style } = m.value.style;
      const base = typeof userColor === 'string' ? { value: userColor } : undefined;
      const len = m.repeat ? undefined : 'length(datum.__text)';
      out.push({
        mark: text('gauge-value', f.cx, mid, fs, { fontWeight: 'bold', ...fit(len) }, style),
        encoding: valueTextEncoding(m, base),
      });
    } else if (key === 'unit' && m.unit) {
      out.push({
        data: { values: [{}] },
        mark: text(
          'gauge-unit',
          f.cx,
          mid,
          fs,
          { text: m.unit.text, opacity: 0.7, ...fit(String(m.unit.text.length)) },
          m.unit.style,
        ),
      });
    } else if (key === 'delta' && m.delta) {
      out.push({
        mark: text('gauge-delta', f.cx, mid, fs, fit('length(datum.__delta_text)'), m.delta.style),
        encoding: { text: { field: '__delta_text', type: 'nominal' }, color: deltaColor(m) },
      });
    } else if (key === 'title' && m.title) {
      const len = m.title.repeat ? undefined : String(m.title.text.length);
      out.push(titleLayer(m.title, text('gauge-title', f.cx, mid, fs, fit(len), m.title.style)));
    } else if (key === 'note' && m.overflow) {
      out.push({
        mark: text(
          'gauge-overflow',
          f.cx,
          mid,
          fs,
          { color: m.overflow.color, ...fit('length(datum.__note)') },
          m.overflow.style,
        ),
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
export function multiTexts(m: GaugeModel, f: Frame): JsonObject[] {
  const fs = f.font('line');
  const lh = `${fs} * ${LINE_HEIGHT}`;
  const top = m.needle ? `${f.cy} + ${f.r(0.17)}` : `${f.cy} - ${lh} * datum.__n / 2`;
  const mid = `${top} + ${lh} * (datum.__row - 0.5)`;
  const out: JsonObject[] = [];
  const gap = f.r(0.03);
  // Beside the tick labels a centred line shrinks to fit; a value and its delta, each on its side
  // of the centre, are cut at half the room.
  // The lines' band in R, as the gauge's box counts it (three lines).
  const first = m.needle ? 0.17 : -1.5 * FONT.line[0] * LINE_HEIGHT;
  const band: [number, number] = [first, first + 3 * FONT.line[0] * LINE_HEIGHT];
  const room = widthBesideLabels(m, f, band[0], band[1]);
  const half: Style = room === undefined ? {} : { limit: expr(`max(1, (${room}) / 2 - ${gap})`) };
  if (m.value || m.unit || m.overflow) {
    const { color: _c, ...style } = m.value ? m.value.style : {};
    out.push({
      mark: text(
        'gauge-value',
        m.delta ? `${f.cx} - ${gap}` : f.cx,
        mid,
        fs,
        {
          fontWeight: 'bold',
          ...(m.delta ? { align: 'right', ...half } : fitBesideLabels(m, f, band, fs, 'length(datum.__label)')),
        },
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
      mark: text('gauge-delta', `${f.cx} + ${gap}`, mid, fs, { align: 'left', ...half }, m.delta.style),
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
