import Ajv, { type ValidateFunction } from 'ajv';
import chartspecSchema from '../../schemas/chartspec.schema.json' with { type: 'json' };
import vegaSchema from 'vega/vega-schema.json' with { type: 'json' };
import type { Language } from './language';
import type { SchemaError, Validator } from './validate';

/**
 * Vega-Lite's top level is an anyOf of seven spec kinds, and AJV reports every branch's
 * complaints: a unit spec gets told that "mark" is unknown to layer specs. The keys a spec has
 * say which kind it is, so its errors are taken from that branch alone.
 */
export function topLevelKind(spec: unknown): string {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return 'TopLevelUnitSpec';
  const has = (k: string) => Object.prototype.hasOwnProperty.call(spec, k);
  if (has('layer')) return 'TopLevelLayerSpec';
  if (has('facet')) return 'TopLevelFacetSpec';
  if (has('repeat')) return 'TopLevelRepeatSpec';
  if (has('hconcat')) return 'TopLevelHConcatSpec';
  if (has('vconcat')) return 'TopLevelVConcatSpec';
  if (has('concat')) return 'TopLevelConcatSpec';
  return 'TopLevelUnitSpec';
}

/**
 * Compiles the extended schema (Vega-Lite's plus the extension marks, schemas/) and Vega's
 * schema with AJV. Each schema is compiled the first time a
 * spec of its language is validated (about a second for Vega-Lite's): call this off the main
 * thread.
 */
export function createAjvValidator(): Validator {
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false });
  ajv.addSchema(chartspecSchema, 'vl');
  ajv.addSchema(vegaSchema, 'vg');
  const compiled = new Map<string, ValidateFunction>();
  const get = (ref: string) => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
      compiled.set(ref, fn);
    }
    return fn;
  };
  const errorsOf = (fn: ValidateFunction): SchemaError[] =>
    (fn.errors ?? []).map((e) => ({
      instancePath: e.instancePath,
      keyword: e.keyword,
      message: e.message,
      params: e.params as Record<string, unknown>,
      schemaPath: e.schemaPath,
    }));
  return {
    validate(language: Language, spec: unknown) {
      if (language === 'vega') {
        const fn = get('vg');
        return fn(spec) ? [] : errorsOf(fn);
      }
      const fn = get(`vl#/definitions/${topLevelKind(spec)}`);
      return fn(spec) ? [] : errorsOf(fn);
    },
  };
}
