// Which validator a spec goes to in the bench's experiment workers: Vega's, or the Vega-Lite
// top-level kind (as src/core/spec-kind.ts decides in the app).
export function kindOf(spec) {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return 'TopLevelUnitSpec';
  const has = (k) => Object.prototype.hasOwnProperty.call(spec, k);
  if (typeof spec.$schema === 'string' && /\/schema\/vega\/v\d+/.test(spec.$schema)) return 'vega';
  for (const k of ['layer', 'facet', 'repeat', 'hconcat', 'vconcat', 'concat'])
    if (has(k))
      return `TopLevel${{ hconcat: 'HConcat', vconcat: 'VConcat' }[k] ?? k[0].toUpperCase() + k.slice(1)}Spec`;
  return 'TopLevelUnitSpec';
}
