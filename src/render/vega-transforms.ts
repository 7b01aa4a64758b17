import { transforms } from 'vega';
import { boundedWalk } from '../core/walk';
import { candleMarksLoaded, fusedTransformsLoaded, useCandleMarks, useFusedTransforms } from './runtime-spec';

/**
 * Vega's transforms that the page does not load up front (see vega-lean.js), by the package
 * that defines them. A spec naming one of them waits for its package before it is parsed.
 */
export const LAZY_TRANSFORMS: Record<string, readonly string[]> = {
  'vega-geo': [
    'contour',
    'geojson',
    'geopath',
    'geopoint',
    'geoshape',
    'graticule',
    'heatmap',
    'isocontour',
    'kde2d',
    'projection',
  ],
  'vega-force': ['force'],
  'vega-hierarchy': ['nest', 'pack', 'partition', 'stratify', 'tree', 'treelinks', 'treemap'],
  'vega-label': ['label'],
  'vega-regression': ['loess', 'regression'],
  'vega-voronoi': ['voronoi'],
  'vega-wordcloud': ['wordcloud'],
  'vega-crossfilter': ['crossfilter', 'resolvefilter'],
};

const LOADERS: Record<string, () => Promise<Record<string, unknown>>> = {
  'vega-geo': () => import('vega-geo'),
  'vega-force': () => import('vega-force'),
  'vega-hierarchy': () => import('vega-hierarchy'),
  'vega-label': () => import('vega-label'),
  'vega-regression': () => import('vega-regression'),
  'vega-voronoi': () => import('vega-voronoi'),
  'vega-wordcloud': () => import('vega-wordcloud'),
  'vega-crossfilter': () => import('vega-crossfilter'),
};

const PACKAGE_OF = new Map(
  Object.entries(LAZY_TRANSFORMS).flatMap(([pkg, names]) => names.map((n) => [n, pkg] as const)),
);

/**
 * The packages a Vega spec needs beyond those loaded up front: those of the transforms it names
 * (in any `transform` list, at any depth) and vega-geo for projections (the parser makes a
 * `projection` operator for each).
 */
export function lazyPackagesOf(spec: unknown): string[] {
  const needed = new Set<string>();
  const visit = boundedWalk<[], void>(
    (node, next) => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        for (const item of node) next(item);
        return;
      }
      const record = node as Record<string, unknown>;
      if (Array.isArray(record.projections) && record.projections.length > 0) needed.add('vega-geo');
      if (Array.isArray(record.transform))
        for (const t of record.transform) {
          const type = (t as { type?: unknown } | null)?.type;
          const pkg = typeof type === 'string' ? PACKAGE_OF.get(type.toLowerCase()) : undefined;
          if (pkg) needed.add(pkg);
        }
      for (const key of Object.keys(record)) if (key !== 'values') next(record[key]);
    },
    () => {},
  );
  visit(spec);
  return [...needed];
}

/**
 * The fields only the financial marks' transforms write (a bar's time, the indicators'
 * placeholder, the last price's row): a spec with one of them has work for the fused transforms.
 * One missed would be drawn by Vega-Lite's own transforms, more slowly, except the placeholder,
 * which no standard transform computes.
 */
const FUSED_FIELDS = new Set(['__t', '__indicators', '__lp_row']);

/** Whether a Vega spec has the financial marks' work in it (see `FUSED_FIELDS`). */
export function usesFusedTransforms(spec: unknown): boolean {
  let found = false;
  const visit = boundedWalk<[], void>(
    (node, next) => {
      if (found || typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        for (const item of node) next(item);
        return;
      }
      const record = node as Record<string, unknown>;
      if (Array.isArray(record.transform))
        for (const t of record.transform) {
          const as = (t as { as?: unknown } | null)?.as;
          if ((Array.isArray(as) ? as : [as]).some((a) => typeof a === 'string' && FUSED_FIELDS.has(a))) found = true;
        }
      for (const key of Object.keys(record)) if (key !== 'values') next(record[key]);
    },
    () => {},
  );
  visit(spec);
  return found;
}

let fusedLoading: Promise<void> | undefined;

/** Loads the fused transforms (once) and has the runtime spec use them. */
function loadFused(): Promise<void> {
  fusedLoading ??= import('./fused-transforms').then(useFusedTransforms);
  fusedLoading.catch(() => (fusedLoading = undefined));
  return fusedLoading;
}

/** Whether a Vega spec has a candlestick's wick mark in it, at any depth of groups (its data is not read). */
export function hasCandleWicks(spec: unknown): boolean {
  const visit = boundedWalk<[], boolean>(
    (node, next) => {
      const marks = (node as { marks?: unknown } | null)?.marks;
      return (
        Array.isArray(marks) &&
        marks.some((m) => {
          const style = (m as { style?: unknown } | null)?.style;
          return (Array.isArray(style) ? style : [style]).includes('candlestick-wick') || next(m);
        })
      );
    },
    () => false,
  );
  return visit(spec);
}

let candlesLoading: Promise<void> | undefined;

/** Loads the candle join (once) and has canvases use it. */
function loadCandles(): Promise<void> {
  candlesLoading ??= import('./candle-marks').then(useCandleMarks);
  candlesLoading.catch(() => (candlesLoading = undefined));
  return candlesLoading;
}

const loaded = new Map<string, Promise<void>>();

/**
 * Loads and registers the transforms a spec needs that are not there yet, the fused transforms
 * when it has the financial marks' work in it, and for a canvas the candle join when it has
 * candlesticks; resolves at once when there are none (most charts). Where the page imports all
 * of Vega (tests, the command line), registering again changes nothing.
 */
export function loadTransforms(spec: unknown, onCanvas = false): Promise<void> | undefined {
  const missing = lazyPackagesOf(spec).filter((pkg) => LAZY_TRANSFORMS[pkg]!.some((name) => !(name in transforms)));
  const fused = !fusedTransformsLoaded() && usesFusedTransforms(spec);
  const candles = onCanvas && !candleMarksLoaded() && hasCandleWicks(spec);
  if (missing.length === 0 && !fused && !candles) return undefined;
  return Promise.all([
    ...(fused ? [loadFused()] : []),
    ...(candles ? [loadCandles()] : []),
    ...missing.map((pkg) => {
      let p = loaded.get(pkg);
      if (!p) {
        p = LOADERS[pkg]!().then((m) => {
          Object.assign(transforms, m);
        });
        p.catch(() => loaded.delete(pkg));
        loaded.set(pkg, p);
      }
      return p;
    }),
  ]).then(() => undefined);
}
