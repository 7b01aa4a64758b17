import { validate, type Schema } from '@cfworker/json-schema';

/**
 * The schema check's first answers: @cfworker/json-schema, which reads a schema as it is (no
 * code generated, nothing compiled up front), over the same stripped schemas AJV's precompiled
 * validators are generated from. It answers a few milliseconds after the schema arrives, where
 * loading AJV's generated code (4 MB of script) takes a few hundred; once that code is there the
 * worker uses it instead (it is about ten times faster per spec). The two must agree on every
 * spec: tests/unit/quick-validate.test.ts holds them to it.
 *
 * `format` is left out of the schemas given to it, as AJV is told not to check formats.
 */
export interface QuickValidator {
  /** Whether `value` is valid against `ref` (a pointer like `#/definitions/Name`), or the root. */
  (value: unknown, ref?: string): boolean;
}

export function quickValidator(schema: Record<string, unknown>): QuickValidator {
  // Refs in these schemas are JSON pointers into the schema itself (`#/definitions/Name`, now
  // and then deeper): each is resolved the first time it is met. The library's own
  // `dereference` would walk every subschema first (~90 ms for Vega-Lite's).
  const resolved = new Map<string, Schema | undefined>();
  const resolve = (ref: string): Schema | undefined => {
    if (resolved.has(ref)) return resolved.get(ref);
    let node: unknown = undefined;
    if (ref === '#' || ref.startsWith('#/')) {
      node = schema;
      for (const raw of ref === '#' ? [] : ref.slice(2).split('/')) {
        const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
        if (node === null || typeof node !== 'object') {
          node = undefined;
          break;
        }
        const record = node as Record<string, unknown>;
        node = Object.hasOwn(record, key)
          ? record[key]
          : Object.hasOwn(record, safeDecode(key))
            ? record[safeDecode(key)]
            : undefined;
      }
    }
    const found =
      node !== null && (typeof node === 'object' || typeof node === 'boolean') ? (node as Schema) : undefined;
    resolved.set(ref, found);
    return found;
  };
  const lookup = new Proxy(Object.create(null) as Record<string, Schema>, {
    get: (_target, key) => (typeof key === 'string' ? resolve(key) : undefined),
  });
  return (value, ref) => {
    const target = ref === undefined ? (schema as Schema) : resolve(ref);
    if (target === undefined) throw new Error(`the schema has no ${ref}`);
    return validate(value, target, '7', lookup, true).valid;
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
