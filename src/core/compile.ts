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

/** Turns log entries of a stage into Problems placed where the text mentions what they name. */
export function logProblems(doc: ParsedDocument, entries: LogEntry[], source: Problem['source']): Problem[] {
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const e of entries) {
    if (!e.message || seen.has(e.level + e.message)) continue;
    seen.add(e.level + e.message);
    out.push({
      severity: e.level === 'error' ? 'error' : e.level === 'warn' ? 'warning' : 'info',
      message: e.message,
      source,
      ...locateMessage(doc, e.message),
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
