/**
 * How a mark's generated parts are switched and styled, and how a unit spec is taken apart:
 * the same for every extension mark, so a theme or `config` reaches each part one way.
 */
import { isObject, type JsonObject } from '../../json';

/** Colors that read on light and dark backgrounds alike: rises, falls and no change. */
export const DIRECTION_COLORS = { rising: '#0f9d76', falling: '#e0483e', unchanged: '#8a94a6' } as const;

/** A part's option: `false` switches it off, an object styles it, `true`/absent keeps defaults. */
export function partStyle(v: unknown): JsonObject | false {
  if (v === false) return false;
  return isObject(v) ? v : {};
}

/** Splits a unit spec into what stays at the layer level and what only a unit may carry. */
export function splitUnit(spec: JsonObject): { outer: JsonObject; params: unknown } {
  const { mark: _m, encoding: _e, params, ...outer } = spec;
  return { outer, params };
}
