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
