import { compile as vlCompile, type TopLevelSpec } from 'vega-lite';
import type { Spec as VegaSpec } from 'vega';
import { captureLogger, type LogEntry } from './logger';
import { locateMessage } from './locate';
import { findStringValues, rangeOfPointer, type ParsedDocument } from './parse';
import type { Problem } from './problem';
import { repeatNameClash } from './repeat-names';

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
  if (ingestion)
    return `Could not read ${ingestion[1]}: the server sent a web page instead of data (is the file name right?)`;
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
    const inExpression =
      EXPRESSION_PARSE_ERROR.test(e.message) && /\/(expr|filter|calculate|test|update|signal)$/.test(place.path);
    out.push({
      severity: severityOf(e),
      message: inExpression ? `Expression error: ${e.message}` : explain(e.message),
      source,
      ...place,
    });
  }
  return out;
}

/**
 * Field names vega-lite uses as keys of plain objects while it compiles aggregates: a field
 * `__proto__` adds properties to Object.prototype, `constructor` to Object itself, for the rest
 * of the worker's life (found by fuzzing).
 */
const UNSAFE_FIELDS = new Set(['__proto__', 'constructor']);

/** The first `"field"` in the spec named one of UNSAFE_FIELDS. Iterative: specs nest deep. */
function unsafeField(spec: unknown): string | undefined {
  const stack: unknown[] = [spec];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k === 'field' && typeof child === 'string' && UNSAFE_FIELDS.has(child)) return child;
        if (child && typeof child === 'object') stack.push(child);
      }
    }
  }
  return undefined;
}

/**
 * Where the spec has an own `__proto__` property (the parser keeps it as one), outside inline
 * data rows, named datasets and usermeta. vega-lite copies such objects by assignment, which sets their prototype: an array
 * there brought Array's methods into the compiled spec (found by fuzzing).
 */
function protoKey(spec: unknown): string | undefined {
  const stack: [unknown, string][] = [[spec, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (Array.isArray(v)) v.forEach((child, i) => stack.push([child, `${path}/${i}`]));
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const at = `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (k === '__proto__') return at;
        // Data rows, named datasets and usermeta are carried, not read as options.
        if ((k === 'values' && Array.isArray(child)) || ((k === 'usermeta' || k === 'datasets') && path === ''))
          continue;
        if (child && typeof child === 'object') stack.push([child, at]);
      }
    }
  }
  return undefined;
}

/** Compiles plain Vega-Lite to Vega, collecting vega-lite's warnings as Problems. */
export function compileVegaLite(spec: unknown, doc: ParsedDocument): CompileResult {
  const unsafe = unsafeField(spec);
  if (unsafe !== undefined) {
    const path = findStringValues(doc, (s) => s === unsafe, 1)[0] ?? '';
    return {
      vega: undefined,
      problems: [
        {
          severity: 'error',
          message: `A field named "${unsafe}" cannot be drawn: Vega-Lite would change JavaScript's own objects with it. Rename the column in the data.`,
          source: 'compile',
          path,
          range: rangeOfPointer(doc, path),
        },
      ],
    };
  }
  const proto = protoKey(spec);
  if (proto !== undefined) {
    return {
      vega: undefined,
      problems: [
        {
          severity: 'error',
          message:
            'A property named "__proto__" cannot be drawn: Vega-Lite would read it as the object\'s prototype. Remove it.',
          source: 'compile',
          path: proto,
          range: rangeOfPointer(doc, proto, 'key'),
        },
      ],
    };
  }
  const clash = repeatNameClash(spec);
  if (clash) {
    const [a, b] = clash.values.map((v) => JSON.stringify(v));
    return {
      vega: undefined,
      problems: [
        {
          severity: 'error',
          message: `Vega-Lite names the views repeated for ${a} and ${b} alike ("${clash.name}"), so they cannot be drawn (with layers, it never finishes compiling). Rename one of the fields.`,
          source: 'compile',
          path: clash.path,
          range: rangeOfPointer(doc, clash.path),
        },
      ],
    };
  }
  const entries: LogEntry[] = [];
  try {
    const { spec: vega } = vlCompile(spec as TopLevelSpec, { logger: captureLogger((e) => entries.push(e)) });
    return { vega, problems: logProblems(doc, entries, 'compile') };
  } catch (e) {
    entries.push({ level: 'error', message: e instanceof Error ? e.message : String(e) });
    return { vega: undefined, problems: logProblems(doc, entries, 'compile') };
  }
}
