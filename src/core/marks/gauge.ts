/**
 * The gauge: one value (or a few, told apart by color) read from data and shown against a range,
 * radial (any angle range) or linear (a bullet). A unit spec with `"mark": "gauge"` becomes a
 * layer of plain Vega-Lite marks, each stamped `style: "gauge-<part>"` and each switchable.
 *
 * ```json
 * {"mark": {"type": "gauge", "max": 240, "needle": true, "bands": [{"from": 200, "color": "#e0483e"}]},
 *  "encoding": {"value": {"field": "speed"}}}
 * ```
 *
 * Channels: `value` (required; aggregated, `mean` by default), `target` and `reference` (fields),
 * `color` (a field: several values on one gauge, as needles or concentric rings and one text line
 * each), `row`/`column`/`facet` (lifted into a facet: one gauge per cell).
 *
 * Sizes follow the enclosing group's width and height (`item.mark.group`), so a gauge fills its
 * view in a unit, a layer, a facet cell or a concat. Colors and sizes the gauge sets sit in its
 * mark definitions, where `config.style["gauge-<part>"]` cannot override them: restyle parts
 * through the part options or `config.gauge` (both merge into the mark definitions).
 */
import { isObject } from '../json';
import { splitUnit } from './shared/parts';
import { dataTransforms } from './gauge-data';
import { AGGREGATE_OPS, resolveGauge } from './gauge-model';
import { linearLayers } from './gauge-linear';
import { radialLayers } from './gauge-radial';
import type { ExtensionMark, JsonObject, MarkSchema } from './types';

export const GAUGE = 'gauge';

/** The parts a gauge is drawn from; each layer is stamped `style: "gauge-<part>"`. */
export const GAUGE_PARTS = [
  'track',
  'band',
  'progress',
  'tick',
  'minor-tick',
  'label',
  'target',
  'needle',
  'hub',
  'value',
  'unit',
  'delta',
  'title',
  'overflow',
] as const;

/** Mark properties that style a part (`false` hides the part). */
export type PartStyle = boolean | Record<string, unknown>;

/** A colored range of the scale (a threshold). */
export interface GaugeBand {
  /** Where the band starts, in data units. __Default value:__ the previous band's end, or `min` */
  from?: number;
  /** Where the band ends, in data units. __Default value:__ `max` */
  to?: number;
  /** Where the band starts, in percent of the range (0–100), instead of `from`. */
  fromPercent?: number;
  /** Where the band ends, in percent of the range (0–100), instead of `to`. */
  toPercent?: number;
  color: string;
  opacity?: number;
}

/**
 * The gauge mark's options. Each option is read from the mark object, then from `config.gauge`,
 * then from the defaults below.
 */
export interface GaugeDef {
  type: typeof GAUGE;
  /** `"radial"` (an arc with a needle or progress) or `"linear"` (a bullet bar). __Default value:__ `"radial"` */
  shape?: 'radial' | 'linear';
  /** Direction of a linear gauge. __Default value:__ `"horizontal"` */
  orient?: 'horizontal' | 'vertical';
  /** The value at the start of the scale. __Default value:__ `0` */
  min?: number;
  /** The value at the end of the scale. __Default value:__ `100` */
  max?: number;
  /**
   * Where the arc starts, in degrees: 0 is 12 o'clock, angles grow clockwise (as Vega-Lite's
   * `theta`). `-90`…`90` is a semicircle, `0`…`360` a full circle, `0`…`90` a quarter.
   * __Default value:__ `-135`
   */
  startAngle?: number;
  /** Where the arc ends, in degrees; greater than `startAngle`, at most 360° after it. __Default value:__ `135` */
  endAngle?: number;
  /** Values grow clockwise from `startAngle`; `false`: counterclockwise from `endAngle`. __Default value:__ `true` */
  clockwise?: boolean;
  /**
   * Width of the ring as a share of the radius (radial), or of the view's height (width when
   * vertical) taken by the bar (linear). @minimum 0 @maximum 1
   * __Default value:__ `0.2` (radial), `0.6` (linear)
   */
  thickness?: number;
  /**
   * Where progress starts. Set it inside the range for a bipolar gauge: values below it sweep the
   * other way, colored `falling`, values above it `rising`. __Default value:__ `min`
   */
  origin?: number;
  /** Colored ranges (thresholds), drawn under the value. __Default value:__ none */
  bands?: GaugeBand[];
  /** The background of the scale. __Default value:__ `true` */
  track?: PartStyle;
  /** Round the ends of the track and the progress arc (corner radius: half the ring). __Default value:__ `false` */
  rounded?: boolean;
  /** The arc (or bar) from `origin` to the value. __Default value:__ `true` */
  progress?: PartStyle;
  /** A needle pointing at the value (a triangle marker on a linear gauge). __Default value:__ `false` */
  needle?: PartStyle;
  /** The needle's pivot. __Default value:__ `true` (drawn with the needle) */
  hub?: PartStyle;
  /**
   * Tick marks: `count` (about that many intervals, at round values) or `step` (from `min`),
   * `minor` ticks between two major ones (`true`: 4), `format` of the labels (d3-format), and rule
   * properties. __Default value:__ `{"count": 5}`
   */
  ticks?:
    | boolean
    | {
        count?: number;
        step?: number;
        minor?: boolean | number;
        format?: string;
        minorStyle?: Record<string, unknown>;
        [style: string]: unknown;
      };
  /** The numbers at the major ticks: `false` hides them; text properties (and `format`) style them. __Default value:__ `true` */
  labels?: PartStyle;
  /**
   * The value as text: `format` (d3-format), `prefix`, `suffix`, `unit` (drawn smaller, under the
   * value), and text properties. __Default value:__ `true`, format from the ticks' step.
   */
  value?: boolean | { format?: string; prefix?: string; suffix?: string; unit?: string; [style: string]: unknown };
  /** A label inside the gauge, under the value. __Default value:__ none */
  title?: string | { text: string; [style: string]: unknown };
  /**
   * The change against a reference: a number here or the `reference` channel's field; `relative`
   * shows a percentage; symbols and `rising`/`falling` colors show the direction.
   * __Default value:__ shown when a reference is given
   */
  delta?:
    | boolean
    | {
        reference?: number;
        relative?: boolean;
        format?: string;
        risingSymbol?: string;
        fallingSymbol?: string;
        [style: string]: unknown;
      };
  /** A target marker: a number, or rule properties with `value`; or the `target` channel's field. __Default value:__ none */
  target?: number | boolean | { value?: number; [style: string]: unknown };
  /**
   * Values outside `min`…`max` are drawn at the nearest end and flagged: needle, progress and
   * value turn `color`, and a note (`over`/`under`) is shown. __Default value:__ `true`
   */
  overflow?: boolean | { color?: string; over?: string; under?: string; [style: string]: unknown };
  /** Color of a rise (delta) and of values above an explicit `origin`. __Default value:__ `"#0f9d76"` */
  rising?: string;
  /** Color of a fall (delta) and of values below an explicit `origin`. __Default value:__ `"#e0483e"` */
  falling?: string;
  /** Color of an unchanged delta. __Default value:__ `"#8a94a6"` */
  unchanged?: string;
  /** A tooltip on the value parts. __Default value:__ `true` */
  tooltip?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Schema

const STYLE_KEYS = [
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
const styleProps = Object.fromEntries(STYLE_KEYS.map((k) => [k, { $ref: `#/definitions/MarkConfig/properties/${k}` }]));

const styled = (description: string, own: Record<string, JsonObject>, required: string[] = []): JsonObject => ({
  type: 'object',
  additionalProperties: false,
  ...(required.length ? { required } : {}),
  properties: { ...styleProps, ...own },
  description,
});

const partSchema = (description: string) => ({
  anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/GaugePartStyle' }],
  description,
});
const num = (description: string, extra: JsonObject = {}) => ({ type: 'number', description, ...extra });
const text = (description: string) => ({ type: 'string', description });

const GAUGE_FIELD_DEF = {
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
    type: { const: 'quantitative' },
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

function gaugeOptionProps(): Record<string, JsonObject> {
  return {
    shape: {
      enum: ['radial', 'linear'],
      description: 'Radial (an arc) or linear (a bullet bar). __Default value:__ `"radial"`',
    },
    orient: {
      enum: ['horizontal', 'vertical'],
      description: 'Direction of a linear gauge. __Default value:__ `"horizontal"`',
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
    bands: { type: 'array', items: { $ref: '#/definitions/GaugeBand' }, description: 'Colored ranges (thresholds).' },
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
      description: 'A label inside the gauge, under the value.',
    },
    delta: {
      anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/GaugeDelta' }],
      description: 'The change against a reference. __Default value:__ shown when a reference is given',
    },
    target: {
      anyOf: [{ type: 'number' }, { type: 'boolean' }, { $ref: '#/definitions/GaugeTarget' }],
      description: 'A target marker (or use the `target` channel).',
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

// ---------------------------------------------------------------------------------------------
// Expansion

/** Keys of a unit spec that stay outside the facet when a gauge's facet channels are lifted. */
const FACET_OUTER = [
  '$schema',
  'config',
  'autosize',
  'padding',
  'background',
  'datasets',
  'usermeta',
  'params',
  'title',
  'description',
  'name',
  'data',
  'transform',
  'align',
  'bounds',
  'center',
  'spacing',
  'resolve',
];

/** A unit spec with the gauge mark → a layer of arcs, rules, points and texts (or of rects for a linear gauge). */
export const gauge: ExtensionMark = {
  name: GAUGE,
  schema: gaugeSchema,
  tag: 'gauge',
  normalize(spec, ctx) {
    const { outer, params } = splitUnit(spec);
    const m = resolveGauge(spec, ctx);
    if (!m) return { ...outer, mark: 'rule' };
    const shaped = m.shape === 'radial' ? radialLayers(m) : linearLayers(m);
    const own = [...dataTransforms(m), ...shaped.transform];
    const userTransform = Array.isArray(outer['transform']) ? (outer['transform'] as JsonObject[]) : [];
    // No frame around the view: the gauge draws its own shapes.
    const size: JsonObject = {
      ...defaultSize(m, outer),
      ...(outer['view'] === undefined ? { view: { stroke: null } } : {}),
    };
    if (m.repeat) {
      // Each value part colors the repeated value with its own threshold scale (and bands color
      // by their own field): they must not be merged into one color scale.
      const resolve = isObject(outer['resolve']) ? outer['resolve'] : {};
      size['resolve'] = {
        ...resolve,
        scale: { ...(isObject(resolve['scale']) ? resolve['scale'] : {}), color: 'independent' },
      };
    }

    const encoding = isObject(spec['encoding']) ? spec['encoding'] : {};
    const facet = facetOf(encoding);
    if (!facet) {
      const transform = [...userTransform, ...own];
      return {
        ...outer,
        ...size,
        ...(params !== undefined ? { params } : {}),
        ...(transform.length ? { transform } : {}),
        layer: shaped.layer,
      };
    }
    // Facet channels on the unit: one gauge per cell, the gauge's layers inside `spec`.
    const outside: JsonObject = {};
    const inside: JsonObject = {};
    for (const [k, v] of Object.entries(outer)) (FACET_OUTER.includes(k) ? outside : inside)[k] = v;
    if (params !== undefined) outside['params'] = params;
    return {
      ...outside,
      ...facet,
      spec: { ...inside, ...size, ...(own.length ? { transform: own } : {}), layer: shaped.layer },
    };
  },
};

function facetOf(encoding: JsonObject): JsonObject | undefined {
  if (isObject(encoding['facet'])) {
    const { columns, ...def } = encoding['facet'];
    return { facet: def, ...(columns !== undefined ? { columns } : {}) };
  }
  const row = encoding['row'];
  const column = encoding['column'];
  if (!isObject(row) && !isObject(column)) return undefined;
  return { facet: { ...(isObject(row) ? { row } : {}), ...(isObject(column) ? { column } : {}) } };
}

/** A gauge keeps its proportions when only one side is given; bullets get a bar's height. */
function defaultSize(m: { shape: string; orient: string }, outer: JsonObject): JsonObject {
  const w = outer['width'];
  const h = outer['height'];
  if (m.shape === 'radial') {
    if (w === undefined && h === undefined) return { width: 200, height: 200 };
    if (w === undefined && typeof h === 'number') return { width: h };
    if (h === undefined && typeof w === 'number') return { height: w };
    return {};
  }
  if (m.orient === 'horizontal')
    return { ...(w === undefined ? { width: 300 } : {}), ...(h === undefined ? { height: 36 } : {}) };
  return { ...(w === undefined ? { width: 48 } : {}), ...(h === undefined ? { height: 240 } : {}) };
}
