import type { Spec as VegaSpec } from 'vega';
import type { Language } from '../core/language';
import type { Problem } from '../core/problem';

/** Main thread → worker: run the pipeline over this text. `id` orders requests. */
export interface PipelineRequest {
  id: number;
  text: string;
}

/** What the pipeline worker sends back: plain data, nothing with methods. */
export interface PipelineResponse {
  id: number;
  language: Language;
  problems: Problem[];
  vega?: VegaSpec;
  timings: { parse: number; expand: number; compile: number; validate: number; total: number };
}

export interface SchemaResponse {
  id: number;
  problems: Problem[];
  /** Milliseconds spent compiling the schema for this request (0 once compiled). */
  compileMs: number;
  validateMs: number;
}
