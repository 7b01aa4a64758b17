/** The radial gauge's texts: the value, its label, delta and unit, a title, and the texts of several values at once. */
import { repeatedColor, repeatedTooltip, repeatedValue, valueColor, valueTooltip } from './gauge-data';
import { type GaugeModel, type Style } from './gauge-model';
import type { JsonObject } from './types';
import { LINE_HEIGHT, type Frame, expr, stackLines, stackStart } from './gauge-radial-frame';

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
export function multiTexts(m: GaugeModel, f: Frame): JsonObject[] {
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
