import { installCanvasMarks } from './canvas-marks';
import { installCspSafeFormats } from './loader';
import { installFusedTransforms } from './fused-transforms';
import { installSlicedDataflow } from './sliced-dataflow';
import { installSteadyExtent } from './steady-extent';
import { installSteadyJoin } from './steady-join';

/**
 * Vega as the page draws with it (the chart view, and the bench's page, which times the same
 * thing): CSV readers that work under the page's CSP, the financial marks' fused transforms, runs
 * in slices, steady extents and joins, rules and rects drawn without setting a canvas state twice. Once.
 * (The command line draws with Vega as Vega made it, with the CSV readers only.)
 */
export function installPageVega(): void {
  installCspSafeFormats();
  installFusedTransforms();
  installSlicedDataflow();
  installSteadyExtent();
  installSteadyJoin();
  installCanvasMarks();
}
