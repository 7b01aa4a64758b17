/**
 * The small specs the reference opens in the editor: one per extension mark, annotation kind and
 * gauge style, all on data served with the app, written out as a person would format them.
 */
import { isObject, type JsonObject } from './json';
import type { ReferenceExample } from './reference';

// ---------------------------------------------------------------------------------------------
// The examples

/**
 * JSON as the examples are written: two spaces a level, and an object or array on one line
 * when that line stays short.
 */
export function formatSpec(value: unknown, indent = ''): string {
  if (!isObject(value) && !Array.isArray(value)) return JSON.stringify(value);
  const flat = oneLine(value);
  if (flat.length + indent.length <= 96) return flat;
  const inner = indent + '  ';
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatSpec(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatSpec(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (isObject(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

const SCHEMA_URL = 'https://chartspec.dev/schema/chartspec/v1.json';

export const example = (id: string, spec: JsonObject): ReferenceExample => ({
  text: formatSpec({ $schema: SCHEMA_URL, ...spec }) + '\n',
  fileName: `${id}.vl.json`,
});

/** The VIX in summer 2009, from vega-datasets (served with the app): every financial example's data. */
const OHLC_DATA = { url: 'data/ohlc.json' };
const PRICES = { open: { field: 'open' }, high: { field: 'high' }, low: { field: 'low' }, close: { field: 'close' } };
const X = { field: 'date', type: 'temporal', title: null, axis: { format: '%b %d' } };

export const financial = (title: string, mark: JsonObject | string): JsonObject => ({
  title,
  data: OHLC_DATA,
  width: 520,
  height: 280,
  encoding: { x: X, y: { type: 'quantitative', title: 'VIX', scale: { zero: false } }, ...PRICES },
  mark,
});

/** Candlesticks with one annotation item: how each kind is shown. */
export const annotated = (title: string, item: JsonObject): JsonObject => ({
  title,
  data: OHLC_DATA,
  width: 520,
  height: 280,
  encoding: { x: X, y: { type: 'quantitative', title: 'VIX', scale: { zero: false, domain: [21, 35] } } },
  layer: [{ mark: 'candlestick', encoding: PRICES }, { mark: { type: 'annotation', items: [item] } }],
});

const pt = (x: string, y: number) => ({ x, y });

/** One item of each kind, placed on the summer 2009 VIX chart. */
export const KIND_ITEMS: Record<string, JsonObject> = {
  level: { kind: 'level', y: 30, label: 'Resistance' },
  event: { kind: 'event', x: '2009-07-08', label: 'Summer high' },
  xband: { kind: 'xband', x: '2009-07-06', x2: '2009-07-14', label: 'Spike' },
  yband: { kind: 'yband', y: 25, y2: 27, label: 'Support zone' },
  trend: { kind: 'trend', points: [pt('2009-06-30', 25.02), pt('2009-07-22', 23.24)], extend: 'ray', label: 'Support' },
  callout: { kind: 'callout', x: '2009-07-08', y: 33.05, dx: 50, dy: 10, label: 'Summer high' },
  marker: { kind: 'marker', x: '2009-07-24', y: 23.0, shape: 'buy', label: 'Buy' },
  note: { kind: 'note', x: '2009-06-12', y: 34, label: 'Calm June' },
  rect: { kind: 'rect', x: '2009-07-06', x2: '2009-07-14', y: 25.4, y2: 33.05, label: 'Spike' },
  ellipse: { kind: 'ellipse', x: '2009-07-06', x2: '2009-07-14', y: 25.4, y2: 33.05, label: 'Spike' },
  polyline: {
    kind: 'polyline',
    points: [pt('2009-06-17', 32.77), pt('2009-06-19', 27.56), pt('2009-06-22', 32.05), pt('2009-06-29', 25.29)],
    arrow: 'end',
    label: 'Swings',
  },
  fibonacci: { kind: 'fibonacci', points: [pt('2009-07-08', 33.05), pt('2009-07-24', 23.0)], label: 'July sell-off' },
  channel: {
    kind: 'channel',
    points: [pt('2009-06-22', 32.05), pt('2009-07-02', 28.62), pt('2009-06-26', 25.76)],
    label: 'Channel',
  },
  measure: { kind: 'measure', points: [pt('2009-07-08', 33.05), pt('2009-07-24', 23.0)] },
  pitchfork: {
    kind: 'pitchfork',
    points: [pt('2009-06-17', 32.77), pt('2009-06-19', 27.56), pt('2009-06-22', 32.05)],
    length: 2.5,
    label: 'Pitchfork',
  },
  elliott: {
    kind: 'elliott',
    points: [
      pt('2009-07-08', 33.05),
      pt('2009-07-09', 29.28),
      pt('2009-07-10', 30.34),
      pt('2009-07-15', 23.83),
      pt('2009-07-20', 25.42),
      pt('2009-07-24', 23.0),
    ],
  },
};

export const gaugeSpec = (title: string, mark: JsonObject, value = 72, size: JsonObject = {}): JsonObject => ({
  title,
  data: { values: [{ value }] },
  ...size,
  mark: { type: 'gauge', ...mark },
  encoding: { value: { field: 'value' } },
});

export interface GaugeStyle {
  name: string;
  /** What the style draws; the `shape` it uses is described by the schema. */
  description: string;
  /** The options that make the style. */
  options: JsonObject;
  value?: number;
  size?: JsonObject;
}

/**
 * The gauge's looks, each made of a few options. The schema has one `shape` (radial or linear)
 * and the options that turn one look into another; the reference shows the common looks.
 */
export const GAUGE_STYLES: GaugeStyle[] = [
  {
    name: 'arc',
    description: 'The default: a 270° arc with a progress arc from `min` to the value and the value in the middle.',
    options: {},
  },
  {
    name: 'speedometer',
    description: 'A needle over colored bands, with minor ticks.',
    options: {
      max: 240,
      needle: true,
      progress: false,
      ticks: { step: 40, minor: true },
      bands: [{ to: 160, color: '#0f9d76' }, { to: 200, color: '#f0b429' }, { color: '#e0483e' }],
      value: { unit: 'km/h' },
    },
    value: 128,
  },
  {
    name: 'semicircle',
    description: 'Half a circle (`startAngle` −90, `endAngle` 90), with a target marker.',
    options: { startAngle: -90, endAngle: 90, target: 80, rounded: true },
    size: { width: 240, height: 140 },
  },
  {
    name: 'ring',
    description: 'A full circle (`startAngle` 0, `endAngle` 360) with rounded ends and no ticks: a progress ring.',
    options: { startAngle: 0, endAngle: 360, rounded: true, ticks: false, labels: false, value: { suffix: '%' } },
  },
  {
    name: 'bipolar',
    description: 'An `origin` inside the range: values below it sweep the other way, in the `falling` color.',
    options: { min: -50, max: 50, origin: 0, value: { prefix: '$', suffix: 'k' } },
    value: -18,
  },
  {
    name: 'bullet',
    description: 'A linear gauge (`shape` linear): the value as a bar over shaded bands, with a target tick.',
    options: {
      shape: 'linear',
      target: 80,
      bands: [{ to: 50, color: '#cbd5e1' }, { to: 75, color: '#e2e8f0' }, { color: '#f1f5f9' }],
    },
    size: { width: 320, height: 40 },
  },
  {
    name: 'vertical',
    description: 'A linear gauge standing upright (`orient` vertical), as a thermometer.',
    options: { shape: 'linear', orient: 'vertical', thickness: 0.4 },
    size: { width: 60, height: 220 },
  },
];
