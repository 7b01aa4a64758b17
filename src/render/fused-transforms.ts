import type { Spec as VegaSpec } from 'vega';
import { boundedWalk } from '../core/walk';
import { installSteadyAxisTicks } from './axis-ticks';
import { installBarSlots, matchBarSlots } from './bar-slots';
import { installIndicators, matchIndicators } from './indicators';
import { installLastRow, matchLastRow } from './last-row';
import { installLevelOfDetail, matchLevelOfDetail } from './level-of-detail';
import { matchIndicatorsBeforeLod, withSharedPriceReads } from './lod-indicators';
import type { Matcher, VegaTransform } from './transform-base';

/**
 * The financial marks write their work as plain Vega-Lite transforms, so that exported and shared
 * specs are standard. For drawing, the transforms they write are run fused, each group by one
 * transform of the app's: the level of detail by `chartspeclod` (./level-of-detail), the bar
 * slots by `chartspecslots` (./bar-slots), the last price's row by `chartspeclastrow`
 * (./last-row). A group is fused only when it is exactly what the marks write; anything else
 * stays as it is. The indicators' placeholder is not a standard transform's work but a request:
 * the level of detail right after it does it (./lod-indicators), else `chartspecindicators`
 * (./indicators).
 */
const MATCHERS: readonly Matcher[] = [
  matchIndicatorsBeforeLod,
  matchLevelOfDetail,
  matchBarSlots,
  matchLastRow,
  matchIndicators,
];
/** The app's transforms a chart cannot draw without, fast paths on or off: the indicators. */
const REQUIRED: readonly Matcher[] = [matchIndicators];

/**
 * Registers the fused transforms with Vega, and the axis ticks that keep time labels: the charts
 * that load these are the ones people zoom and pan, which runs their time axis at every event
 * (and the page's first chart, often not one of them, does not load its bytes).
 */
export function installFusedTransforms(): void {
  installLevelOfDetail();
  installBarSlots();
  installIndicators();
  installLastRow();
  installSteadyAxisTicks();
}

/** A list of data sets with each group fused, and how many were (the list itself when none). */
function fuseIn(data: unknown, matchers: readonly Matcher[]): { data: unknown; fused: number } {
  if (!Array.isArray(data)) return { data, fused: 0 };
  let fused = 0;
  const out = data.map((d) => {
    const ts = (d as { transform?: unknown } | null)?.transform;
    if (!Array.isArray(ts)) return d;
    let changed = false;
    const next: VegaTransform[] = [];
    for (let i = 0; i < ts.length; i++) {
      let m;
      for (const match of matchers) if ((m = match(ts as VegaTransform[], i))) break;
      if (m) {
        next.push(m.transform);
        i += m.length - 1;
        changed = true;
        fused++;
      } else next.push(ts[i] as VegaTransform);
    }
    return changed ? { ...(d as object), transform: next } : d;
  });
  return { data: fused ? withSharedPriceReads(out) : data, fused };
}

/**
 * The spec to draw: the same spec, with each group of transforms the financial marks wrote run
 * by one transform. Returns the spec itself when there is none (nothing is copied).
 */
export function fuseMarkTransforms(spec: VegaSpec): VegaSpec {
  return replaceIn(spec, MATCHERS);
}

/**
 * The spec to draw with the fast paths off: only the transforms of the app's that a chart needs
 * (the indicators' placeholder has no standard transform to fall back on) are put in.
 */
export function requiredTransforms(spec: VegaSpec): VegaSpec {
  return replaceIn(spec, REQUIRED);
}

function replaceIn(spec: VegaSpec, matchers: readonly Matcher[]): VegaSpec {
  const visit = boundedWalk<[], Record<string, unknown>>(
    (at, next) => {
      const node = at as Record<string, unknown>;
      const { data, fused } = fuseIn(node['data'], matchers);
      let marks = node['marks'];
      let marksChanged = false;
      if (Array.isArray(marks)) {
        const visited = marks.map((m) => {
          if (!m || typeof m !== 'object' || (m as { type?: unknown }).type !== 'group') return m;
          const v = next(m);
          if (v !== m) marksChanged = true;
          return v;
        });
        if (marksChanged) marks = visited;
      }
      if (!fused && !marksChanged) return node;
      return { ...node, ...(fused ? { data } : {}), ...(marksChanged ? { marks } : {}) };
    },
    (node) => node as Record<string, unknown>,
  );
  return visit(spec) as VegaSpec;
}
