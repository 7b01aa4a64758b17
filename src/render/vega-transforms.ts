import { transforms } from 'vega';
import { boundedWalk } from '../core/walk';

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

const loaded = new Map<string, Promise<void>>();

/**
 * Loads and registers the transforms a spec needs that are not there yet; resolves at once when
 * there are none (most charts). Where the page imports all of Vega (tests, the command line),
 * registering again changes nothing.
 */
export function loadTransforms(spec: unknown): Promise<void> | undefined {
  const missing = lazyPackagesOf(spec).filter((pkg) => LAZY_TRANSFORMS[pkg]!.some((name) => !(name in transforms)));
  if (missing.length === 0) return undefined;
  return Promise.all(
    missing.map((pkg) => {
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
  ).then(() => undefined);
}
