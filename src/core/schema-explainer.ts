import chartspecSchema from '../../schemas/chartspec.schema.json' with { type: 'json' };
import vegaSchema from 'vega/vega-schema.json' with { type: 'json' };
import { SchemaExplainer } from './explain';
import type { Language } from './language';
import { vegaLitePlacement } from './schema-hints';
import type { SchemaError } from './schema-error';
import { strictVegaSchema } from './vega-schema';
import { topLevelKind } from './spec-kind';

export { topLevelKind };

let vega: Record<string, unknown> | undefined;

/**
 * The schemas specs are validated against, as AJV gets them (ids `vl` and `vg`): the extended
 * Vega-Lite schema, and Vega's made strict (`strictVegaSchema`). A validator compiled ahead of
 * time must be compiled from these, or it and the explainer disagree.
 */
export function validationSchemas(): { vl: Record<string, unknown>; vg: Record<string, unknown> } {
  vega ??= strictVegaSchema(vegaSchema);
  return { vl: chartspecSchema as Record<string, unknown>, vg: vega };
}

/**
 * Explains a spec that failed validation: one `resolved` error per mistake (see explain.ts).
 * `isValid` (optional) answers for a definition, e.g. `isValid('vl', '#/definitions/Encoding',
 * value)`, with compiled validation code, so valid parts are skipped faster than the
 * explainer's own quick walk would; undefined when it cannot say. Pure: works with AJV compiling
 * at run time (ajv.ts) or with validators compiled ahead of time.
 */
export function createSchemaExplainer(
  isValid?: (schema: 'vl' | 'vg', ref: string, value: unknown) => boolean | undefined,
): (language: Language, spec: unknown) => SchemaError[] {
  let vl: SchemaExplainer | undefined;
  let vg: SchemaExplainer | undefined;
  return (language, spec) => {
    if (language === 'vega') {
      vg ??= new SchemaExplainer(
        validationSchemas().vg,
        isValid ? { isValid: (ref, value) => isValid('vg', ref, value) } : {},
      );
      return vg.explain(spec);
    }
    vl ??= new SchemaExplainer(chartspecSchema, {
      placement: vegaLitePlacement(chartspecSchema),
      ...(isValid ? { isValid: (ref: string, value: unknown) => isValid('vl', ref, value) } : {}),
    });
    return vl.explain(spec, { $ref: `#/definitions/${topLevelKind(spec)}` });
  };
}
