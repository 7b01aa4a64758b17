import type { Language } from './language';
import { topLevelKind } from './spec-kind';
import type { SchemaError } from './schema-error';

/** A validate function as AJV generates it, at run time or ahead of time (standalone code). */
export interface CompiledValidate {
  (data: unknown): boolean;
  errors?: { instancePath: string; keyword: string; message?: string; params: object; schemaPath: string }[] | null;
}

/** The entry point a spec is validated with: Vega's schema, or its Vega-Lite spec kind. */
export function validationRef(language: Language, spec: unknown): string {
  return language === 'vega' ? 'vg' : `vl#/definitions/${topLevelKind(spec)}`;
}

export function rawErrors(fn: CompiledValidate): SchemaError[] {
  return (fn.errors ?? []).map((e) => ({
    instancePath: e.instancePath,
    keyword: e.keyword,
    message: e.message,
    params: e.params as Record<string, unknown>,
    schemaPath: e.schemaPath,
  }));
}

/**
 * AJV said no: the explainer says why, one error per mistake. If it finds nothing (the two
 * disagree) or cannot follow the schema, AJV's own errors still say something.
 */
export function explainFailure(
  fn: CompiledValidate,
  explain: (language: Language, spec: unknown) => SchemaError[],
  language: Language,
  spec: unknown,
): SchemaError[] {
  try {
    const explained = explain(language, spec);
    if (explained.length > 0) return explained;
  } catch {
    // fall through to AJV's errors
  }
  return rawErrors(fn);
}
