/**
 * What each annotation kind draws, as plain Vega-Lite unit specs. The mark (annotation.ts) checks
 * and resolves the items; the builders here only place parts. Kinds that can be driven by data
 * (one item per row) read their positions from named fields, so the same builder serves a literal
 * item (fields of its one-row `data`) and a data-driven layer (fields of the chart's rows).
 *
 * annotation-env.ts says what a builder is given, annotation-parts.ts holds the parts they are made
 * of, annotation-kinds-fields.ts and annotation-kinds-points.ts the builders themselves.
 */
export * from './annotation-env';
export * from './annotation-kinds-fields';
export * from './annotation-kinds-points';
