/// <reference lib="webworker" />
import * as precompiled from 'virtual:chartspec-validators';
import { detectLanguage, type Language } from '../core/language';
import { parseDocument } from '../core/parse';
import { explainFailure, validationRef, type CompiledValidate } from '../core/precompiled';
import { schemaProblems, type SchemaError } from '../core/validate';
import type { PipelineRequest, SchemaResponse } from './protocol';

/**
 * Schema validation with code AJV generated at build time (virtual:chartspec-validators): no
 * schema compiles here, and nothing needs `new Function`. A spec that fails is explained (one
 * problem per mistake) by the explainer, loaded with the full schemas on the first failure.
 */
const functions = precompiled as unknown as Record<string, CompiledValidate>;
const refs = precompiled.REFS;
let explainer: Promise<(language: Language, spec: unknown) => SchemaError[]> | undefined;
let first = true;

async function handle(request: PipelineRequest): Promise<SchemaResponse> {
  const doc = parseDocument(request.text);
  if (!doc.ok) return { id: request.id, problems: [], compileMs: 0, validateMs: 0 };
  const language: Language = detectLanguage(doc).language;
  const fn = functions[refs[validationRef(language, doc.value)]!]!;
  const t0 = performance.now();
  const valid = fn(doc.value);
  const elapsed = performance.now() - t0;
  let errors: SchemaError[] = [];
  if (!valid) {
    explainer ??= import('../core/schema-explainer').then((m) => m.createSchemaExplainer());
    errors = explainFailure(fn, await explainer, language, doc.value);
  }
  const response = { id: request.id, problems: schemaProblems(doc, errors), compileMs: first ? elapsed : 0, validateMs: first ? 0 : elapsed };
  first = false;
  return response;
}

/** The page sends one request at a time, always its newest text (see `LatestChannel`). */
self.onmessage = (event: MessageEvent<PipelineRequest>) => {
  void handle(event.data).then((response) => self.postMessage(response));
};
