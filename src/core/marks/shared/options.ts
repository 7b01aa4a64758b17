import type { JsonObject } from '../../json';

/**
 * The `config.<mark>` definition for a mark definition: the same options, none required, no
 * `type` (config holds defaults, not a mark).
 */
export function configDefinition(def: JsonObject): JsonObject {
  const { required: _r, properties, description: _d, ...rest } = def as JsonObject & { properties: JsonObject };
  const { type: _t, ...options } = properties;
  return { ...rest, properties: options, description: 'Defaults for every mark of this kind in the chart.' };
}
