/** The gauge's part of the extended schema: its options, parts and encoding channels. */
import { AGGREGATE_OPS } from './gauge-model';
import type { JsonObject, MarkSchema } from './types';
import { GAUGE } from './gauge-types';

// ---------------------------------------------------------------------------------------------
// Schema

export const STYLE_KEYS = [
  'color',
  'fill',
  'stroke',
  'opacity',
  'fillOpacity',
  'strokeOpacity',
  'strokeWidth',
  'strokeDash',
  'strokeCap',
  'cornerRadius',
  'padAngle',
  'shape',
  'size',
  'filled',
  'font',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'align',
  'baseline',
  'dx',
  'dy',
  'limit',
  'angle',
  'cursor',
  'tooltip',
  'blend',
] as const;

/** Mark properties as Vega-Lite's schema defines them (referenced, so docs and types agree). */
export const styleProps = Object.fromEntries(
  STYLE_KEYS.map((k) => [k, { $ref: `#/definitions/MarkConfig/properties/${k}` }]),
);

export const styled = (description: string, own: Record<string, JsonObject>, required: string[] = []): JsonObject => ({
  type: 'object',
  additionalProperties: false,
  ...(required.length ? { required } : {}),
  properties: { ...styleProps, ...own },
  description,
});

export const partSchema = (description: string) => ({
  anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/GaugePartStyle' }],
  description,
});
export const num = (description: string, extra: JsonObject = {}) => ({ type: 'number', description, ...extra });
export const text = (description: string) => ({ type: 'string', description });

export const GAUGE_FIELD_DEF = {
  type: 'object',
  additionalProperties: false,
  required: ['field'],
  properties: {
    field: {
      anyOf: [{ type: 'string' }, { $ref: '#/definitions/RepeatRef' }],
      description:
        'The data field; inside a repeat, `{"repeat": …}` for the value (delta, prefix and suffix need a plain field).',
    },
    aggregate: {
      enum: [...AGGREGATE_OPS],
      description: 'How several rows become one value. __Default value:__ `"mean"`',
    },
    type: { const: 'quantitative', description: 'The field holds numbers (the only type a gauge reads).' },
    title: { type: ['string', 'null'], description: 'The title in tooltips. __Default value:__ the field name' },
  },
};

export const gaugeSchema: MarkSchema = {
  def: 'GaugeDef',
  definitions: {
    GaugeDef: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      description:
        'A gauge: a value from data against a range, radial or linear, with bands, needle, progress, ticks, value text, delta and target.',
      properties: {
        type: { const: GAUGE, description: 'The mark type.' },
        ...gaugeOptionProps(),
      },
    },
    GaugeConfig: {
      type: 'object',
      additionalProperties: false,
      description: 'Defaults for every gauge mark (the mark object overrides them).',
      properties: gaugeOptionProps(),
    },
    GaugeBand: {
      type: 'object',
      additionalProperties: false,
      required: ['color'],
      description:
        'A colored range of the gauge (a threshold). Ends in data units (`from`, `to`) or percent of the range (`fromPercent`, `toPercent`); a missing start continues from the previous band, a missing end runs to `max`.',
      properties: {
        from: num("Start, in data units. __Default value:__ the previous band's end, or `min`"),
        to: num('End, in data units. __Default value:__ `max`'),
        fromPercent: num('Start, in percent of the range.', { minimum: 0, maximum: 100 }),
        toPercent: num('End, in percent of the range.', { minimum: 0, maximum: 100 }),
        color: { $ref: '#/definitions/Color', description: "The band's color." },
        opacity: num("The band's opacity.", { minimum: 0, maximum: 1 }),
      },
    },
    GaugePartStyle: styled('Mark properties of a gauge part.', {}),
    GaugeTicks: styled('Tick marks and where they go.', {
      count: num('About how many intervals, at round values. __Default value:__ `5`', { minimum: 1, maximum: 100 }),
      step: num('The distance between major ticks, counted from `min` (instead of `count`).', { exclusiveMinimum: 0 }),
      minor: {
        anyOf: [{ type: 'boolean' }, { type: 'integer', minimum: 0, maximum: 20 }],
        description: 'Minor ticks between two major ones (`true`: 4). __Default value:__ `0`',
      },
      format: text('d3-format of the labels. __Default value:__ from the step (`",.0f"` for whole steps)'),
      minorStyle: { $ref: '#/definitions/GaugePartStyle', description: 'Rule properties of the minor ticks.' },
    }),
    GaugeLabels: styled('The numbers at the major ticks.', {
      format: text('d3-format of the labels (overrides `ticks.format`).'),
    }),
    GaugeValue: styled('The value as text.', {
      format: text(
        'd3-format of the value. __Default value:__ one decimal more than the ticks need (for steps up to 10)',
      ),
      prefix: text('Text before the number (e.g. `"$"`).'),
      suffix: text('Text right after the number (e.g. `"%"`).'),
      unit: text('A unit drawn smaller under the value (e.g. `"km/h"`).'),
    }),
    GaugeTitle: styled('A label inside the gauge.', { text: text('The title text.') }, ['text']),
    GaugeDelta: styled('The change against a reference value.', {
      reference: num('The reference value (or use the `reference` channel).'),
      relative: {
        type: 'boolean',
        description: 'Show the change as a share of the reference. __Default value:__ `false`',
      },
      format: text('d3-format of the change. __Default value:__ the value\'s format, `".1%"` when relative'),
      risingSymbol: text('Shown before a rise. __Default value:__ `"▲"`'),
      fallingSymbol: text('Shown before a fall. __Default value:__ `"▼"`'),
    }),
    GaugeTarget: styled('A target marker.', { value: num('The target value (or use the `target` channel).') }),
    GaugeOverflow: styled('How a value outside the range is flagged.', {
      over: text('The note above `max`. __Default value:__ `"▲ above max"`'),
      under: text('The note below `min`. __Default value:__ `"▼ below min"`'),
    }),
    GaugeFieldDef: {
      ...GAUGE_FIELD_DEF,
      description: 'A field of the gauge, aggregated when several rows share a gauge.',
    },
  },
  channels: {
    value: { $ref: '#/definitions/GaugeFieldDef', description: 'The value a gauge shows.' },
    target: { $ref: '#/definitions/GaugeFieldDef', description: 'The target of a gauge, from data.' },
    reference: {
      $ref: '#/definitions/GaugeFieldDef',
      description: "The reference a gauge's delta is measured against.",
    },
  },
  config: { $ref: '#/definitions/GaugeConfig' },
};

export function gaugeOptionProps(): Record<string, JsonObject> {
  return {
    shape: {
      enum: ['radial', 'linear'],
      description: 'Radial (an arc) or linear (a bullet bar). __Default value:__ `"radial"`',
      // Completion and hover say what each style draws.
      markdownEnumDescriptions: [
        'An arc over `startAngle`…`endAngle` (270° by default; `-90`…`90` a semicircle, `0`…`360` a ring) with a progress arc, or a `needle` as on a speedometer; a `color` field draws one ring or needle a value.',
        'A bullet bar: the value as a bar across the range, over shaded `bands`, with a `target` tick; `orient` lays it across or upright.',
      ],
    },
    orient: {
      enum: ['horizontal', 'vertical'],
      description: 'Direction of a linear gauge. __Default value:__ `"horizontal"`',
      markdownEnumDescriptions: ['The bar runs left to right.', 'The bar runs bottom to top, as a thermometer.'],
    },
    min: num('The value at the start of the scale. __Default value:__ `0`'),
    max: num('The value at the end of the scale. __Default value:__ `100`'),
    startAngle: num("Where the arc starts, in degrees (0 = 12 o'clock, clockwise). __Default value:__ `-135`", {
      minimum: -360,
      maximum: 360,
    }),
    endAngle: num(
      'Where the arc ends, in degrees; greater than `startAngle`, at most 360° after it. __Default value:__ `135`',
      { minimum: -360, maximum: 720 },
    ),
    clockwise: {
      type: 'boolean',
      description:
        'Values grow clockwise from `startAngle`; `false`: counterclockwise from `endAngle`. __Default value:__ `true`',
    },
    thickness: num(
      'Ring width as a share of the radius (radial) or bar size as a share of the view (linear). __Default value:__ `0.2` radial, `0.6` linear',
      { exclusiveMinimum: 0, maximum: 1 },
    ),
    origin: num(
      'Where progress starts; inside the range for a bipolar gauge (below it sweeps the other way). __Default value:__ `min`',
    ),
    bands: {
      type: 'array',
      items: { $ref: '#/definitions/GaugeBand' },
      description: 'Colored ranges (thresholds). __Default value:__ none',
    },
    track: partSchema('The background of the scale. __Default value:__ `true`'),
    rounded: { type: 'boolean', description: 'Round the ends of the track and progress. __Default value:__ `false`' },
    progress: partSchema('The arc or bar from `origin` to the value. __Default value:__ `true`'),
    needle: partSchema('A needle pointing at the value. __Default value:__ `false`'),
    hub: partSchema("The needle's pivot. __Default value:__ `true`"),
    ticks: {
      anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/GaugeTicks' }],
      description: 'Tick marks. __Default value:__ `{"count": 5}`',
    },
    labels: {
      anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/GaugeLabels' }],
      description: 'Numbers at the major ticks. __Default value:__ `true`',
    },
    value: {
      anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/GaugeValue' }],
      description: 'The value as text. __Default value:__ `true`',
    },
    title: {
      anyOf: [{ type: 'string' }, { $ref: '#/definitions/GaugeTitle' }],
      description: 'A label inside the gauge, under the value. __Default value:__ none',
    },
    delta: {
      anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/GaugeDelta' }],
      description: 'The change against a reference. __Default value:__ shown when a reference is given',
    },
    target: {
      anyOf: [{ type: 'number' }, { type: 'boolean' }, { $ref: '#/definitions/GaugeTarget' }],
      description: 'A target marker (or use the `target` channel). __Default value:__ none',
    },
    overflow: {
      anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/GaugeOverflow' }],
      description: 'Flag values outside the range. __Default value:__ `true`',
    },
    rising: {
      $ref: '#/definitions/Color',
      description: 'Color of a rise, and of values above an explicit `origin`. __Default value:__ `"#0f9d76"`',
    },
    falling: {
      $ref: '#/definitions/Color',
      description: 'Color of a fall, and of values below an explicit `origin`. __Default value:__ `"#e0483e"`',
    },
    unchanged: {
      $ref: '#/definitions/Color',
      description: 'Color of an unchanged delta. __Default value:__ `"#8a94a6"`',
    },
    tooltip: { type: 'boolean', description: 'A tooltip on the value parts. __Default value:__ `true`' },
  };
}
