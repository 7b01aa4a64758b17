import type { Severity } from '../problem';

/** A plain JSON object: what specs are made of. */
export type JsonObject = Record<string, unknown>;

/** What an extension mark reports; `path` is a JSON pointer relative to the unit spec. */
export interface MarkReport {
  severity: Severity;
  message: string;
  path: string;
}

export interface ExpandContext {
  /** Report a recoverable problem; expansion goes on. */
  report(problem: MarkReport): void;
  /** Encoding inherited from enclosing layers (a layer's `encoding` reaches its children). */
  parentEncoding: JsonObject | undefined;
}

/**
 * A composite mark: a unit spec whose `mark` names it is replaced, before vega-lite compiles,
 * by plain Vega-Lite (usually a layer). `normalize` is pure: it never mutates its input.
 */
export interface ExtensionMark {
  /** The mark type as written in `"mark": "<name>"` or `"mark": {"type": "<name>"}`. */
  readonly name: string;
  /** JSON schema of the mark definition, merged into the extended schema. */
  readonly schema?: JsonObject;
  normalize(spec: JsonObject, ctx: ExpandContext): JsonObject;
}
