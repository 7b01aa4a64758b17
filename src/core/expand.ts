import { DRAWABLE_KEY, drawableFields, type DrawableMeta } from './drawable';
import { cutToView, EXPLORE_KEY, type ExploreMeta } from './explore';
import { EXTENSION_MARK_NAMES, registeredMarks } from './marks/registry';
import { isObject, type JsonObject } from './json';
import type { ExpandTarget, ExtensionMark, MarkReport } from './marks/types';
import type { ParsedDocument } from './parse';
import { rangeOfPointer } from './parse';
import type { Problem } from './problem';
import { toPointer, type PathSegment } from './pointer';
import { didYouMean } from './suggest';
import { boundedWalk } from './walk';

export interface ExpandResult {
  spec: unknown;
  problems: Problem[];
  /** How many unit specs an extension mark replaced. */
  expandedCount: number;
}

/**
 * How many times marks may expand into marks along one path: a count of expansions, not of
 * nesting (boundedWalk bounds that), so a mark that expands into itself is stopped early.
 */
const MAX_EXPANSION_DEPTH = 8;

const CONCAT_KEYS = ['concat', 'hconcat', 'vconcat'] as const;

/** Vega-Lite's own marks: primitive and composite. */
export const VEGA_LITE_MARKS = [
  'arc',
  'area',
  'bar',
  'image',
  'line',
  'point',
  'rect',
  'rule',
  'text',
  'tick',
  'trail',
  'circle',
  'square',
  'geoshape',
  'boxplot',
  'errorbar',
  'errorband',
] as const;

/** What `walk` carries down: the node's path, the encoding it inherits, expansions so far, where it sits. */
type WalkArgs = [path: PathSegment[], parentEncoding: JsonObject | undefined, depth: number, scope: Scope];
type Walk = (node: unknown, ...args: WalkArgs) => unknown;

/** Where a node sits (see `walk`). */
interface Scope {
  panes?: Pane[];
  width?: number;
  /** At most this many rows reach the node, when known (see `ExpandContext.rows`). */
  rows?: number | undefined;
  /** Inside a facet's cells (see `ExpandContext.faceted`). */
  faceted?: boolean;
  /** vega-lite's name prefix of the view (`concat_0_layer_1_`). */
  model: string;
  /** The name prefix of the view the node is drawn in (a layer's units are drawn in their layer's view): its group is `<view>group`. */
  view: string;
  /** The name prefixes of the views owning the x and y scales; unknown inside a repeat. */
  owner: { x: string; y: string } | undefined;
  /** Inside a facet or a repeat: a view drawn once per cell, where a drawing would not say which. */
  cells?: boolean;
}

/** A view a mark asks for below its chart, and the unit spec that asked. */
interface Pane {
  pane: JsonObject;
  unit: JsonObject;
}

/** A pane with the data and transforms of the unit that asked for it, before its own. */
function withUnitData(pane: JsonObject, unit: JsonObject): JsonObject {
  const own = Array.isArray(unit['transform']) ? unit['transform'] : [];
  const its = Array.isArray(pane['transform']) ? pane['transform'] : [];
  const transform = [...own, ...its];
  return {
    ...(unit['data'] !== undefined ? { data: unit['data'] } : {}),
    ...pane,
    ...(transform.length ? { transform } : {}),
  };
}

/** What moves from a view to the vconcat that adds panes below it: what both must share. */
const HOISTED = [
  '$schema',
  'data',
  'datasets',
  'transform',
  'title',
  'description',
  'config',
  'autosize',
  'background',
  'padding',
  'usermeta',
];

/**
 * A view with panes below it: a vconcat sharing the x scale. Data and the spec's own transforms
 * (the first `own` of the view's) move up so the panes see the same rows; the transforms its
 * marks added (a level of detail, indicators, a replay) stay with the view, as each pane has its
 * own — so every pane reads the rows as the spec gives them, as the pane of a unit deeper inside
 * does (`withUnitData`). A pane takes the view's width unless it sets its own.
 */
function withPanes(view: JsonObject, panes: JsonObject[], own: number): JsonObject {
  const wrapper: JsonObject = {};
  const inner: JsonObject = { ...view };
  for (const key of HOISTED) {
    if (!(key in inner)) continue;
    const value = inner[key];
    delete inner[key];
    if (key === 'transform' && Array.isArray(value)) {
      if (own > 0) wrapper[key] = value.slice(0, own);
      if (value.length > own) inner[key] = value.slice(own);
    } else wrapper[key] = value;
  }
  const width = inner['width'];
  const sized = (pane: JsonObject): JsonObject =>
    (typeof width === 'number' || width === 'container') && pane['width'] === undefined ? { width, ...pane } : pane;
  return { ...wrapper, vconcat: [inner, ...panes.map(sized)], spacing: 8, resolve: { scale: { x: 'shared' } } };
}

/** Transforms after which a view has no more rows than before (one row out per row in, or fewer). */
const ROWS_KEPT = new Set([
  'calculate',
  'filter',
  'timeUnit',
  'bin',
  'joinaggregate',
  'window',
  'stack',
  'aggregate',
  'lookup',
  'sample',
  'extent',
]);

/**
 * How many rows at most reach a node: its own inline data (values, or a named dataset) or what
 * reaches its parent, as long as each of its transforms keeps or cuts the number of rows.
 */
function rowBound(node: JsonObject, inherited: number | undefined, datasets: unknown): number | undefined {
  let rows = inherited;
  const data = node['data'];
  if (data !== undefined) {
    rows = undefined;
    if (isObject(data) && Array.isArray(data['values'])) rows = data['values'].length;
    else if (isObject(data) && typeof data['name'] === 'string' && isObject(datasets)) {
      const named = datasets[data['name']];
      if (Array.isArray(named)) rows = named.length;
    }
  }
  const transform = node['transform'];
  if (rows !== undefined && transform !== undefined) {
    const kept =
      Array.isArray(transform) && transform.every((t) => isObject(t) && Object.keys(t).some((k) => ROWS_KEPT.has(k)));
    if (!kept) rows = undefined;
  }
  return rows;
}

export function markType(spec: JsonObject): string | undefined {
  const mark = spec['mark'];
  if (typeof mark === 'string') return mark;
  if (isObject(mark) && typeof mark['type'] === 'string') return mark['type'];
  return undefined;
}

/**
 * Walks a Vega-Lite spec (layer, concat, facet, repeat) and hands each unit spec whose mark is
 * registered to that mark's `normalize`. The input is never mutated; parts that did not change
 * are shared with it. Problems carry paths into the original spec.
 */
/** The names of the params a spec declares, in any of its views. */
const specParamNames = (spec: unknown): Set<string> => {
  const names = new Set<string>();
  boundedWalk<[], void>(
    (node, next) => {
      if (!isObject(node)) return;
      if (Array.isArray(node['params']))
        for (const p of node['params']) if (isObject(p) && typeof p['name'] === 'string') names.add(p['name']);
      for (const key of ['layer', 'spec', 'concat', 'hconcat', 'vconcat']) {
        const inner = node[key];
        for (const child of Array.isArray(inner) ? inner : [inner]) next(child);
      }
    },
    () => {},
  )(spec);
  return names;
};

export interface ExpandOptions {
  /**
   * What the expansion is for (see `ExpandTarget`): the page by default, whose chart view draws
   * the crosshair itself; exports ask for `export`. A flag rather than one expansion that the page
   * strips: the page's spec then stays exactly what the render layer reads (its views, names and
   * dataflow), and no layers are compiled only to be thrown away on every keystroke.
   */
  target?: ExpandTarget;
  /** Record the units with continuous x and y that a drawing can go beside (see core/drawable.ts): the page's chart asks. */
  drawable?: boolean;
}

export function expandMarks(
  spec: unknown,
  doc?: ParsedDocument,
  registry: readonly ExtensionMark[] = registeredMarks(),
  options: ExpandOptions = {},
): ExpandResult {
  const target = options.target ?? 'page';
  const problems: Problem[] = [];
  const explores: ExploreMeta[] = [];
  const drawables: DrawableMeta[] = [];
  /** Units of an expansion that draw a unit written in the text, with its pointer (`ExpandContext.ownUnit`). */
  const ownUnits = new WeakMap<object, string>();
  /** What marks tell the exporter, by usermeta key (see ExpandContext.note). */
  const notes: { key: string; entry: JsonObject }[] = [];
  let expandedCount = 0;
  const byName = new Map(registry.map((m) => [m.name, m]));
  // A unit of Vega-Lite's own marks that sets an option an extension mark lends it (a line's
  // `indicators`) is that mark's to expand.
  const lent = registry.flatMap((m) => (m.lends ? [m.lends] : []));
  const lentTo = (node: JsonObject, type: string) =>
    isObject(node['mark']) && (VEGA_LITE_MARKS as readonly string[]).includes(type)
      ? lent.find((o) => (node['mark'] as JsonObject)[o.name] !== undefined)
      : undefined;
  // Names of params the marks add: none the spec names itself, none twice (two candlestick views
  // each get a zoom), and the same for a unit walked again (to name its scales).
  const paramNames = specParamNames(spec);
  const given = new WeakMap<object, Map<string, string>>();
  const paramName = (unit: object, base: string) => {
    const mine = given.get(unit) ?? new Map<string, string>();
    given.set(unit, mine);
    let name = mine.get(base);
    if (name !== undefined) return name;
    name = base;
    for (let n = 2; paramNames.has(name); n++) name = `${base}_${n}`;
    paramNames.add(name);
    mine.set(base, name);
    return name;
  };
  const rootConfig = isObject(spec) && isObject(spec['config']) ? spec['config'] : undefined;
  const datasets = isObject(spec) ? spec['datasets'] : undefined;
  // Channels only extension marks read (open, high, …): they reach the marks through enclosing
  // layers' encodings, and are dropped from those layers' own encodings in the output, where
  // Vega-Lite would not know them.
  const markChannels = new Set(registry.flatMap((m) => Object.keys(m.schema?.channels ?? {})));
  const withoutMarkChannels = (encoding: JsonObject): JsonObject => {
    const keys = Object.keys(encoding).filter((k) => markChannels.has(k));
    if (!keys.length) return encoding;
    const out = { ...encoding };
    for (const k of keys) delete out[k];
    return out;
  };

  const report = (base: PathSegment[], r: MarkReport) => {
    const path = toPointer(base) + r.path;
    problems.push({
      severity: r.severity,
      message: r.message,
      source: 'mark',
      path,
      ...(r.missing ? { missing: r.missing } : {}),
      range: doc
        ? rangeOfPointer(doc, path)
        : { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
    });
  };

  const mapArray = (
    arr: unknown[],
    path: PathSegment[],
    key: string,
    each: (child: unknown, at: PathSegment[]) => unknown,
  ) => {
    let changed = false;
    const out = arr.map((child, i) => {
      const next = each(child, [...path, key, i]);
      if (next !== child) changed = true;
      return next;
    });
    return changed ? out : arr;
  };

  /**
   * Walks a node and the units inside it. The scope says where it sits: the panes its marks may
   * ask for (none inside a facet or repeat), the plot width, and which Vega scales it draws on.
   */
  // Nesting is bounded by boundedWalk like every walk over a spec (past MAX_DEPTH a node is left
  // as it is; a parsed text never nests that deep). `depth` below is another bound: how many
  // times marks expanded into marks on the way here, which catches a mark that expands into itself.
  const walk = boundedWalk<WalkArgs, unknown>(
    (node, next, path, parentEncoding, depth, scope) => {
      if (!isObject(node)) return node;
      const rows = rowBound(node, scope.rows, datasets);
      const here: Scope = { ...scope, ...(typeof node['width'] === 'number' ? { width: node['width'] } : {}), rows };

      const type = markType(node);
      const mark = type !== undefined ? (byName.get(type) ?? lentTo(node, type)) : undefined;
      if (type !== undefined && !mark && EXTENSION_MARK_NAMES.includes(type)) {
        // A program that loads marks as texts name them (./marks/families.ts) did not load it.
        report(path, {
          severity: 'error',
          message: `The "${type}" mark is not loaded here, so it cannot be drawn.`,
          path: typeof node['mark'] === 'string' ? '/mark' : '/mark/type',
        });
        return node;
      }
      if (type !== undefined && !mark && !(VEGA_LITE_MARKS as readonly string[]).includes(type)) {
        // vega-lite would fail with "Cannot read properties of undefined": say what is wrong.
        // Every extension mark is offered, loaded or not: a misspelt name loads none.
        const known = [...VEGA_LITE_MARKS, ...new Set([...EXTENSION_MARK_NAMES, ...byName.keys()])];
        const guess = didYouMean(type, known);
        report(path, {
          severity: 'error',
          message: `Unknown mark "${type}".${guess ? ` Did you mean "${guess}"?` : ` Marks: ${known.join(', ')}.`}`,
          path: typeof node['mark'] === 'string' ? '/mark' : '/mark/type',
        });
        return node;
      }
      if (mark) {
        if (depth >= MAX_EXPANSION_DEPTH) {
          report(path, {
            severity: 'error',
            message: `The "${type}" mark expands into itself too deeply`,
            path: '/mark',
          });
          return node;
        }
        let result: JsonObject;
        try {
          result = mark.normalize(node, {
            target,
            report: (r) => report(path, r),
            parentEncoding,
            config: rootConfig,
            width: here.width,
            rows: here.rows,
            faceted: here.faceted === true,
            scales: here.owner ? { x: `${here.owner.x}x`, y: `${here.owner.y}y` } : undefined,
            addPane: (pane) => {
              if (!here.panes) return false;
              here.panes.push({ pane, unit: node });
              return true;
            },
            paramName: (base) => paramName(node, base),
            note: (key, entry) => void notes.push({ key, entry }),
            ownUnit: (unit) => {
              if (depth === 0) ownUnits.set(unit, toPointer(path));
            },
            explore: (meta) => {
              if (!here.owner) return;
              explores.push({
                ...meta,
                unit: toPointer(path),
                markObject: isObject(node['mark']),
                scales: { x: `${here.owner.x}x`, y: `${here.owner.y}y` },
              });
            },
          });
        } catch (e) {
          report(path, {
            severity: 'error',
            message: `The "${type}" mark could not be expanded: ${e instanceof Error ? e.message : String(e)}`,
            path: '/mark',
          });
          return node;
        }
        expandedCount++;
        return next(result, path, parentEncoding, depth + 1, here);
      }

      // A unit as written on data coordinates (not one a mark expanded into, whose path is not in
      // the text, unless it draws the unit written: a line with indicators, its series).
      const textUnit = depth === 0 ? toPointer(path) : ownUnits.get(node);
      const fields =
        options.drawable && textUnit !== undefined && here.owner && !here.cells && node['layer'] === undefined
          ? drawableFields(type, { ...parentEncoding, ...(isObject(node['encoding']) ? node['encoding'] : {}) })
          : undefined;
      if (fields && here.owner && textUnit !== undefined)
        drawables.push({
          unit: textUnit,
          model: here.model,
          view: here.view,
          scales: { x: `${here.owner.x}x`, y: `${here.owner.y}y` },
          fields,
        });

      let out: JsonObject | undefined;
      const set = (key: string, value: unknown) => {
        if (value === node[key]) return;
        out ??= { ...node };
        out[key] = value;
      };
      const resolved = (c: 'x' | 'y') => {
        const r =
          isObject(node['resolve']) && isObject(node['resolve']['scale']) ? node['resolve']['scale'][c] : undefined;
        return r === 'shared' || r === 'independent' ? r : undefined;
      };

      if (Array.isArray(node['layer'])) {
        let own = isObject(node['encoding']) ? node['encoding'] : undefined;
        let enc = own ? { ...parentEncoding, ...own } : parentEncoding;
        // A mark may change what every layer beside it shares (a trading-day x).
        for (const child of node['layer']) {
          if (!isObject(child)) continue;
          const childType = markType(child);
          const patch =
            childType !== undefined
              ? byName.get(childType)?.sharedEncoding?.(child, enc ?? {}, { config: rootConfig })
              : undefined;
          if (patch) {
            enc = { ...enc, ...patch };
            own = { ...own, ...patch };
          }
        }
        // Layers share their scales unless told otherwise; vega-lite names a layer's views layer_<i>.
        const layerScope = (i: number): Scope => {
          const model = `${here.model}layer_${i}_`;
          const owner = here.owner && {
            x: resolved('x') === 'independent' ? model : here.owner.x,
            y: resolved('y') === 'independent' ? model : here.owner.y,
          };
          return { ...here, model, owner };
        };
        let i = 0;
        const found = explores.length;
        const layers = mapArray(node['layer'], path, 'layer', (child, at) =>
          next(child, at, enc, depth, layerScope(i++)),
        );
        set('layer', siblingsInView(node['layer'], layers, explores.slice(found), path, enc ?? {}));
        if (own) set('encoding', withoutMarkChannels(own));
      }
      for (const key of CONCAT_KEYS) {
        if (!Array.isArray(node[key])) continue;
        // Concatenated views have scales of their own unless told to share; named concat_<i>.
        let i = 0;
        set(
          key,
          mapArray(node[key], path, key, (child, at) => {
            const model = `${here.model}concat_${i++}_`;
            const owner = here.owner && {
              x: resolved('x') === 'shared' ? here.owner.x : model,
              y: resolved('y') === 'shared' ? here.owner.y : model,
            };
            return walkView(
              child,
              at,
              depth,
              { model, view: model, owner, rows: here.rows, ...(here.cells ? { cells: true } : {}) },
              next,
            );
          }),
        );
      }
      if (isObject(node['spec'])) {
        // A facet's cells share its scales by default (the cell view is "child"); a repeat's views
        // are named after what they repeat, which a mark cannot know.
        const model = `${here.model}child_`;
        const owner =
          node['facet'] !== undefined && here.owner
            ? {
                x: resolved('x') === 'independent' ? model : here.owner.x,
                y: resolved('y') === 'independent' ? model : here.owner.y,
              }
            : undefined;
        const faceted = here.faceted === true || node['facet'] !== undefined;
        set(
          'spec',
          next(node['spec'], [...path, 'spec'], undefined, depth, {
            model,
            view: model,
            owner,
            rows: here.rows,
            cells: true,
            faceted,
          }),
        );
      }
      return out ?? node;
    },
    (node) => node,
  );

  /**
   * Beside a mark that zooms, the plain layers drawing the same rows along its x (a moving
   * average written with a window) keep only their rows near the view (see `cutToView`), so the
   * price axis they share fits what is in view. Layers with data of their own, extension marks
   * (annotations stay where they are written) and layers on another x are left as they are.
   */
  const siblingsInView = (
    written: unknown[],
    expanded: unknown[],
    found: ExploreMeta[],
    path: PathSegment[],
    inherited: JsonObject,
  ): unknown[] => {
    const meta = found.find((m) => written.some((_, i) => m.unit === toPointer([...path, 'layer', i])));
    if (!meta || meta.key === undefined) return expanded;
    const sameRows = (child: unknown): boolean => {
      if (!isObject(child) || child['mark'] === undefined || child['data'] !== undefined) return false;
      const type = markType(child);
      if (type === undefined || byName.has(type)) return false;
      const enc = { ...inherited, ...(isObject(child['encoding']) ? child['encoding'] : {}) };
      const x = enc['x'];
      const y = enc['y'];
      return isObject(x) && x['field'] === meta.fields.x && isObject(y) && typeof y['field'] === 'string';
    };
    return written.some(sameRows)
      ? expanded.map((child, i) =>
          sameRows(written[i]) ? cutToView(child as JsonObject, meta, meta.fields.x, meta.fields.temporal) : child,
        )
      : expanded;
  };

  /**
   * A view of its own (the whole spec, a concat item): the panes its marks ask for go below it,
   * in a vconcat whose first view is this one — so it is walked again knowing its scales' names
   * in there (y its own, x shared with the panes).
   */
  const walkView = (
    node: unknown,
    path: PathSegment[],
    depth: number,
    scope: Omit<Scope, 'panes'>,
    go: Walk,
  ): unknown => {
    const before = {
      problems: problems.length,
      explores: explores.length,
      drawables: drawables.length,
      notes: notes.length,
      expanded: expandedCount,
    };
    let panes: Pane[] = [];
    let out = go(node, path, undefined, depth, { ...scope, panes });
    if (!panes.length || !isObject(out)) return out;
    problems.length = before.problems;
    explores.length = before.explores;
    drawables.length = before.drawables;
    notes.length = before.notes;
    expandedCount = before.expanded;
    panes = [];
    const model = `${scope.model}concat_0_`;
    out = go(node, path, undefined, depth, {
      ...scope,
      model,
      view: model,
      owner: scope.owner && { x: scope.owner.x, y: model },
      panes,
    });
    if (!isObject(out)) return out;
    // The view's own data and transforms move above the panes; a unit deeper inside keeps its
    // own, and its pane needs them too.
    return withPanes(
      out,
      panes.map(({ pane, unit }) => (unit === node ? pane : withUnitData(pane, unit))),
      isObject(node) && Array.isArray(node['transform']) ? node['transform'].length : 0,
    );
  };

  let result = walkView(spec, [], 0, { model: '', view: '', owner: { x: '', y: '' } }, walk);
  // `config.<mark>` is read by the marks; plain Vega-Lite's schema does not allow it.
  if (isObject(result) && isObject(result['config']) && Object.keys(result['config']).some((k) => byName.has(k))) {
    const config = { ...result['config'] };
    for (const k of Object.keys(config)) if (byName.has(k)) delete config[k];
    result = { ...result, config };
  }
  if (notes.length && isObject(result)) {
    const usermeta: JsonObject = { ...(isObject(result['usermeta']) ? result['usermeta'] : {}) };
    for (const { key, entry } of notes)
      usermeta[key] = [...(Array.isArray(usermeta[key]) ? (usermeta[key] as JsonObject[]) : []), entry];
    result = { ...result, usermeta };
  }
  if (explores.length && isObject(result)) {
    const usermeta = isObject(result['usermeta']) ? result['usermeta'] : {};
    // A replay's count of bars shown is read by the bars, their pane and the layers beside them,
    // which Vega-Lite puts in dataflows of their own: only a param at the top reaches them all.
    const replays = explores.flatMap((m) => (m.replay ? [{ name: m.replay.param, value: 0 }] : []));
    const params = Array.isArray(result['params']) ? result['params'] : [];
    result = {
      ...result,
      usermeta: { ...usermeta, [EXPLORE_KEY]: explores as unknown as JsonObject[] },
      ...(replays.length ? { params: [...params, ...replays] } : {}),
    };
  }
  // A plain layer beside an explorable mark (a moving average) is drawn on through the mark's plot.
  const onExplored = (d: DrawableMeta) => explores.some((m) => m.scales.x === d.scales.x && m.scales.y === d.scales.y);
  const plain = drawables.filter((d) => !onExplored(d));
  if (plain.length && isObject(result)) {
    const usermeta = isObject(result['usermeta']) ? result['usermeta'] : {};
    result = { ...result, usermeta: { ...usermeta, [DRAWABLE_KEY]: plain as unknown as JsonObject[] } };
  }
  return { spec: result, problems, expandedCount };
}
