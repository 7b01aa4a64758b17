import { DRAWABLE_KEY } from './drawable';
import { EXPLORE_KEY } from './explore';
import { isObject, type JsonObject } from './json';

/**
 * The `usermeta` entries the expansion writes for the page alone: what can be drawn on
 * (core/drawable.ts) and what can be explored (core/explore.ts). They steer the page's chart and
 * are no part of the chart a person wrote or would copy, so what shows the compiled specs (the
 * Compiled tab) leaves them out; `usermeta` of the spec's own stays.
 */
const PAGE_ONLY = [EXPLORE_KEY, DRAWABLE_KEY];

/** The spec without the page's own `usermeta` entries (the spec itself when it has none). */
export function withoutPageMeta<T>(spec: T): T {
  if (!isObject(spec) || !isObject(spec['usermeta'])) return spec;
  const meta = spec['usermeta'];
  if (!PAGE_ONLY.some((k) => Object.prototype.hasOwnProperty.call(meta, k))) return spec;
  // fromEntries makes each key an own property, `__proto__` too (an assignment would set the prototype).
  const kept = Object.fromEntries(Object.entries(meta).filter(([k]) => !PAGE_ONLY.includes(k))) as JsonObject;
  const { usermeta: _page, ...rest } = spec;
  return (Object.keys(kept).length ? { ...rest, usermeta: kept } : rest) as T;
}
