/**
 * The linear gauge (a bullet): rects on a position scale whose domain is the gauge's range, so
 * positions along the bar follow the view's size in any composition. Across the bar, sizes are
 * shares of the enclosing group's size (`item.mark.group`), as for the radial gauge.
 */
import { repeatedColor, repeatedTarget, repeatedTooltip, repeatedValue, valueColor, valueTooltip } from './gauge-data';
import type { GaugeModel, Style } from './gauge-model';
import { deltaColor, formatLength, titleLayer as titleOf, valueTextEncoding } from './gauge-radial-text';
import type { JsonObject } from './types';

const GROUP = 'item.mark.group';
const TRACK = { color: '#8a94a6', opacity: 0.25 };
const NEEDLE_COLOR = '#374151';
const TARGET_COLOR = '#111827';
/** Markers with their tip at (0, 0): pointing down onto a horizontal bar, left onto a vertical one. */
export const MARKER_DOWN = 'M 0 0 L -0.6 -1 L 0.6 -1 Z';
export const MARKER_LEFT = 'M 0 0 L 1 -0.6 L 1 0.6 Z';

const expr = (e: string) => ({ expr: e });

/** The layers of a linear gauge. */
export function linearLayers(m: GaugeModel): { transform: JsonObject[]; layer: JsonObject[] } {
  const horizontal = m.orient === 'horizontal';
  const pos = horizontal ? 'x' : 'y';
  const pos2 = `${pos}2`;
  const cross = horizontal ? 'y' : 'x';
  const cross2 = `${cross}2`;
  // Across the bar: from `near` (0) to `far` (the view's height or width); the bar takes the far
  // side for a horizontal gauge (ticks hang below it, the needle points down from above) and the
  // near side for a vertical one (ticks on the left, the needle points left from the right).
  const size = `${GROUP}.${horizontal ? 'height' : 'width'}`;
  const t = m.thickness;
  const barA = horizontal ? `${size} * ${+(1 - t).toFixed(6)}` : '0';
  const barB = horizontal ? size : `${size} * ${t}`;
  const barH = `${size} * ${t}`;
  /** A point across the bar, `k` of the way from its start (top or left) to its end. */
  const across = (k: number) =>
    k === 0 ? barA : k === 1 ? barB : `${barA === '0' ? '' : `${barA} + `}${barH} * ${+k.toFixed(6)}`;
  const scale = {
    [pos]: { type: 'quantitative', scale: { domain: [m.min, m.max], nice: false, zero: false }, axis: null },
  } as Record<string, JsonObject>;
  const P = (fieldOrDatum: JsonObject) => ({ ...fieldOrDatum, ...scale[pos] });
  const one = { values: [{}] };
  // The value's position: the clamped value, or the repeated field on a clamping scale.
  const valuePos = () =>
    m.repeat
      ? repeatedValue(m, { scale: { ...(scale[pos]!['scale'] as JsonObject), clamp: true }, axis: null })
      : P({ field: '__clamped' });
  const multi = m.colorField !== undefined;
  const layer: JsonObject[] = [];
  const targetClamped = { calculate: `clamp(datum.__target, ${m.min}, ${m.max})`, as: '__target_clamped' };
  const band = (a: number, b: number) => ({ [cross]: expr(across(a)), [cross2]: expr(across(b)) });

  if (m.track) {
    layer.push({
      data: one,
      mark: { type: 'rect', style: 'gauge-track', ...band(0, 1), ...TRACK, ...m.track },
      encoding: { [pos]: P({ datum: m.min }), [pos2]: { datum: m.max } },
    });
  }
  if (m.bands.length) {
    layer.push({
      data: {
        values: m.bands.map((b) => ({
          from: b.from,
          to: b.to,
          color: b.color,
          ...(b.opacity !== undefined ? { opacity: b.opacity } : {}),
        })),
      },
      mark: { type: 'rect', style: 'gauge-band', ...band(0, 1) },
      encoding: {
        [pos]: P({ field: 'from' }),
        [pos2]: { field: 'to' },
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
  // With bands the value is a narrower bar in the middle (a bullet chart); alone it fills the bar.
  const inner: [number, number] = m.bands.length ? [0.3, 0.7] : [0, 1];
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
    // Several values: one thin bar each, stacked across the bar's middle.
    const [a, b] = multi ? [0.1, 0.9] : inner;
    const slot = (edge: 0 | 1) =>
      multi
        ? expr(
            `${across(a)} + ${barH} * ${+(b - a).toFixed(6)} * (datum.__row - ${edge === 0 ? 1 : 0}) / datum.__n${edge === 1 ? ' - (datum.__n > 1 ? 1 : 0)' : ''}`,
          )
        : expr(across(edge === 0 ? a : b));
    layer.push({
      mark: { type: 'rect', style: 'gauge-progress', [cross]: slot(0), [cross2]: slot(1), ...style },
      encoding: {
        // (a field first: Vega-Lite fails on a datum with a field as its second channel)
        [pos]: valuePos(),
        [pos2]: { datum: m.origin },
        ...(m.repeat
          ? {
              color: repeatedColor(m, typeof userColor === 'string' ? userColor : m.markColors.rect, {
                bipolar: true,
                overflow: true,
              }),
              ...(m.tooltip ? { tooltip: repeatedTooltip(m) } : {}),
            }
          : { ...(color ? { color } : {}), ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}) }),
      },
    });
  }
  if (m.ticks) {
    const tick = (values: number[], length: number, style: Style, name: string): JsonObject => ({
      data: { values: values.map((value) => ({ value })) },
      mark: {
        type: 'rule',
        style: name,
        ...(horizontal ? { y: expr(size), y2: expr(`${size} + ${length}`) } : { x: 0, x2: -length }),
        ...style,
      },
      encoding: { [pos]: P({ field: 'value' }) },
    });
    if (m.scale.minor.length)
      layer.push(tick(m.scale.minor, 3, { opacity: 0.6, ...m.ticks.minorStyle }, 'gauge-minor-tick'));
    layer.push(tick(m.scale.values, 5, m.ticks.style, 'gauge-tick'));
  }
  if (m.labels) {
    // On a short bar, every second (third…) label when they would not fit side by side.
    const values = m.scale.values;
    const chars = Math.max(...values.map((v) => formatLength(v, m.scale.format)));
    const spacing = values.length > 2 ? (values[1]! - values[0]!) / (m.max - m.min) : 0;
    const need = horizontal ? chars * 5.6 + 6 : 13;
    const stride = `max(1, ceil(${+need.toFixed(2)} / (${GROUP}.${horizontal ? 'width' : 'height'} * ${+spacing.toFixed(6)})))`;
    layer.push({
      data: { values: values.map((value, i) => ({ value, i })) },
      mark: {
        type: 'text',
        style: 'gauge-label',
        ...(horizontal
          ? { y: expr(`${size} + 7`), baseline: 'top', align: 'center' }
          : { x: -8, baseline: 'middle', align: 'right' }),
        fontSize: 10,
        ...m.labels,
      },
      encoding: {
        [pos]: P({ field: 'value' }),
        text: {
          // The last label always shows (it closes the scale); a strided one too close before it gives way.
          ...(spacing
            ? {
                condition: {
                  test: `datum.i != ${values.length - 1} && (datum.i % ${stride} != 0 || ${values.length - 1} - datum.i < ${stride})`,
                  value: '',
                },
              }
            : {}),
          field: 'value',
          type: 'quantitative',
          format: m.scale.format,
        },
      },
    });
  }
  if (m.target) {
    layer.push({
      ...(m.repeat ? repeatedTarget(m, targetClamped) : {}),
      mark: {
        type: 'rule',
        style: 'gauge-target',
        ...band(0.15, 0.85),
        color: TARGET_COLOR,
        strokeWidth: expr(`max(2, ${barH} * 0.08)`),
        ...m.target,
      },
      encoding: {
        [pos]: P({ field: '__target_clamped' }),
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
    // The marker's length: the room beside the bar, between 5 and 12 pixels.
    const room = horizontal ? barA : `${size} - ${barB}`;
    layer.push({
      mark: {
        type: 'point',
        style: 'gauge-needle',
        shape: horizontal ? MARKER_DOWN : MARKER_LEFT,
        filled: true,
        opacity: 1,
        [cross]: expr(horizontal ? barA : barB),
        size: expr(`pow(2 * max(5, min(12, ${room} - 1)), 2)`),
        ...style,
      },
      encoding: m.repeat
        ? {
            [pos]: valuePos(),
            color: repeatedColor(m, typeof userColor === 'string' ? userColor : NEEDLE_COLOR, {
              bipolar: false,
              overflow: true,
            }),
            ...(m.tooltip ? { tooltip: repeatedTooltip(m) } : {}),
          }
        : {
            [pos]: valuePos(),
            ...(color ? { color } : {}),
            ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}),
          },
    });
  }
  layer.push(...texts(m, { horizontal, size, barA, barH, across, multi }));
  return { transform: m.target && !m.repeat ? [targetClamped] : [], layer };
}

interface TextFrame {
  horizontal: boolean;
  size: string;
  barA: string;
  barH: string;
  across(k: number): string;
  multi: boolean;
}

/**
 * Horizontal: the title left of the bar, value, unit, delta and note in a column right of it.
 * Vertical: all of them in a column under the bar.
 */
function texts(m: GaugeModel, f: TextFrame): JsonObject[] {
  const out: JsonObject[] = [];
  const valueFs = f.horizontal ? `max(11, min(22, ${f.barH} * 0.8))` : '16';
  // Right of the bar, clear of the last tick label (10px digits are about 6px wide).
  const last = m.labels ? formatLength(m.max, m.scale.format) : 0;
  const x0 = f.horizontal
    ? `${GROUP}.width + ${Math.max(m.labels ? 20 : 8, Math.ceil(last * 3) + 5)}`
    : `${f.barH} / 2`;
  const mark = (style: string, y: string, fs: string, extra: Style, user: Style): JsonObject => ({
    type: 'text',
    style,
    x: expr(x0),
    y: expr(y),
    align: f.horizontal ? 'left' : 'center',
    baseline: 'middle',
    fontSize: fs.includes(' ') ? expr(fs) : Number(fs),
    ...extra,
    ...user,
  });

  if (f.multi) {
    // One line per value, level with its bar.
    const fs = `max(9, min(12, ${f.barH} * 0.8 / datum.__n))`;
    const y = `${f.across(0.1)} + ${f.barH} * 0.8 * (datum.__row - 0.5) / datum.__n`;
    const label = m.delta ? "datum.__label + '  ' + datum.__delta_text" : 'datum.__label';
    const { color: _c, ...style } = m.value ? m.value.style : {};
    out.push({
      transform: [{ calculate: label, as: '__line' }],
      mark: mark(
        'gauge-value',
        f.horizontal ? y : `${GROUP}.height + 8 + 14 * (datum.__row - 0.5)`,
        f.horizontal ? fs : '11',
        {},
        style,
      ),
      encoding: {
        text: { field: '__line', type: 'nominal' },
        ...(m.color ? { color: m.color } : {}),
        ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}),
      },
    });
    if (m.title) out.push(titleLayer(m, f));
    return out;
  }

  // The column: each line's font size and the part drawing it.
  const lines: { key: string; fs: string }[] = [];
  if (m.value) lines.push({ key: 'value', fs: valueFs });
  if (m.unit) lines.push({ key: 'unit', fs: '10' });
  if (m.delta) lines.push({ key: 'delta', fs: '11' });
  if (m.overflow && !m.repeat) lines.push({ key: 'note', fs: '10' });
  // Horizontal: the first line is level with the bar; vertical: the column starts under the bar.
  let y: string | undefined;
  for (const [i, { key, fs }] of lines.entries()) {
    const mid = i === 0 ? (f.horizontal ? f.across(0.5) : `${GROUP}.height + 6 + ${fs} * 0.6`) : `${y} + ${fs} * 0.6`;
    y = `${mid} + ${fs} * 0.6`;
    if (key === 'value' && m.value) {
      const { color: userColor, ...style } = m.value.style;
      out.push({
        mark: mark('gauge-value', mid, fs, { fontWeight: 'bold' }, style),
        encoding: valueTextEncoding(m, typeof userColor === 'string' ? { value: userColor } : undefined),
      });
    } else if (key === 'unit' && m.unit) {
      out.push({
        data: { values: [{}] },
        mark: mark('gauge-unit', mid, fs, { text: m.unit.text, opacity: 0.7 }, m.unit.style),
      });
    } else if (key === 'delta' && m.delta) {
      out.push({
        mark: mark('gauge-delta', mid, fs, {}, m.delta.style),
        encoding: { text: { field: '__delta_text', type: 'nominal' }, color: deltaColor(m) },
      });
    } else if (key === 'note' && m.overflow) {
      out.push({
        mark: mark('gauge-overflow', mid, fs, { color: m.overflow.color }, m.overflow.style),
        encoding: { text: { field: '__note', type: 'nominal' } },
      });
    }
  }
  if (m.title) out.push(titleLayer(m, f, y !== undefined ? `${y} + 7` : undefined));
  return out;
}

/** Horizontal: left of the bar, level with it. Vertical: under the column. */
function titleLayer(m: GaugeModel, f: TextFrame, below?: string): JsonObject {
  if (!m.title) return {};
  const place = f.horizontal
    ? { x: -8, y: expr(f.across(0.5)), align: 'right' }
    : { x: expr(`${f.barH} / 2`), y: expr(below ?? `${GROUP}.height + 14`), align: 'center' };
  return titleOf(m.title, {
    type: 'text',
    style: 'gauge-title',
    ...place,
    baseline: 'middle',
    fontSize: 12,
    fontWeight: 'bold',
    ...m.title.style,
  });
}
