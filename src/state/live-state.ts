import type { Spec as VegaSpec, View } from 'vega';
import type { LogEntry } from '../core/logger';
import type { Problem } from '../core/problem';
import type { CompiledResponse, PipelineResponse, SchemaResponse } from '../workers/protocol';

/** A compiled spec and the text version it is current for. */
export interface Compiled {
  spec: VegaSpec;
  version: number;
}

/** What the live loop knows: the text, the workers' answers about it, and the chart pane's. */
export interface LiveState {
  text: string;
  /** The pipeline's answer for the newest text. */
  result?: PipelineResponse;
  /** The schema check's answer (for the newest text, or an older one while it works). */
  schema?: SchemaResponse;
  /**
   * The newest spec that compiled. An edit that compiles to the same Vega (spacing, key order)
   * keeps the same spec object with a new version, so nothing redraws.
   */
  candidate?: Compiled;
  /** The last spec that became a view. */
  drawn?: Compiled;
  /** A spec that could not become a view. */
  failed?: VegaSpec;
  /** Vega's runtime messages for a spec. */
  runtime?: { spec: VegaSpec; entries: LogEntry[] };
  /** Runtime messages placed in text `id` by the pipeline worker (it holds the parsed text). */
  runtimePlaced?: { id: number; entries: LogEntry[]; problems: Problem[] };
  /**
   * The first chart is on screen, or it is clear none is coming: Monaco and the precise schema
   * check may start loading now without delaying it.
   */
  booted: boolean;
  /** Monaco's turn to load: the first schema check answered, or a moment after `booted`. */
  editorTurn: boolean;
  /** Lock-out: nothing is compiled or drawn until the user asks (Run now). */
  paused: boolean;
  workerFailure?: Problem;
  /** Why the last autosave failed (storage full, …). */
  saveWarning?: string;
  /** The Vega view on screen, for exports. */
  view?: View;
  /** The specs of a compiled text as text, asked for by the Compiled tab (`askCompiled`). */
  compiledTexts?: CompiledResponse;
}
