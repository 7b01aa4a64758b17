/** The resolved gauge: what both shapes draw from, after the options are checked and defaults applied. */
import type { JsonObject } from './types';

/** Mark properties a part is drawn with (from the mark object, `config.gauge` and defaults). */
export type Style = JsonObject;

export interface Band {
  from: number;
  to: number;
  color: string;
  opacity?: number;
}

export interface Agg {
  field: string;
  op: string;
  title: string | null;
}

export interface GaugeModel {
  shape: 'radial' | 'linear';
  orient: 'horizontal' | 'vertical';
  min: number;
  max: number;
  /** Where progress starts; `bipolar` when given explicitly (values below it sweep the other way). */
  origin: number;
  bipolar: boolean;
  startAngle: number;
  endAngle: number;
  clockwise: boolean;
  thickness: number;
  bands: Band[];
  track: Style | false;
  /** Round the ends of the track and progress (corner radius: half the ring's width). */
  rounded: boolean;
  progress: Style | false;
  needle: Style | false;
  hub: Style | false;
  /** Major tick values (where labels sit), minor tick values and the labels' format. */
  scale: { values: number[]; minor: number[]; format: string };
  ticks: { style: Style; minorStyle: Style } | false;
  labels: Style | false;
  value: { format: string; prefix: string; suffix: string; style: Style } | false;
  unit: { text: string; style: Style } | false;
  /** A label; inside a repeat it names the repeated field unless given (`text` then comes from `repeat`). */
  title: { text: string; style: Style; repeat?: JsonObject } | false;
  delta:
    | {
        relative: boolean;
        format: string;
        risingSymbol: string;
        fallingSymbol: string;
        style: Style;
      }
    | false;
  target: Style | false;
  overflow: { color: string; over: string; under: string; style: Style } | false;
  rising: string;
  falling: string;
  unchanged: string;
  tooltip: boolean;
  valueField: Agg;
  /**
   * The value channel's `{"repeat": …}` reference, inside a repeat. Vega-Lite replaces it in
   * encodings only, never in transforms: the parts then read the value through their own
   * channels (scales map it to angles and positions), and what needs arithmetic on it (delta,
   * prefix and suffix, the out-of-range note, several values) is left out with a warning.
   */
  repeat?: JsonObject;
  /** Colors the marks would take from config (a threshold scale, when the value repeats, needs them). */
  markColors: { arc: string; rect: string; text: string };
  targetField?: Agg;
  referenceField?: Agg;
  targetValue?: number;
  referenceValue?: number;
  /** The color channel as given (a field tells several values apart; a value colors the value parts). */
  color?: JsonObject;
  colorField?: string;
}
