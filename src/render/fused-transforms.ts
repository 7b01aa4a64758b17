import type { Spec as VegaSpec } from 'vega';
import { installBarSlots, matchBarSlots } from './bar-slots';
import { installLevelOfDetail, matchLevelOfDetail } from './level-of-detail';
import type { Matcher, VegaTransform } from './transform-base';

/**
 * The financial marks write their work as plain Vega-Lite transforms, so that exported and shared
 * specs are standard. For drawing, the transforms they write are run fused, each group by one
 * transform of the app's: the level of detail by `chartspeclod` (./level-of-detail), the bar
 * slots by `chartspecslots` (./bar-slots). A group is fused only when it is exactly what the
 * marks write; anything else stays as it is.
 */
const MATCHERS: readonly Matcher[] = [matchLevelOfDetail, matchBarSlots];

/** Registers the fused transforms with Vega. */
export function installFusedTransforms(): void {
  installLevelOfDetail();
  installBarSlots();
}

/** A list of data sets with each group fused, and how many were (the list itself when none). */
function fuseIn(data: unknown): { data: unknown; fused: number } {
  if (!Array.isArray(data)) return { data, fused: 0 };
  let fused = 0;
  const out = data.map((d) => {
    const ts = (d as { transform?: unknown } | null)?.transform;
    if (!Array.isArray(ts)) return d;
    let changed = false;
    const next: VegaTransform[] = [];
    for (let i = 0; i < ts.length; i++) {
      let m;
      for (const match of MATCHERS) if ((m = match(ts as VegaTransform[], i))) break;
      if (m) {
        next.push(m.transform);
        i += m.length - 1;
        changed = true;
        fused++;
      } else next.push(ts[i] as VegaTransform);
    }
    return changed ? { ...(d as object), transform: next } : d;
  });
  return { data: fused ? out : data, fused };
}

/**
 * The spec to draw: the same spec, with each group of transforms the financial marks wrote run
 * by one transform. Returns the spec itself when there is none (nothing is copied).
 */
export function fuseMarkTransforms(spec: VegaSpec): VegaSpec {
  const visit = (node: Record<string, unknown>, depth: number): Record<string, unknown> => {
    if (depth > 32) return node;
    const { data, fused } = fuseIn(node['data']);
    let marks = node['marks'];
    let marksChanged = false;
    if (Array.isArray(marks)) {
      const next = marks.map((m) => {
        if (!m || typeof m !== 'object' || (m as { type?: unknown }).type !== 'group') return m;
        const v = visit(m as Record<string, unknown>, depth + 1);
        if (v !== m) marksChanged = true;
        return v;
      });
      if (marksChanged) marks = next;
    }
    if (!fused && !marksChanged) return node;
    return { ...node, ...(fused ? { data } : {}), ...(marksChanged ? { marks } : {}) };
  };
  return visit(spec as Record<string, unknown>, 0) as VegaSpec;
}
