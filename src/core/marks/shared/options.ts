/**
 * Where a mark's options come from: the mark object, then `config.<mark>`, then the mark's
 * defaults; and the `config.<mark>` schema that follows from the mark's own.
 */
import { isObject, type JsonObject } from '../../json';
import type { ExpandContext } from '../types';

/** Mark options from the mark object over `config.<mark>` over the defaults. */
export function resolveOptions<T extends object>(name: string, spec: JsonObject, ctx: Pick<ExpandContext, 'config'>, defaults: T): T & JsonObject {
  const fromConfig = isObject(ctx.config?.[name]) ? (ctx.config![name] as JsonObject) : {};
  const fromMark = isObject(spec['mark']) ? (spec['mark'] as JsonObject) : {};
  const { type: _t, ...markOptions } = fromMark;
  const { type: _c, ...configOptions } = fromConfig;
  return { ...defaults, ...configOptions, ...markOptions } as T & JsonObject;
}

/**
 * The `config.<mark>` definition for a mark definition: the same options, none required, no
 * `type` (config holds defaults, not a mark).
 */
export function configDefinition(def: JsonObject): JsonObject {
  const { required: _r, properties, description: _d, ...rest } = def as JsonObject & { properties: JsonObject };
  const { type: _t, ...options } = properties;
  return { ...rest, properties: options, description: 'Defaults for every mark of this kind in the chart.' };
}
