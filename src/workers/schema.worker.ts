/// <reference lib="webworker" />
import { createAjvValidator } from '../core/ajv';
import { detectLanguage, type Language } from '../core/language';
import { parseDocument } from '../core/parse';
import { validateDocument } from '../core/validate';
import type { PipelineRequest, SchemaResponse } from './protocol';

/**
 * Schema validation in its own worker: compiling Vega-Lite's schema takes about a second, and
 * neither the page nor the chart should wait for it.
 */
const validator = createAjvValidator();
const compiled = new Set<Language>();

function handle(request: PipelineRequest): SchemaResponse {
  const doc = parseDocument(request.text);
  const language: Language = doc.ok ? detectLanguage(doc).language : 'vega-lite';
  const first = !compiled.has(language);
  const t0 = performance.now();
  const problems = validateDocument(doc, language, validator);
  compiled.add(language);
  const elapsed = performance.now() - t0;
  return { id: request.id, problems, compileMs: first ? elapsed : 0, validateMs: first ? 0 : elapsed };
}

/** The page sends one request at a time, always its newest text (see `useWorkerLatest`). */
self.onmessage = (event: MessageEvent<PipelineRequest>) => {
  self.postMessage(handle(event.data));
};
