import Ajv, { type ValidateFunction } from 'ajv';
import type { Language } from './language';
import { createSchemaExplainer, topLevelKind, validationSchemas } from './schema-explainer';
import type { Validator } from './validate';
import { explainFailure, rawErrors, validationRef } from './precompiled';

export { topLevelKind };

export interface AjvValidatorOptions {
  /**
   * Explain failures (default): one error per mistake, the anyOf/oneOf branch the user meant
   * chosen, marked `resolved`. Off: AJV's own errors, every branch's.
   */
  explain?: boolean;
}

/**
 * Compiles the extended schema (Vega-Lite's plus the extension marks, schemas/) and Vega's
 * schema (made stricter where it is open by accident: see `strictVegaSchema`) with AJV. Each
 * schema is compiled the first time a spec of its language is validated (about a second for
 * Vega-Lite's): call this off the main thread.
 *
 * A valid spec costs one run of AJV's compiled code. Only a failing one is walked again by
 * `SchemaExplainer` (explain.ts), which reports one error per mistake, from the anyOf/oneOf
 * branch the user evidently meant, instead of AJV's pile of per-branch errors.
 */
export function createAjvValidator(options: AjvValidatorOptions = {}): Validator {
  // AJV stops at the first error unless asked for all: the explainer only needs yes or no.
  // Collecting every error costs up to 150 ms on a failing Vega spec (oneOf everywhere) and even
  // slows valid ones: 10,000 inline rows take 3.3 ms instead of 0.08, as each failing branch of
  // the inline-data anyOf (numbers, strings, booleans, objects) is checked to the last row. The
  // price is compile time: about a third more than with allErrors (measured in Node).
  const explaining = options.explain !== false;
  const ajv = new Ajv({ allErrors: !explaining, strict: false, allowUnionTypes: true, validateFormats: false });
  const { vl, vg } = validationSchemas();
  ajv.addSchema(vl, 'vl');
  ajv.addSchema(vg, 'vg');
  const compiled = new Map<string, ValidateFunction>();
  const get = (ref: string) => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
      compiled.set(ref, fn);
    }
    return fn;
  };
  // The explainer skips the valid parts of a failing spec by asking AJV about each definition
  // it meets (compiled once each, mostly from code AJV already generated for the whole schema).
  const explain = createSchemaExplainer((id, ref, value) => (ref.startsWith('#/') ? get(id + ref)(value) : undefined));
  return {
    validate(language: Language, spec: unknown) {
      const fn = get(validationRef(language, spec));
      if (fn(spec)) return [];
      return explaining ? explainFailure(fn, explain, language, spec) : rawErrors(fn);
    },
  };
}
