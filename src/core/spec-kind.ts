/**
 * Vega-Lite's top level is an anyOf of seven spec kinds; the keys a spec has say which kind it
 * is, and it is validated (and explained) against that kind alone, so a unit spec is not told
 * that "mark" is unknown to layer specs.
 */
export function topLevelKind(spec: unknown): string {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return 'TopLevelUnitSpec';
  const has = (k: string) => Object.prototype.hasOwnProperty.call(spec, k);
  if (has('layer')) return 'TopLevelLayerSpec';
  if (has('facet')) return 'TopLevelFacetSpec';
  if (has('repeat')) return 'TopLevelRepeatSpec';
  if (has('hconcat')) return 'TopLevelHConcatSpec';
  if (has('vconcat')) return 'TopLevelVConcatSpec';
  if (has('concat')) return 'TopLevelConcatSpec';
  return 'TopLevelUnitSpec';
}
