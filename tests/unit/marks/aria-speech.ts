import type { JsonObject } from '../../../src/core/json';

/**
 * An expansion without what the marks say to screen readers: `aria` on marks, the `description`
 * channel, and the gauge's `__description` row. The expansion tests state the drawing literally;
 * what is said is stated in aria.test.ts. Copies, never changes, the spec.
 */
export function withoutSpeech(node: unknown): unknown {
  if (Array.isArray(node))
    return node
      .filter((n) => !(n && typeof n === 'object' && (n as JsonObject)['as'] === '__description'))
      .map(withoutSpeech);
  if (!node || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node as JsonObject)) {
    if (k === 'mark' && v && typeof v === 'object' && !Array.isArray(v)) {
      const { aria: _a, ...mark } = v as JsonObject;
      out[k] = mark;
    } else if (k === 'encoding' && v && typeof v === 'object' && !Array.isArray(v)) {
      const { description: _d, ...encoding } = v as JsonObject;
      out[k] = withoutSpeech(encoding);
    } else out[k] = k === 'values' ? v : withoutSpeech(v);
  }
  return out;
}
