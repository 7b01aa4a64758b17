/** A plain JSON object: what specs are made of. */
export type JsonObject = Record<string, unknown>;

/** A plain object (not null, not an array): the test every walk over a spec makes first. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
