import * as precompiled from 'virtual:chartspec-validators';
import { explainFailure, validationRef, type CompiledValidate } from '../core/precompiled';
import { createSchemaExplainer } from '../core/schema-explainer';
import type { Validator } from '../core/validate';

/**
 * The app's validators for the command line: AJV's code generated when the command line was
 * built, so a run compiles no schema (compiling Vega-Lite's took about 3 s per process). A
 * spec that fails is explained as in the app: one error per mistake.
 */
export function precompiledValidator(): Validator {
  const functions = precompiled as unknown as Record<string, CompiledValidate>;
  let explain: ReturnType<typeof createSchemaExplainer> | undefined;
  return {
    validate(language, spec) {
      const fn = functions[precompiled.REFS[validationRef(language, spec)]!];
      if (!fn) throw new Error(`no validator for ${validationRef(language, spec)}`);
      if (fn(spec)) return [];
      explain ??= createSchemaExplainer();
      return explainFailure(fn, explain, language, spec);
    },
  };
}
