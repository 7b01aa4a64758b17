import type { Spec as VegaSpec } from 'vega';
import type { Language } from '../core/language';
import type { LogEntry } from '../core/logger';
import type { Problem } from '../core/problem';
import type { DataPatch } from '../core/data-patch';

/** Main thread → worker: run the pipeline over this text. `id` orders requests. */
export interface PipelineRequest {
  kind?: 'text';
  id: number;
  text: string;
  /** The chart theme to draw in (a vega-themes name), if any. */
  theme?: string;
}

/** Main thread → pipeline worker: send the Vega spec compiled from text `id` (see `spec`). */
export interface SpecRequest {
  kind: 'spec';
  id: number;
  /** The number of the spec the page holds (`SpecResponse.seq`): the worker may send a patch to it. */
  base?: number;
}

/** Main thread → pipeline worker: place Vega's runtime messages in text `id`. */
export interface RuntimeRequest {
  kind: 'runtime';
  id: number;
  /** Echoed in the answer, so the page knows which request it answers. */
  key: number;
  entries: LogEntry[];
}

/** Main thread → pipeline worker: the specs compiled from text `id`, as text (the Compiled tab). */
export interface CompiledRequest {
  kind: 'compiled';
  id: number;
}

export type PipelineMessage = PipelineRequest | SpecRequest | RuntimeRequest | CompiledRequest;

/**
 * What the pipeline worker sends back for a text: plain data, nothing with methods. The Vega
 * spec itself (with inline data it can be megabytes) is not in it: `spec` says whether there is
 * one and whether it differs from the last one the page fetched, and the page asks for it with a
 * `SpecRequest` only when the answer is still the newest — a result overtaken by later typing
 * costs the main thread nothing.
 */
export interface PipelineResponse {
  kind: 'result';
  id: number;
  language: Language;
  problems: Problem[];
  /** `none`: nothing to draw; `same`: equal to the last spec fetched; `changed`: fetch it. */
  spec: 'none' | 'same' | 'changed';
  /** The parsed value equalled the previous text's (an edit of spacing only): not recompiled. */
  reused: boolean;
  /** `digest(text)` (src/core/text.ts), for the lock-out mark: the page never walks the text for it. */
  digest: string;
  timings: { parse: number; expand: number; compile: number; validate: number; total: number };
}

export interface SpecResponse {
  kind: 'spec';
  id: number;
  /** Absent when text `id` is no longer the worker's latest, or when `patch` says it. */
  vega?: VegaSpec;
  /** The rows that changed from the spec numbered `base` (see src/core/data-patch.ts). */
  patch?: DataPatch;
  base?: number;
  /** This spec's number, for the next request's `base`. */
  seq?: number;
}

export interface RuntimeResponse {
  kind: 'runtime';
  id: number;
  key: number;
  /** Absent when text `id` is no longer known to the worker. */
  problems?: Problem[];
}

/**
 * The specs of text `id`, formatted in the worker (megabytes of inline data are stringified off
 * the main thread). Absent when the worker no longer holds a compile of that text.
 */
export interface CompiledResponse {
  kind: 'compiled';
  id: number;
  texts?: {
    /** The spec as standard Vega-Lite (extension marks expanded); absent for a Vega spec. */
    vegaLite?: string;
    vega: string;
  };
}

export type PipelineAnswer = PipelineResponse | SpecResponse | RuntimeResponse | CompiledResponse;

/** Main thread → schema worker: check this text against the schema. */
export interface SchemaRequest extends PipelineRequest {
  /**
   * The page has drawn its first chart: the worker may now load AJV's precompiled validators
   * (megabytes of script), which then answer instead of the first validator.
   */
  precise?: boolean;
}

export interface SchemaResponse {
  id: number;
  problems: Problem[];
  /** Milliseconds spent readying the validator for this request (0 once ready). */
  compileMs: number;
  validateMs: number;
  /** Which validator said whether the text is valid (see src/core/quick-validate.ts). */
  by?: 'quick' | 'precompiled';
}
