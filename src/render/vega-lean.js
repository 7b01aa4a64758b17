// The app's `vega` (vite.config.ts points the page's imports of 'vega' here): Vega's own entry
// point, with the same exports but `projection` (which registers a projection of one's own: the
// app never does, and vega-projection, 0.7 kB gzipped, comes with the geo transforms that use
// it), and with only the transforms nearly every chart needs registered up front. Geo, force,
// hierarchy, label, regression, voronoi, word cloud and crossfilter transforms (tens of
// kilobytes of d3) are loaded by `loadTransforms` (see vega-transforms.ts) before a spec that
// uses them is parsed.
import { extend } from 'vega-util';
import { transforms } from 'vega-dataflow';
import * as tx from 'vega-transforms';
import * as vtx from 'vega-view-transforms';
import * as encode from 'vega-encode';

extend(transforms, tx, vtx, encode);

// The version of the vega package this stands for (set by vite.config.ts).
export const version = __VEGA_VERSION__;
export * from 'vega-statistics';
export * from 'vega-time';
export * from 'vega-util';
export * from 'vega-loader';
export * from 'vega-scenegraph';
export {
  Dataflow,
  EventStream,
  Parameters,
  Pulse,
  MultiPulse,
  Operator,
  Transform,
  changeset,
  ingest,
  isTuple,
  definition,
  transform,
  transforms,
  tupleid,
} from 'vega-dataflow';
export { scale, scheme, interpolate, interpolateColors, interpolateRange, quantizeInterpolator } from 'vega-scale';
export { View } from 'vega-view';
export {
  numberFormatDefaultLocale as formatLocale,
  timeFormatDefaultLocale as timeFormatLocale,
  locale,
  defaultLocale,
  resetDefaultLocale,
} from 'vega-format';
export { expressionFunction } from 'vega-functions';
export { parse } from 'vega-parser';
export { context as runtimeContext } from 'vega-runtime';
export { codegenExpression, parseExpression } from 'vega-expression';
export { parseSelector } from 'vega-event-selector';
