import type { JsonObject } from './json';
import { fitToContainer } from './fit';
import { withTheme } from './theme';
import type { Spec as VegaSpec } from 'vega';
import { compileVegaLite } from './compile';
import { expandMarks } from './expand';
import { detectLanguage, type Language } from './language';
import type { ExpandTarget, ExtensionMark } from './marks/types';
import { registeredMarks } from './marks/registry';
import { parseDocument, type ParsedDocument } from './parse';
import { prepareForRender } from './prepare';
import { bundledDatasetNotes } from './dataset-url';
import { withDescriptions } from './describe';
import { hasErrors, mergeProblems, sortProblems, type Problem } from './problem';
import { validateDocument, type Validator } from './validate';

export interface PipelineOptions {
  /** Validate against the schema too (validation can also run apart: see `validateDocument`). */
  validator?: Validator;
  registry?: readonly ExtensionMark[];
  /** The text already parsed (`parseDocument(text)`), so it is not parsed twice. */
  doc?: ParsedDocument;
  /** Size Vega-Lite views to the element they are drawn in (the page's chart pane): see `fitToContainer`. */
  fit?: boolean;
  /** A chart theme (a vega-themes config) under the spec's own config: see `withTheme`. */
  theme?: JsonObject;
  /**
   * Say what the chart shows to a screen reader, when the spec does not (see `withDescriptions`):
   * the page asks for it; the command line and the conformance tests compile as Vega-Lite does.
   */
  describe?: boolean;
  /** What the expansion is for (see `ExpandTarget`): the page by default; exports ask for `export`. */
  target?: ExpandTarget;
  /**
   * Tell the page's chart which plain units can be drawn on (`usermeta`, see core/drawable.ts):
   * the page asks for it; the command line, exports and the conformance tests compile as Vega-Lite does.
   */
  drawable?: boolean;
}

export interface PipelineResult {
  language: Language;
  doc: ParsedDocument;
  /** The spec after extension marks were expanded: plain Vega-Lite (absent for Vega specs). */
  vegaLite?: unknown;
  /** The Vega spec to draw, when the text compiled. */
  vega?: VegaSpec;
  problems: Problem[];
  timings: { parse: number; expand: number; compile: number; validate: number };
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * text → parse → language → (validate) → expand extension marks → compile → Vega.
 * Pure: no DOM, storage or network. Never throws for any input text.
 */
export function runPipeline(text: string, options: PipelineOptions = {}): PipelineResult {
  const timings = { parse: 0, expand: 0, compile: 0, validate: 0 };
  let t = now();
  const doc = options.doc ?? parseDocument(text);
  timings.parse = options.doc ? 0 : now() - t;
  const problems: Problem[] = [...doc.problems];
  /** Schema problems, merged at the end as the app merges its schema worker's answer. */
  const schema: Problem[] = [];
  const { language, problems: languageProblems } = doc.ok
    ? detectLanguage(doc)
    : { language: 'vega-lite' as const, problems: [] };
  problems.push(...languageProblems);
  const result: PipelineResult = { language, doc, problems, timings };
  if (!doc.ok) {
    result.problems = sortProblems(problems);
    return result;
  }

  if (options.validator) {
    t = now();
    try {
      schema.push(...validateDocument(doc, language, options.validator));
    } catch (e) {
      problems.push({
        severity: 'warning',
        message: `The spec could not be checked against the schema: ${e instanceof Error ? e.message : String(e)}`,
        source: 'schema',
        path: '',
        range: doc.lines.range(0, 0),
      });
    }
    timings.validate = now() - t;
  }

  let vega: VegaSpec | undefined;
  if (language === 'vega') {
    vega = withTheme(doc.value, options.theme) as VegaSpec;
  } else {
    t = now();
    const expanded = expandMarks(doc.value, doc, options.registry ?? registeredMarks(), {
      ...(options.target ? { target: options.target } : {}),
      ...(options.drawable ? { drawable: true } : {}),
    });
    timings.expand = now() - t;
    problems.push(...expanded.problems);
    result.vegaLite = expanded.spec;
    if (!hasErrors(expanded.problems)) {
      t = now();
      const fitted = options.fit ? fitToContainer(expanded.spec, doc.value) : expanded.spec;
      const described = options.describe ? withDescriptions(fitted, doc.value) : fitted;
      const spec = withTheme(described, options.theme);
      const compiled = compileVegaLite(spec, doc);
      timings.compile = now() - t;
      problems.push(...compiled.problems);
      vega = compiled.vega;
    }
  }
  if (vega) {
    const prepared = prepareForRender(vega, doc);
    problems.push(...prepared.problems);
    result.vega = prepared.vega;
    // vega-datasets files named by a CDN URL are loaded from the bundled copy: a note says so.
    problems.push(...bundledDatasetNotes(doc));
  }
  result.problems = mergeProblems(problems, schema);
  return result;
}
export { validateDocument } from './validate';
