/** Where a problem sits in the text: 1-based line and column, 0-based offset. */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'info';

/** The pipeline stage that found the problem. */
export type ProblemSource = 'parse' | 'schema' | 'mark' | 'compile' | 'runtime';

/**
 * Every stage of the pipeline speaks in Problems, so the editor markers, the Problems list and
 * the command line all show the same thing.
 */
export interface Problem {
  severity: Severity;
  message: string;
  source: ProblemSource;
  /** JSON pointer into the spec ("" is the whole spec). */
  path: string;
  range: Range;
  /**
   * The properties a mark says are absent (`"close"` for a candlestick without a close channel).
   * With `suggests`, what lets one mistake be reported once (see `mergeProblems`).
   */
  missing?: string[];
  /** The name an unknown property's error suggests instead ("Did you mean "close"?"). */
  suggests?: string;
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Errors first, then by position, so the list reads top to bottom like the text. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      severityRank[a.severity] - severityRank[b.severity] ||
      a.range.start.offset - b.range.start.offset ||
      a.message.localeCompare(b.message),
  );
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** `3:14` — how a position is written in the Problems list and on the command line. */
export function formatPosition(p: Position): string {
  return `${p.line}:${p.column}`;
}

/**
 * Joins the Problems of the stages that ran apart (pipeline, schema check, renderer), one entry
 * per mistake. A schema complaint about a place the pipeline already reported an error at says
 * the same thing twice. Where the schema names a mistake, what follows from it is dropped: a
 * mark's warning at that place ("using the default"), a mark's missing channel that a misspelt
 * key names ("clsoe": the schema suggests "close"; the mark misses "close"), and vega-lite's
 * echoes (below).
 */
export function mergeProblems(pipeline: readonly Problem[], ...others: (readonly Problem[])[]): Problem[] {
  const errorPaths = new Set(pipeline.filter((p) => p.severity === 'error').map((p) => p.path));
  const rest = others.flat().filter((p) => !(p.source === 'schema' && errorPaths.has(p.path)));
  // Where the schema names the mistake, what vega-lite said about it is a consequence: an error
  // it could not place ("Invalid field type "undefined"") or a warning about the enclosing part
  // ("Dropping … from channel "x"") only repeats it, less clearly.
  const schema = rest.filter((p) => p.source === 'schema' && p.severity === 'error');
  const schemaErrors = schema.map((p) => p.path);
  const suggested = new Set(schema.flatMap((p) => (p.suggests ? [p.suggests] : [])));
  const follows = (p: Problem) =>
    (p.source === 'mark' &&
      ((p.severity !== 'error' && schemaErrors.includes(p.path)) ||
        (!!p.missing?.length && p.missing.every((name) => suggested.has(name))))) ||
    (p.source === 'compile' &&
      schemaErrors.length > 0 &&
      ((p.severity === 'error' && p.path === '') ||
        (p.severity === 'warning' &&
          p.path !== '' &&
          schemaErrors.some((s) => s === p.path || s.startsWith(p.path + '/')))));
  return sortProblems([...pipeline.filter((p) => !follows(p)), ...rest]);
}
