/**
 * What a gauge says to a screen reader: "Revenue 72 of 100, target 80" for each value, read from
 * the part that shows the value (the progress bar or arc, else the needle, else the value text).
 * Every other part — track, bands, ticks, labels, hub, texts — is `aria: false`: they are drawn
 * from internal angles and positions that mean nothing read aloud, and what they show is in the
 * sentence.
 */
import { isObject } from '../json';
import type { GaugeModel } from './gauge-model';
import { field, hasSign, num, str } from './gauge-scale';
import { quiet } from './shared/aria';
import type { JsonObject } from './types';

/** The parts that can speak for the value, best first. */
const SPEAKERS = ['gauge-progress', 'gauge-needle', 'gauge-value'];

/** The same d3 format without its sign (the sentence says "up" or "down"). */
const unsigned = (format: string) => (hasSign(format) ? format.replace(/^(.?[<>=^])?[+( ]/, '$1') : format);

/** The name the sentence starts with: the gauge's title, else the value field's title or name. */
function nameOf(m: GaugeModel): string {
  if (m.title && m.title.text) return m.title.text;
  return m.valueField.title ?? m.valueField.field;
}

/** The Vega expression of the sentence for one value (a row after the gauge's own transforms). */
export function gaugeSentence(m: GaugeModel): string {
  const format = m.value ? m.value.format : m.scale.format;
  const say = (e: string) => `format(${e}, ${str(format)})`;
  const value = [
    m.value && m.value.prefix ? str(m.value.prefix) : '',
    say('datum.__value'),
    m.value && m.value.suffix ? str(m.value.suffix) : '',
    m.unit ? str(` ${m.unit.text}`) : '',
  ].filter(Boolean);
  const range =
    m.min === 0
      ? `' of ' + ${say(num(m.max))}`
      : `' on a scale of ' + ${say(num(m.min))} + ' to ' + ${say(num(m.max))}`;
  const name = m.colorField
    ? `${m.title && m.title.text ? `${str(`${m.title.text} `)} + ` : ''}${field(m.colorField)} + ' '`
    : str(`${nameOf(m)} `);
  const parts = [
    name,
    `(isValid(datum.__value) ? ${value.join(' + ')} + ${range} : 'no value')`,
    `(datum.__value > ${num(m.max)} ? ', above the range' : datum.__value < ${num(m.min)} ? ', below the range' : '')`,
  ];
  if (m.target && (m.targetField || m.targetValue !== undefined))
    parts.push(`(isValid(datum.__target) ? ', target ' + ${say('datum.__target')} : '')`);
  if (m.delta) {
    const d = `format(abs(datum.__delta), ${str(unsigned(m.delta.format))})`;
    parts.push(
      `(isValid(datum.__delta) ? (datum.__delta > 0 ? ', up ' + ${d} : datum.__delta < 0 ? ', down ' + ${d} : ', unchanged') : '')`,
    );
  }
  return parts.join(' + ');
}

/** The style a unit's mark is stamped with. */
const styleOf = (unit: JsonObject) => (isObject(unit['mark']) ? unit['mark']['style'] : undefined);

/**
 * The gauge's layers with one part speaking and the rest quiet. The speaking part reads the
 * gauge's rows (it has no data of its own): one sentence per value. Inside a repeat the value is
 * the repeated field, on which no expression can be written: the part says the value alone.
 */
export function spokenGauge(
  m: GaugeModel,
  shaped: { transform: JsonObject[]; layer: JsonObject[] },
): { transform: JsonObject[]; layer: JsonObject[] } {
  const candidates = shaped.layer.filter((u) => u['data'] === undefined && SPEAKERS.includes(styleOf(u) as string));
  const speaker = SPEAKERS.map((s) => candidates.find((u) => styleOf(u) === s)).find((u) => u !== undefined);
  const layer = shaped.layer.map((u) => {
    if (u !== speaker) return quiet(u);
    const encoding = isObject(u['encoding']) ? u['encoding'] : {};
    const description = m.repeat
      ? {
          field: m.repeat,
          aggregate: m.valueField.op,
          type: 'quantitative',
          format: m.value ? m.value.format : m.scale.format,
        }
      : { field: '__description', type: 'nominal' };
    return { ...u, encoding: { ...encoding, description } };
  });
  const transform =
    speaker && !m.repeat
      ? [...shaped.transform, { calculate: gaugeSentence(m), as: '__description' }]
      : shaped.transform;
  return { transform, layer };
}
