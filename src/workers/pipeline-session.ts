import equal from 'fast-deep-equal';
import { valuesPatch } from '../core/data-patch';
import type { Spec as VegaSpec } from 'vega';
import { logProblems } from '../core/compile';
import { detectLanguage, type Language } from '../core/language';
import { withoutPageMeta } from '../core/page-meta';
import { parseDocument, type ParsedDocument } from '../core/parse';
import type { JsonObject } from '../core/json';
import { runPipeline } from '../core/pipeline';
import { hasErrors, sortProblems, type Problem } from '../core/problem';
import { digest } from '../core/text';
import type { CompiledResponse, PipelineAnswer, PipelineMessage, PipelineRequest, PipelineResponse } from './protocol';

/** How many recent texts' parsed documents are kept for placing runtime messages. */
const KEEP_DOCS = 4;
/** How many recent good compiles are kept for the Compiled tab (the chart on screen may be an older one). */
const KEEP_GOOD = 4;

const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** An expanded spec as a standard Vega-Lite file: the schema first, as `normalizedExampleText` writes it. */
const vegaLiteText = (spec: unknown): string => {
  const { $schema: _named, ...rest } = spec as Record<string, unknown>;
  return JSON.stringify({ $schema: VEGA_LITE_SCHEMA, ...rest }, null, 2);
};

interface Compiled {
  id: number;
  doc: ParsedDocument;
  language: Language;
  problems: Problem[];
  vega?: VegaSpec;
  /** The spec with extension marks expanded (Vega-Lite only), for the Compiled tab. */
  vegaLite?: unknown;
  /** The run found nothing beyond what parsing and language detection say (so it can be reused). */
  clean: boolean;
}

const now = () => performance.now();

/**
 * The pipeline worker's state and answers, apart from the worker itself so that it runs in
 * tests. Everything proportional to the text happens here, off the main thread: parsing,
 * compiling, deciding whether the page needs a new Vega spec, and placing Vega's runtime
 * messages in the text.
 */
export class PipelineSession {
  /** The newest text's run. */
  private last: Compiled | undefined;
  /** The spec the page fetched last: what `same` in an answer means. */
  private fetched: VegaSpec | undefined;
  /** Its number. Numbers start anywhere, so a restarted worker never matches an old one. */
  private fetchedSeq = Math.floor(Math.random() * 2 ** 30);
  private readonly docs = new Map<number, ParsedDocument>();
  /** The newest runs that compiled without errors (what the page draws), newest last; not their parsed texts. */
  private readonly good: Pick<Compiled, 'id' | 'language' | 'vega' | 'vegaLite'>[] = [];

  /** The theme the newest text was compiled in. */
  private theme: string | undefined;

  /**
   * `fit`: Vega-Lite views fill the chart pane (see core/fit.ts); the page's worker asks for it.
   * `themes`: the chart themes a request may name (vega-themes, in the page's worker).
   * `describe`: charts say what they show to a screen reader (core/describe.ts); the page asks.
   * `drawable`: charts say which plain units can be drawn on (core/drawable.ts); the page asks.
   */
  constructor(
    private readonly options: {
      fit?: boolean;
      describe?: boolean;
      drawable?: boolean;
      themes?: Readonly<Record<string, object>>;
    } = {},
  ) {}

  /** The chart themes, given once loaded (the page's worker loads vega-themes when a request first names one). */
  useThemes(themes: Readonly<Record<string, object>>): void {
    this.options.themes = themes;
  }

  handle(message: PipelineMessage): PipelineAnswer {
    if (message.kind === 'spec') {
      const vega = this.last?.id === message.id ? this.last.vega : undefined;
      if (!vega) return { kind: 'spec', id: message.id };
      // The page holds the spec fetched last: when only inline rows changed, it gets those.
      const base = this.fetched && message.base === this.fetchedSeq ? this.fetchedSeq : undefined;
      const patch = base !== undefined ? valuesPatch(this.fetched!, vega, equal) : undefined;
      this.fetched = vega;
      const seq = ++this.fetchedSeq;
      return patch ? { kind: 'spec', id: message.id, patch, base, seq } : { kind: 'spec', id: message.id, vega, seq };
    }
    if (message.kind === 'runtime') {
      const doc = this.docs.get(message.id);
      const { id, key } = message;
      return doc
        ? { kind: 'runtime', id, key, problems: logProblems(doc, message.entries, 'runtime') }
        : { kind: 'runtime', id, key };
    }
    if (message.kind === 'compiled') return this.compiled(message.id);
    return this.text(message);
  }

  /** The specs of text `id` as text, when it is one of the recent good compiles. */
  private compiled(id: number): CompiledResponse {
    const run = this.good.find((c) => c.id === id);
    if (!run?.vega) return { kind: 'compiled', id };
    const vegaLite =
      run.language === 'vega' || run.vegaLite === undefined
        ? {}
        : { vegaLite: vegaLiteText(withoutPageMeta(run.vegaLite)) };
    return { kind: 'compiled', id, texts: { ...vegaLite, vega: JSON.stringify(withoutPageMeta(run.vega), null, 2) } };
  }

  private text({ id, text, theme }: PipelineRequest): PipelineResponse {
    const t0 = now();
    const doc = parseDocument(text);
    const parseMs = now() - t0;
    this.docs.set(id, doc);
    for (const old of this.docs.keys()) if (this.docs.size > KEEP_DOCS) this.docs.delete(old);

    // An edit that leaves the value as it was (spacing, line breaks) compiles to the same Vega:
    // only the places of the syntax and language remarks can have moved.
    const prev = this.last;
    let reused = false;
    let timings = { parse: parseMs, expand: 0, compile: 0, validate: 0 };
    const sameTheme = theme === this.theme;
    this.theme = theme;
    if (doc.ok && sameTheme && prev?.clean && prev.doc.ok && equal(doc.value, prev.doc.value)) {
      const language = detectLanguage(doc);
      this.last = {
        id,
        doc,
        language: language.language,
        problems: sortProblems([...doc.problems, ...language.problems]),
        vega: prev.vega,
        vegaLite: prev.vegaLite,
        clean: true,
      };
      reused = true;
    } else {
      const themeConfig = theme ? this.options.themes?.[theme] : undefined;
      const result = runPipeline(text, {
        doc,
        ...(this.options.fit ? { fit: true } : {}),
        ...(this.options.describe ? { describe: true } : {}),
        ...(this.options.drawable ? { drawable: true } : {}),
        ...(themeConfig ? { theme: themeConfig as JsonObject } : {}),
      });
      const language = doc.ok ? detectLanguage(doc).problems.length : 0;
      // Problems beyond parsing and language detection tie the result to this text's layout.
      const clean = result.problems.length === doc.problems.length + language;
      this.last = {
        id,
        doc,
        language: result.language,
        problems: result.problems,
        vega: result.vega,
        vegaLite: result.vegaLite,
        clean,
      };
      timings = { ...result.timings, parse: parseMs };
    }
    const last = this.last;
    if (last.vega && !hasErrors(last.problems)) {
      this.good.push({ id, language: last.language, vega: last.vega, vegaLite: last.vegaLite });
      if (this.good.length > KEEP_GOOD) this.good.shift();
    }
    const spec = !last.vega
      ? 'none'
      : last.vega === this.fetched || equal(last.vega, this.fetched)
        ? 'same'
        : 'changed';
    // Keep the fetched object when equal, so that later comparisons are by reference.
    if (spec === 'same') last.vega = this.fetched;
    return {
      kind: 'result',
      id,
      language: last.language,
      problems: last.problems,
      spec,
      reused,
      digest: digest(text),
      timings: { ...timings, total: now() - t0 },
    };
  }
}
