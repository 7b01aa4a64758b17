import { isObject } from './json';
import { tooDeep } from './limits';
import { boundedWalk } from './walk';

/** A value's JSON type name: "null", "array", "object", "string", … */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Whether a value is of a JSON schema `type` ("integer" and "number" as JSON schema reads them). */
export function hasType(v: unknown, t: string): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    default:
      return typeof v === t;
  }
}

/** Whether a literal alternative is of the same JSON type as the value (so the value was "close"). */
export function sameKind(a: unknown, v: unknown): boolean {
  return jsonType(a) === jsonType(v);
}

const equalWalk = boundedWalk<[unknown], boolean>(
  (a, next, b) => {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      const bb = b as unknown[];
      return a.length === bb.length && a.every((x, i) => next(x, bb[i]));
    }
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every(
        (k) =>
          Object.prototype.hasOwnProperty.call(b, k) &&
          next((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  },
  (a, b) => a === b || tooDeep(),
);

/**
 * Structural equality of JSON values. Past MAX_DEPTH only the same object counts as equal without
 * looking; anything else throws (see `tooDeep`) rather than guess.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  return equalWalk(a, b);
}
