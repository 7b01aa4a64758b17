import type { SchemaError } from './schema-error';

/**
 * What explaining one value against one schema node yields (explain.ts), and how results of
 * keywords that apply to the same value add up.
 */

/** One thing a value may be, gathered from the branches that rejected it outright. */
export interface Alternative {
  /** A JSON type ("number", "object", …) … */
  type?: string;
  /** … or a literal value. */
  value?: unknown;
  /** The definition the alternative comes from, when it is one (`ExprRef`, `Step`, `signalRef`). */
  definition?: string;
}

export interface Result {
  issues: SchemaError[];
  /** The value's JSON type is none the schema accepts here. */
  typeMiss: boolean;
  /**
   * Set when the value is the wrong kind of thing altogether: every complaint is a type, const
   * or enum one about the value itself. What would have been accepted.
   */
  alts?: Alternative[];
  /** The value equals a const/enum the schema names (a discriminator that matched). */
  literalHit: boolean;
  /** Properties whose one allowed literal differs (`"type": "bar"` where `"boxplot"` goes). */
  discMisses: string[];
  /** Properties whose value matched a const/enum. */
  discHits: number;
  /** Unknown and missing properties here (an unknown one that is a typo of a known one counts half). */
  shape: number;
  /** Properties of the value the schema knows. */
  known: number;
}

export const VALID: Result = Object.freeze({
  issues: [],
  typeMiss: false,
  literalHit: false,
  discMisses: [],
  discHits: 0,
  shape: 0,
  known: 0,
}) as Result;

export function fresh(): Result {
  return { issues: [], typeMiss: false, literalHit: false, discMisses: [], discHits: 0, shape: 0, known: 0 };
}

const KIND_KEYWORDS = new Set(['type', 'enum', 'const', 'expected']);

/** The literal values an enum, const or merged complaint allows. */
export function literalsOf(issue: SchemaError): unknown[] {
  const p = issue.params;
  if (issue.keyword === 'const') return [p['allowedValue']];
  if (issue.keyword === 'enum') return (p['allowedValues'] as unknown[]) ?? [];
  if (issue.keyword === 'expected')
    return ((p['alternatives'] as Alternative[]) ?? []).filter((a) => 'value' in a).map((a) => a.value);
  return [];
}

export function issue(
  instancePath: string,
  keyword: string,
  params: Record<string, unknown>,
  definition: string | undefined,
): SchemaError {
  return { instancePath, keyword, params, schemaPath: `#/definitions/${definition ?? ''}/${keyword}`, resolved: true };
}

/**
 * An object whose `type` is not one of the allowed names gets no complaint about its other
 * properties: which properties exist depends on the type (`{"type": "gauge", "min": 0}` in a
 * Vega-Lite without the gauge mark is one mistake, not one per gauge option).
 */
export function dropDependents(issues: SchemaError[]): SchemaError[] {
  const typeMissed = new Set(
    issues
      .filter((i) => i.instancePath.endsWith('/type') && literalsOf(i).some((v) => typeof v === 'string'))
      .map((i) => i.instancePath.slice(0, -'/type'.length)),
  );
  if (typeMissed.size === 0) return issues;
  return issues.filter(
    (i) => !((i.keyword === 'additionalProperties' || i.keyword === 'required') && typeMissed.has(i.instancePath)),
  );
}

/** Takes in the result of a keyword that applies to the same value (`$ref`, `allOf`, a chosen branch). */
export function absorb(r: Result, sub: Result): void {
  if (sub.issues.length) {
    const onlyKind = r.issues.length === 0 || r.alts !== undefined;
    r.issues.push(...sub.issues);
    if (onlyKind && sub.alts) r.alts = [...(r.alts ?? []), ...sub.alts];
  }
  r.typeMiss ||= sub.typeMiss;
  r.literalHit ||= sub.literalHit;
  r.discMisses.push(...sub.discMisses);
  r.discHits += sub.discHits;
  r.shape += sub.shape;
  r.known += sub.known;
}

/**
 * After all keywords: `alts` only stands when every complaint is about the value's kind, and a
 * missing property is not reported beside an unknown one that is its misspelling.
 */
export function settle(r: Result, path: string): void {
  if (r.alts && !r.issues.every((i) => i.instancePath === path && KIND_KEYWORDS.has(i.keyword))) r.alts = undefined;
  const typos = new Set(
    r.issues
      .filter(
        (i) =>
          i.keyword === 'additionalProperties' && i.instancePath === path && typeof i.params['suggestion'] === 'string',
      )
      .map((i) => i.params['suggestion'] as string),
  );
  if (typos.size === 0) return;
  const before = r.issues.length;
  r.issues = r.issues.filter((i) => {
    if (i.keyword !== 'required' || i.instancePath !== path) return true;
    const missing = (i.params['alternatives'] as string[] | undefined) ?? [i.params['missingProperty'] as string];
    return !missing.some((m) => typos.has(m));
  });
  r.shape -= before - r.issues.length;
}
