import Ajv, { type ValidateFunction } from 'ajv';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import vegaSchema from 'vega/vega-schema.json' with { type: 'json' };
import type { Language } from './language';
import type { SchemaError, Validator } from './validate';

/**
 * Compiles the Vega-Lite and Vega schemas with AJV. Each schema is compiled the first time a
 * spec of its language is validated (about a second for Vega-Lite's): call this off the main
 * thread.
 */
export function createAjvValidator(): Validator {
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false });
  const compiled = new Map<Language, ValidateFunction>();
  const get = (language: Language) => {
    let fn = compiled.get(language);
    if (!fn) {
      fn = ajv.compile(language === 'vega' ? vegaSchema : vegaLiteSchema);
      compiled.set(language, fn);
    }
    return fn;
  };
  return {
    validate(language, spec) {
      const fn = get(language);
      if (fn(spec)) return [];
      return (fn.errors ?? []).map((e) => ({
        instancePath: e.instancePath,
        keyword: e.keyword,
        message: e.message,
        params: e.params as Record<string, unknown>,
        schemaPath: e.schemaPath,
      }));
    },
  };
}
