import { compile as vlCompile, type TopLevelSpec } from 'vega-lite';
import type { Spec as VegaSpec } from 'vega';
import { captureLogger, type LogEntry } from './logger';
import { locateMessage } from './locate';
import type { ParsedDocument } from './parse';
import type { Problem } from './problem';

export interface CompileResult {
  vega: VegaSpec | undefined;
  problems: Problem[];
}

/** Vega logs a data file that cannot be loaded as a warning, but the chart is then empty. */
function severityOf(e: LogEntry): Problem['severity'] {
  if (e.level === 'error' || /^(Loading|Data ingestion) failed/.test(e.message)) return 'error';
  return e.level === 'warn' ? 'warning' : 'info';
}

const EXPRESSION_PARSE_ERROR = /^(Unexpected|Unterminated|Illegal|Invalid|Expected|Unrecognized)\b/;

/** Says what Vega's terse data-loading messages mean. */
function explain(message: string): string {
  const ingestion = /^Data ingestion failed (\S+) .*Unexpected token '<'/.exec(message);
  if (ingestion) return `Could not read ${ingestion[1]}: the server sent a web page instead of data (is the file name right?)`;
  const loading = /^Loading failed (\S+)\s*(.*)$/.exec(message);
  if (loading) return `Could not load ${loading[1]}${loading[2] ? `: ${loading[2]}` : ''}`;
  return message;
}

/** Turns log entries of a stage into Problems placed where the text mentions what they name. */
export function logProblems(doc: ParsedDocument, entries: LogEntry[], source: Problem['source']): Problem[] {
  const seen = new Set<string>();
  const out: Problem[] = [];
  // When data failed to load, the empty-extent warnings that follow only repeat it.
  const dataFailed = entries.some((e) => /^(Loading|Data ingestion) failed/.test(e.message));
  for (const e of entries) {
    if (dataFailed && /^Infinite extent for field/.test(e.message)) continue;
    if (!e.message || seen.has(e.level + e.message)) continue;
    seen.add(e.level + e.message);
    const place = locateMessage(doc, e.message);
    const inExpression = EXPRESSION_PARSE_ERROR.test(e.message) && /\/(expr|filter|calculate|test|update|signal)$/.test(place.path);
    out.push({
      severity: severityOf(e),
      message: inExpression ? `Expression error: ${e.message}` : explain(e.message),
      source,
      ...place,
    });
  }
  return out;
}

/** Compiles plain Vega-Lite to Vega, collecting vega-lite's warnings as Problems. */
export function compileVegaLite(spec: unknown, doc: ParsedDocument): CompileResult {
  const entries: LogEntry[] = [];
  try {
    const { spec: vega } = vlCompile(spec as TopLevelSpec, { logger: captureLogger((e) => entries.push(e)) });
    return { vega, problems: logProblems(doc, entries, 'compile') };
  } catch (e) {
    entries.push({ level: 'error', message: e instanceof Error ? e.message : String(e) });
    return { vega: undefined, problems: logProblems(doc, entries, 'compile') };
  }
}
