/**
 * What both gauge shapes compute from the resolved model: the data transforms (the aggregated
 * value, its clamped position, flags and texts), the value's color and tooltip, and the same
 * for a gauge repeated over rows or facets.
 */
import type { GaugeModel } from './gauge-model';
import { field, hasSign, num, str } from './gauge-scale';
import type { JsonObject } from './types';

/**
 * What both shapes compute from the data, after the user's transforms: the aggregated value
 * (per color when several values share a gauge; Vega-Lite adds facet fields to the groupby),
 * target and reference, the value clamped into the range, whether it lies outside, and texts.
 */
export function dataTransforms(m: GaugeModel): JsonObject[] {
  if (m.repeat) return [];
  const aggregate: JsonObject[] = [{ op: m.valueField.op, field: m.valueField.field, as: '__value' }];
  if (m.targetField) aggregate.push({ op: m.targetField.op, field: m.targetField.field, as: '__target' });
  if (m.referenceField) aggregate.push({ op: m.referenceField.op, field: m.referenceField.field, as: '__reference' });
  const out: JsonObject[] = [{ aggregate, groupby: m.colorField ? [m.colorField] : [] }];
  if (m.colorField) {
    // Rings and lines in the legend's order: an explicit sort array, else by name.
    const sort = m.color?.['sort'];
    if (Array.isArray(sort))
      out.push({ calculate: `indexof(${JSON.stringify(sort)}, ${field(m.colorField)})`, as: '__order' });
    const order = Array.isArray(sort) ? '__order' : m.colorField;
    out.push(
      {
        window: [{ op: 'row_number', as: '__row' }],
        sort: [{ field: order, order: sort === 'descending' ? 'descending' : 'ascending' }],
        groupby: [],
      },
      { joinaggregate: [{ op: 'count', as: '__n' }], groupby: [] },
    );
  }
  if (!m.targetField && m.targetValue !== undefined && m.target)
    out.push({ calculate: num(m.targetValue), as: '__target' });
  if (!m.referenceField && m.referenceValue !== undefined && m.delta)
    out.push({ calculate: num(m.referenceValue), as: '__reference' });
  out.push({ calculate: `clamp(datum.__value, ${num(m.min)}, ${num(m.max)})`, as: '__clamped' });
  if (m.overflow) {
    out.push({ calculate: `datum.__value > ${num(m.max)} ? 1 : datum.__value < ${num(m.min)} ? -1 : 0`, as: '__out' });
  }
  if (m.value) {
    const v = m.value;
    out.push({
      calculate: `isValid(datum.__value) ? ${[v.prefix ? str(v.prefix) : '', `format(datum.__value, ${str(v.format)})`, v.suffix ? str(v.suffix) : ''].filter(Boolean).join(' + ')} : '–'`,
      as: '__text',
    });
  }
  if (m.delta) {
    const d = m.delta;
    out.push(
      {
        calculate: d.relative
          ? 'datum.__reference ? (datum.__value - datum.__reference) / abs(datum.__reference) : null'
          : 'datum.__value - datum.__reference',
        as: '__delta',
      },
      {
        // The symbol shows the direction; a format with a sign ("+.1%") shows it once more.
        calculate: `isValid(datum.__delta) ? (datum.__delta > 0 ? ${str(d.risingSymbol + ' ')} : datum.__delta < 0 ? ${str(d.fallingSymbol + ' ')} : '') + format(${hasSign(d.format) ? 'datum.__delta' : 'abs(datum.__delta)'}, ${str(d.format)}) : ''`,
        as: '__delta_text',
      },
    );
  }
  if (m.colorField) {
    // One line per value: the value, the unit and the out-of-range marker, after the value's
    // name when no legend says which color is which.
    const named = m.color?.['legend'] === null;
    const parts = named ? [`${field(m.colorField)} + '  '`] : [];
    parts.push(m.value ? 'datum.__text' : `format(datum.__value, ',')`);
    if (m.unit) parts.push(str(' ' + m.unit.text));
    // A line has room for the note's first word only (its symbol, by default).
    const word = (s: string) => ' ' + s.split(' ')[0];
    if (m.overflow)
      parts.push(
        `(datum.__out > 0 ? ${str(word(m.overflow.over))} : datum.__out < 0 ? ${str(word(m.overflow.under))} : '')`,
      );
    out.push({ calculate: parts.join(' + '), as: '__label' });
  } else if (m.overflow) {
    out.push({
      calculate: `datum.__out > 0 ? ${str(m.overflow.over)} : datum.__out < 0 ? ${str(m.overflow.under)} : ''`,
      as: '__note',
    });
  }
  return out;
}

/** The tooltip of the parts that show the value. */
export function valueTooltip(m: GaugeModel): JsonObject[] {
  const format = m.value ? m.value.format : undefined;
  const q = (f: string, title: string | null): JsonObject => ({
    field: f,
    type: 'quantitative',
    title,
    ...(format ? { format } : {}),
  });
  const tips: JsonObject[] = [];
  if (m.colorField)
    tips.push({
      field: m.colorField,
      type: 'nominal',
      ...(m.color && m.color['title'] !== undefined ? { title: m.color['title'] } : {}),
    });
  tips.push(q('__value', m.valueField.title));
  if (m.target) tips.push(q('__target', m.targetField?.title ?? 'Target'));
  if (m.delta)
    tips.push(q('__reference', m.referenceField?.title ?? 'Reference'), {
      field: '__delta_text',
      type: 'nominal',
      title: 'Change',
    });
  return tips;
}

/**
 * The color of a part that shows the value: the out-of-range color when clamped, rising and
 * falling colors on either side of an explicit origin, else `base` (a color or the color field).
 */
export function valueColor(
  m: GaugeModel,
  base: JsonObject | undefined,
  opts: { bipolar: boolean; overflow: boolean },
): JsonObject | undefined {
  const condition: JsonObject[] = [];
  if (opts.overflow && m.overflow) condition.push({ test: 'datum.__out != 0', value: m.overflow.color });
  if (opts.bipolar && m.bipolar && !base) {
    condition.push({ test: `datum.__value < ${num(m.origin)}`, value: m.falling });
    return { condition, value: m.rising };
  }
  if (!condition.length) return base;
  return { condition: condition.length === 1 ? condition[0] : condition, ...(base ?? {}) };
}

/** The value channel of a part, when the value repeats: the repeat reference, aggregated. */
export function repeatedValue(m: GaugeModel, extra: JsonObject = {}): JsonObject {
  return { field: m.repeat, aggregate: m.valueField.op, type: 'quantitative', ...extra };
}

/**
 * The color of a value part when the value repeats: a threshold scale on the value does what
 * the conditions of `valueColor` do (out of range; below or above an explicit origin).
 */
export function repeatedColor(
  m: GaugeModel,
  base: string,
  opts: { bipolar: boolean; overflow: boolean },
): JsonObject | undefined {
  const domain: number[] = [];
  const range: string[] = [];
  const flag = opts.overflow && m.overflow ? m.overflow.color : undefined;
  if (flag) {
    domain.push(m.min);
    range.push(flag);
  }
  if (opts.bipolar && m.bipolar) {
    domain.push(m.origin);
    range.push(m.falling, m.rising);
  } else range.push(base);
  if (flag) {
    // Values at max are in range: the threshold sits just above it.
    domain.push(m.max + (m.max - m.min) * 1e-9);
    range.push(flag);
  }
  if (!domain.length) return { value: base };
  return repeatedValue(m, { scale: { type: 'threshold', domain, range }, legend: null });
}

/** The value's tooltip when it repeats. */
export function repeatedTooltip(m: GaugeModel): JsonObject[] {
  return [repeatedValue(m, m.value ? { format: m.value.format } : {})];
}

/** Where a target layer reads `__target` when the value repeats (there is no aggregated row then). */
export function repeatedTarget(m: GaugeModel, calculate: JsonObject): JsonObject {
  if (m.targetField) {
    return {
      transform: [
        { aggregate: [{ op: m.targetField.op, field: m.targetField.field, as: '__target' }], groupby: [] },
        calculate,
      ],
    };
  }
  return { data: { values: [{ __target: m.targetValue }] }, transform: [calculate] };
}
