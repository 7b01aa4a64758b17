import { runPipeline } from '../../src/core/pipeline';
import type { Validator } from '../../src/core/validate';
import type { Problem } from '../../src/core/problem';

const SEVERITIES = new Set(['error', 'warning', 'info']);
const SOURCES = new Set(['parse', 'schema', 'mark', 'compile', 'runtime']);

/** Messages that mean code broke, caught and turned into a Problem: counted, not failures. */
export const INTERNAL_ERROR =
  /Cannot read properties|is not a function|is not iterable|is not defined|Maximum call stack|undefined \(reading|Cannot convert|Invalid array length|could not be expanded|could not be checked/;

export interface CheckResult {
  /** Why the pipeline's answer is not acceptable; undefined when it is. */
  failure?: string;
  /** The outcome, for the summary: a chart, or which stage said no. */
  outcome: 'chart' | 'parse' | 'schema' | 'mark' | 'compile' | 'other';
  /** A problem that reports a caught internal error (a bug worth a look, but not a crash). */
  internal?: string;
}

const PROTOTYPES: [string, object][] = [
  ['Object', Object.prototype],
  ['Object', Object],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
];
const before = PROTOTYPES.map(([, p]) => new Set(Reflect.ownKeys(p)));

/**
 * A spec that added a property to a built-in object (`__proto__` keys or fields merged
 * somewhere). What was added is removed again, so one case does not fail every later one.
 */
function pollution(): string | undefined {
  const found: string[] = [];
  PROTOTYPES.forEach(([name, proto], i) => {
    for (const key of Reflect.ownKeys(proto)) {
      if (before[i]!.has(key)) continue;
      found.push(`${name}${proto === Object ? '' : '.prototype'}.${String(key)}`);
      delete (proto as Record<PropertyKey, unknown>)[key];
    }
  });
  return found.length ? `a built-in object was changed: ${found.join(', ')} added` : undefined;
}

function problemShapeError(p: Problem, textLength: number): string | undefined {
  if (!p || typeof p !== 'object') return 'a problem that is not an object';
  if (!SEVERITIES.has(p.severity)) return `a problem with severity ${String(p.severity)}`;
  if (!SOURCES.has(p.source)) return `a problem with source ${String(p.source)}`;
  if (typeof p.message !== 'string' || p.message.trim() === '') return 'a problem without a message';
  if (typeof p.path !== 'string' || (p.path !== '' && !p.path.startsWith('/')))
    return `a problem with path ${String(p.path)}`;
  const { start, end } = p.range ?? ({} as Problem['range']);
  for (const pos of [start, end]) {
    if (!pos || !Number.isInteger(pos.offset) || !Number.isInteger(pos.line) || !Number.isInteger(pos.column))
      return `a problem with a broken range: ${p.message}`;
    if (pos.offset < 0 || pos.offset > textLength || pos.line < 1 || pos.column < 1)
      return `a problem outside the text: ${p.message}`;
  }
  if (end.offset < start.offset) return `a problem whose range ends before it starts: ${p.message}`;
  return undefined;
}

/**
 * Runs one text through the whole core (parse → validate → expand → compile → prepare) and
 * checks the answer: no exception; every problem well formed and inside the text; no chart
 * means at least one error says why; what the app's worker posts survives structured cloning.
 */
export function checkText(text: string, validator: Validator): CheckResult {
  let result;
  try {
    result = runPipeline(text, { validator });
  } catch (e) {
    return { failure: `threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, outcome: 'other' };
  }
  const polluted = pollution();
  if (polluted) return { failure: polluted, outcome: 'other' };
  for (const p of result.problems) {
    const bad = problemShapeError(p, text.length);
    if (bad) return { failure: bad, outcome: 'other' };
  }
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (!result.vega && errors.length === 0) return { failure: 'no chart and no error that says why', outcome: 'other' };
  try {
    structuredClone({ problems: result.problems, vega: result.vega });
  } catch (e) {
    return {
      failure: `the result cannot be posted from the worker: ${e instanceof Error ? e.message : String(e)}`,
      outcome: 'other',
    };
  }
  const internal = result.problems.find((p) => INTERNAL_ERROR.test(p.message))?.message;
  const outcome =
    result.vega && errors.length === 0 ? 'chart' : ((errors[0]?.source ?? 'other') as CheckResult['outcome']);
  return { outcome, ...(internal ? { internal } : {}) };
}
