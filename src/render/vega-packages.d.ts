// Vega's transform packages, loaded on demand by vega-transforms.ts; they ship no typings.
declare module 'vega-geo';
declare module 'vega-force';
declare module 'vega-hierarchy';
declare module 'vega-label';
declare module 'vega-regression';
declare module 'vega-voronoi';
declare module 'vega-wordcloud';
declare module 'vega-crossfilter';
// Registered up front by vega-lean.js (named here for the test that checks the two lists).
declare module 'vega-transforms';
declare module 'vega-view-transforms';
declare module 'vega-encode';
// Its typings are not reachable through its package.json's "exports"; the render layer uses two
// of its functions (expression.ts, axis-ticks.ts).
declare module 'vega-scale' {
  export function isRegisteredScale(scale: unknown): boolean;
  /** The constructor of a registered scale type. */
  export function scale(type: string): (() => unknown) | undefined;
  export function tickFormat(
    locale: object,
    scale: unknown,
    count: unknown,
    specifier: unknown,
    formatType: unknown,
    noSkip: boolean,
  ): (value: unknown) => string;
}
