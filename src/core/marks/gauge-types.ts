/** What a gauge is, as written in a spec: its parts, bands and options (the schema is gauge-schema.ts). */

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
