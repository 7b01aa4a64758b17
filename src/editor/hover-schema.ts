type Schema = Record<string, unknown>;

/**
 * The schema as Monaco's JSON service should read it for completion and hover:
 *
 * - Descriptions are markdown (links, `code`, **bold**): each is also the `markdownDescription`,
 *   so hovers render it.
 * - A property's own description beside a `$ref` is kept. The JSON service resolves a `$ref` by
 *   copying the referenced definition's keys over the property's (vscode-json-languageservice,
 *   `jsonSchemaService` `merge`), so a level's `x` would be documented as the shared date
 *   definition and a candlestick's `open` as any price field. Moving the `$ref` into `allOf`
 *   keeps the property's words first, as hover and completion read them.
 */
export function schemaForHover(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(schemaForHover);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = schemaForHover(v);
  if (typeof out['description'] === 'string' && out['markdownDescription'] === undefined) {
    out['markdownDescription'] = out['description'];
  }
  if (typeof out['$ref'] === 'string' && typeof out['markdownDescription'] === 'string') {
    const { $ref, allOf, ...rest } = out;
    return { ...rest, allOf: [{ $ref }, ...(Array.isArray(allOf) ? allOf : [])] };
  }
  return out;
}
