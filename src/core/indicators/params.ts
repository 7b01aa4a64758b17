/**
 * Parameter declarations shared by the indicator definitions, and the one check of the values a
 * spec gives. Ranges follow TA-Lib's (periods 2..100000 where TA-Lib says so), and start at 1
 * where a one-bar window has an obvious meaning (the bar itself: TA-Lib's own moving-average
 * dispatcher copies the input for a period of 1).
 */
import type { IndicatorDef, ParamSpec } from './types';

/** The largest period TA-Lib accepts; beyond it a window is longer than any useful chart. */
export const MAX_PERIOD = 100_000;

/** An integer window length in bars. */
export function period(value: number, description: string, min = 2): ParamSpec {
  return { default: value, min, max: MAX_PERIOD, integer: true, description };
}

/** A non-negative real factor (a multiplier, an acceleration). */
export function factor(value: number, description: string): ParamSpec {
  return { default: value, min: 0, description };
}

/** Why `value` is not acceptable for `spec`, or undefined when it is. */
export function paramProblem(spec: ParamSpec, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a finite number';
  if (spec.integer && !Number.isInteger(value)) return 'must be a whole number';
  if (spec.min !== undefined && value < spec.min) return `must be at least ${spec.min}`;
  if (spec.max !== undefined && value > spec.max) return `must be at most ${spec.max}`;
  return undefined;
}

/** One problem per bad or unknown parameter, keyed by the parameter's name. */
export function paramProblems(
  def: IndicatorDef,
  params: Partial<Record<string, unknown>> = {},
): { param: string; message: string }[] {
  const problems: { param: string; message: string }[] = [];
  for (const [param, value] of Object.entries(params)) {
    const spec = def.params[param];
    if (!spec) {
      const known = Object.keys(def.params);
      const message = known.length
        ? `${def.name} has no parameter "${param}" (it takes ${known.join(', ')})`
        : `${def.name} takes no parameters`;
      problems.push({ param, message });
      continue;
    }
    if (value === undefined) continue;
    const why = paramProblem(spec, value);
    if (why) problems.push({ param, message: `${def.name} ${param} ${why}` });
  }
  return problems;
}

/** The parameters with the defaults filled in; throws a RangeError naming the first bad one. */
export function resolveParams(def: IndicatorDef, params: Partial<Record<string, number>> = {}): Record<string, number> {
  const problem = paramProblems(def, params)[0];
  if (problem) throw new RangeError(problem.message);
  const out: Record<string, number> = {};
  for (const [name, spec] of Object.entries(def.params)) out[name] = params[name] ?? spec.default;
  return out;
}

/** A parameter of a resolved set (`resolveParams` fills every one in). */
export function arg(p: Record<string, number>, name: string): number {
  const value = p[name];
  if (value === undefined) throw new RangeError(`missing parameter "${name}"`);
  return value;
}
