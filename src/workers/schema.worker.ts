/// <reference lib="webworker" />
import * as schemaUrls from 'virtual:chartspec-quick-schemas';
import { detectLanguage, type Language } from '../core/language';
import { parseDocument } from '../core/parse';
import { rawErrors, validationRef, type CompiledValidate } from '../core/precompiled';
import { quickValidator, type QuickValidator } from '../core/quick-validate';
import { topLevelKind } from '../core/spec-kind';
import type { Problem } from '../core/problem';
import { schemaProblems, type SchemaError } from '../core/validate';
import type { SchemaRequest, SchemaResponse } from './protocol';

/**
 * Schema validation, in two stages and never compiling a schema here. First answers come from
 * the quick validator (src/core/quick-validate.ts) over the schema as JSON, fetched on the first
 * request: this worker starts with the page, before React and Vega have loaded, and says whether
 * the first text is valid within milliseconds of the schema's arrival. Once the page has drawn
 * its first chart (`precise` requests), AJV's code generated at build time
 * (virtual:chartspec-validators, megabytes of script, nothing needing `new Function`) is loaded
 * and answers from then on, ten times faster per spec. A spec that fails is explained (one
 * problem per mistake) by the explainer, loaded with the full schemas on the first failure.
 */
interface Precompiled {
  functions: Record<string, CompiledValidate>;
  refs: Record<string, string>;
}
let precompiled: Precompiled | undefined;
let precompiledLoading: Promise<Precompiled> | undefined;
function loadPrecompiled(): Promise<Precompiled> {
  precompiledLoading ??= import('virtual:chartspec-validators').then((m) => {
    precompiled = { functions: m as unknown as Record<string, CompiledValidate>, refs: m.REFS };
    return precompiled;
  });
  return precompiledLoading;
}

const quick: Partial<Record<Language, Promise<QuickValidator>>> = {};
function quickFor(language: Language): Promise<QuickValidator> {
  quick[language] ??= fetch(language === 'vega' ? schemaUrls.vg : schemaUrls.vl)
    .then((r) => {
      if (!r.ok) throw new Error(`the schema could not be loaded (${r.status} ${r.statusText})`.trim());
      return r.json() as Promise<Record<string, unknown>>;
    })
    .then(quickValidator);
  // A failed load is tried again on the next request.
  quick[language].catch(() => delete quick[language]);
  return quick[language];
}

let explainer: Promise<(language: Language, spec: unknown) => SchemaError[]> | undefined;
let first = true;

function precompiledFor(p: Precompiled, language: Language, spec: unknown): CompiledValidate {
  return p.functions[p.refs[validationRef(language, spec)]!]!;
}

async function handle(request: SchemaRequest): Promise<SchemaResponse> {
  const doc = parseDocument(request.text);
  if (!doc.ok) return { id: request.id, problems: [], compileMs: 0, validateMs: 0 };
  const language: Language = detectLanguage(doc).language;
  if (request.precise) loadPrecompiled().catch(() => (precompiledLoading = undefined));
  const t0 = performance.now();
  let valid: boolean;
  let t1: number;
  const by = precompiled ? 'precompiled' : 'quick';
  if (precompiled) {
    t1 = performance.now();
    valid = precompiledFor(precompiled, language, doc.value)(doc.value);
  } else {
    const check = await quickFor(language);
    t1 = performance.now();
    valid = language === 'vega' ? check(doc.value) : check(doc.value, `#/definitions/${topLevelKind(doc.value)}`);
  }
  const elapsed = performance.now() - t1;
  let errors: SchemaError[] = [];
  if (!valid) {
    explainer ??= import('../core/schema-explainer').then((m) => m.createSchemaExplainer());
    try {
      errors = (await explainer)(language, doc.value);
    } catch {
      errors = [];
    }
    // The explainer found nothing (it and the validator disagree) or could not follow the
    // schema: AJV's own errors still say something.
    if (errors.length === 0) {
      const fn = precompiledFor(await loadPrecompiled(), language, doc.value);
      if (!fn(doc.value)) errors = rawErrors(fn);
    }
  }
  const response: SchemaResponse = {
    id: request.id,
    problems: schemaProblems(doc, errors),
    compileMs: first ? t1 - t0 : 0,
    validateMs: elapsed,
    by,
  };
  first = false;
  return response;
}

/** The page sends one request at a time, always its newest text (see `LatestChannel`). */
self.onmessage = (event: MessageEvent<SchemaRequest>) => {
  const request = event.data;
  void handle(request).then(
    (response) => self.postMessage(response),
    (e: unknown) => {
      // Said once, as a warning; the worker stays for the next text.
      const at = { line: 1, column: 1, offset: 0 };
      const message = `The schema check stopped: ${e instanceof Error ? e.message : String(e)}`;
      const problem: Problem = {
        severity: 'warning',
        message,
        source: 'schema',
        path: '',
        range: { start: at, end: at },
      };
      self.postMessage({ id: request.id, problems: [problem], compileMs: 0, validateMs: 0 } satisfies SchemaResponse);
    },
  );
};
