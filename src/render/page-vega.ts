import { installCanvasMarks } from './canvas-marks';
import { installCspSafeFormats } from './loader';
import { installSlicedDataflow } from './sliced-dataflow';
import { installSteadyExtent } from './steady-extent';
import { installSteadyJoin } from './steady-join';

/**
 * Vega as the page draws with it (the chart view, and the bench's page, which times the same
 * thing): CSV readers that work under the page's CSP, runs in slices, steady extents and joins,
 * rules and rects drawn without setting a canvas state twice. Once. The financial marks' fused
 * transforms come with the first spec that needs them (./vega-transforms.ts `loadTransforms`),
 * with time axes whose labels are written once per date (./axis-ticks.ts). (The command line
 * draws with Vega as Vega made it, with the CSV readers only.)
 */
export function installPageVega(): void {
  installCspSafeFormats();
  installSlicedDataflow();
  installSteadyExtent();
  installSteadyJoin();
  installCanvasMarks();
}
