import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { boundedWalk } from '../core/walk';
import { expressionEvaluator } from './expression';
import { pageLoader } from './embed-options';
import { describedSpecOf, runtimeSpec } from './runtime-spec';
import { INTERNAL_DATA_PREFIX, ProxySignal } from './vega-internals';

interface ViewState {
  signals?: Record<string, unknown>;
  data?: Record<string, unknown[]>;
  subcontext?: ViewState[];
}

/**
 * Names of the data sets with transforms of their own, at any level of group marks: Vega runs
 * those over the very rows the data set was given, so its rows in a view have been through them.
 */
function transformedData(spec: VegaSpec): Set<string> {
  const names = new Set<string>();
  const visit = boundedWalk<[], void>(
    (node, next) => {
      if (typeof node !== 'object' || node === null) return;
      const n = node as { data?: unknown; marks?: unknown };
      if (Array.isArray(n.data))
        for (const d of n.data) {
          const { name, transform } = (d ?? {}) as { name?: unknown; transform?: unknown };
          if (typeof name === 'string' && Array.isArray(transform) && transform.length) names.add(name);
        }
      if (Array.isArray(n.marks)) for (const m of n.marks) next(m);
    },
    () => {},
  );
  visit(spec);
  return names;
}

/**
 * The SVG of a chart on screen. `view.toSVG()` renders its scenegraph anew, exactly; but a view
 * drawn without descriptions (a canvas, see `withoutDescriptions`) has none to give the SVG's
 * aria-labels. That chart is drawn once more, headless, from the spec it shows with its
 * descriptions, in the state the view is in: its signals (zoom, pan, a brush) and copies of the
 * rows of data sets changed while it was shown (selections, rows added by a click). Not the rows
 * of a data set with transforms of its own: those ran over them in the view, and would run again
 * (a change the chart itself made to such a data set is left out of the SVG).
 */
export async function chartSvg(view: vega.View): Promise<string> {
  const spec = describedSpecOf(view);
  if (!spec) return view.toSVG();
  const transformed = transformedData(spec);
  const state: ViewState = view.getState({
    // As the view's own default: every signal but `parent` and proxies of outer ones.
    signals: (name: string, op: unknown) => name !== 'parent' && !(op instanceof ProxySignal),
    data: (name: string, data: { modified?: boolean; input: { value: unknown } }) =>
      !!data.modified &&
      Array.isArray(data.input.value) &&
      !name.startsWith(INTERNAL_DATA_PREFIX) &&
      !transformed.has(name),
    recurse: true,
  } as never);
  const copied = (s: ViewState): ViewState => ({
    ...s,
    ...(s.data
      ? {
          data: Object.fromEntries(
            Object.entries(s.data).map(([name, rows]) => [
              name,
              rows.map((r) => (r && typeof r === 'object' ? { ...r } : r)),
            ]),
          ),
        }
      : {}),
    ...(s.subcontext ? { subcontext: s.subcontext.map(copied) } : {}),
  });
  const copy = new vega.View(vega.parse(runtimeSpec(spec), undefined, { ast: true }), {
    renderer: 'none',
    loader: pageLoader,
    expr: expressionEvaluator,
    logLevel: vega.None,
  } as vega.ViewOptions);
  try {
    await copy.runAsync();
    copy.setState(copied(state));
    await copy.runAsync();
    return await copy.toSVG();
  } finally {
    copy.finalize();
  }
}
