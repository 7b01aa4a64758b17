import type * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { boundedWalk } from '../core/walk';
import { privateRows } from './shared-rows';
import { fastPathsOn } from './fast-paths';

/** The channels that describe an item to a screen reader (SVG's aria-label and role). */
const DESCRIBING = ['description', 'ariaRole', 'ariaRoleDescription'];

/**
 * The spec without the marks' `description` encodings (and their roles, `ariaRole` and
 * `ariaRoleDescription`). A description is the aria-label of an item in SVG; a canvas draws no
 * such thing, yet Vega would make one per item (formatting dates and numbers into a sentence)
 * every time the items are encoded again — for every item, each time a data patch moves a scale,
 * and the role at every zoom and pan event. Only what changes is copied; the spec itself is not
 * changed.
 */
export function withoutDescriptions(spec: VegaSpec): VegaSpec {
  const strip = boundedWalk<[], unknown>(
    (mark, next) => {
      if (typeof mark !== 'object' || mark === null) return mark;
      const m = mark as { encode?: unknown; marks?: unknown };
      let out = m as Record<string, unknown>;
      if (typeof m.encode === 'object' && m.encode !== null) {
        const sets = m.encode as Record<string, unknown>;
        let encode: Record<string, unknown> | undefined;
        for (const [name, set] of Object.entries(sets)) {
          if (typeof set !== 'object' || set === null || !DESCRIBING.some((k) => Object.hasOwn(set, k))) continue;
          const rest = { ...(set as Record<string, unknown>) };
          for (const k of DESCRIBING) delete rest[k];
          (encode ??= { ...sets })[name] = rest;
        }
        if (encode) out = { ...out, encode };
      }
      if (Array.isArray(m.marks)) {
        const marks = m.marks.map((x) => next(x));
        if (marks.some((x, i) => x !== (m.marks as unknown[])[i])) out = { ...out, marks };
      }
      return out;
    },
    (mark) => mark,
  );
  return strip(spec) as VegaSpec;
}

/**
 * Views drawn without descriptions (see `withoutDescriptions`), and the app's spec each one shows
 * now (a data patch changes it): what their SVG is made from.
 */
const describedSpecs = new WeakMap<vega.View, VegaSpec>();

/** Notes that `view` was drawn from `withoutDescriptions(runtimeSpec(spec))`. */
export function drawnWithoutDescriptions(view: vega.View, spec: VegaSpec): void {
  describedSpecs.set(view, spec);
}

/** Notes that a view now shows `spec` (a data patch was applied to it). */
export function viewShows(view: vega.View, spec: VegaSpec): void {
  if (describedSpecs.has(view)) describedSpecs.set(view, spec);
}

/**
 * What the chart view draws for a compiled spec: the financial marks' transforms run fused (the
 * spec itself when it has none; see ./fused-transforms), with copies of the rows Vega may write
 * into (see ./shared-rows).
 */
export function runtimeSpec(spec: VegaSpec): VegaSpec {
  // Without the fast paths: Vega-Lite's own transforms, and copies of every row. Without the
  // fused transforms loaded, the spec has none of the marks' work to fuse (see `useFusedTransforms`).
  const drawn = !fused
    ? privateRows(spec, fastPathsOn() ? undefined : Infinity)
    : fastPathsOn()
      ? privateRows(fused.fuseMarkTransforms(spec))
      : privateRows(fused.requiredTransforms(spec), Infinity);
  return followContainer(drawn);
}

/**
 * What a canvas draws for a runtime spec: without the marks' descriptions, and with the
 * candlesticks' wicks carried by their bodies when the fast paths are on and the join is loaded
 * (./candle-marks.ts; the page loads it before a canvas chart with candlesticks is drawn).
 */
export function canvasSpec(runtime: VegaSpec): VegaSpec {
  const spec = withoutDescriptions(runtime);
  return candles && fastPathsOn() ? candles.joinCandleMarks(spec) : spec;
}

/** The candle join (./candle-marks.ts), as `canvasSpec` uses it. */
export interface CandleMarks {
  installCandleMarks(): void;
  joinCandleMarks(spec: VegaSpec): VegaSpec;
}
let candles: CandleMarks | undefined;

/** Installs the candle join and has `canvasSpec` use it (the bench's page and the tests: up front). */
export function useCandleMarks(kit: CandleMarks): void {
  kit.installCandleMarks();
  candles = kit;
}

/** Whether the candle join is in use (loaded). */
export const candleMarksLoaded = (): boolean => candles !== undefined;

/** The financial marks' fused transforms (./fused-transforms.ts), as `runtimeSpec` uses them. */
export interface FusedTransforms {
  installFusedTransforms(): void;
  fuseMarkTransforms(spec: VegaSpec): VegaSpec;
  requiredTransforms(spec: VegaSpec): VegaSpec;
}
let fused: FusedTransforms | undefined;

/**
 * Registers the fused transforms with Vega and has `runtimeSpec` use them. They are the
 * financial marks' code alone (the level of detail, the indicators' math): the page loads them
 * with the first spec that has the marks' work in it (./vega-transforms.ts `loadTransforms`); the
 * bench's page and the tests hand them in up front.
 */
export function useFusedTransforms(kit: FusedTransforms): void {
  if (fused === kit) return;
  kit.installFusedTransforms();
  fused = kit;
}

/** Whether the fused transforms are in use (loaded). */
export const fusedTransformsLoaded = (): boolean => fused !== undefined;

/**
 * A chart sized to its container (Vega-Lite's `"container"` width or height, see core/fit.ts)
 * is sized again when the window is resized: Vega-Lite listens to `window:resize`. In the page
 * the container also changes with the split and the panes around it, so the chart listens to
 * the container itself (`container:resize`, Vega's own resize observer); Vega runs it as any
 * event, after whatever run is under way. Its title is kept to the plot's width.
 */
export function followContainer(spec: VegaSpec): VegaSpec {
  const signals = spec.signals;
  if (!signals?.some((s) => JSON.stringify(s).includes('containerSize()'))) return spec;
  const title = typeof spec.title === 'string' ? { text: spec.title } : spec.title;
  return {
    ...spec,
    signals: signals.map((s) =>
      'on' in s && s.on && JSON.stringify(s).includes('containerSize()')
        ? { ...s, on: s.on.map((h) => (h.events === 'window:resize' ? { ...h, events: 'container:resize' } : h)) }
        : s,
    ),
    // A title wider than a narrow pane is cut short with an ellipsis at the plot's width, rather
    // than making the plot narrower to fit it and being clipped at the pane's edges.
    ...(title && typeof title === 'object' && !('limit' in title)
      ? { title: { ...title, limit: { signal: 'width' } } }
      : {}),
  };
}

/** The app's spec a view drawn without descriptions shows now, or undefined for any other view. */
export function describedSpecOf(view: vega.View): VegaSpec | undefined {
  return describedSpecs.get(view);
}
