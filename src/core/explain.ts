import { didYouMean } from './suggest';
import type { SchemaError } from './validate';

/**
 * Explains why a value fails a JSON schema, one complaint per mistake.
 *
 * AJV answers "is it valid?" fast, but its errors for a failing value (with `allErrors`) list
 * every failing branch of every anyOf/oneOf: a misspelt encoding type also yields "unknown
 * property field" (from the datum branch) and "missing value" (from the value branch). They
 * cannot be regrouped by branch afterwards either: behind a `$ref` their schema paths restart
 * at the definition, and AJV's `verbose` errors would only add the failing sub-schema, not
 * which branch of which anyOf it belongs to.
 *
 * So a failing spec is walked again here, by an interpreter of the keywords the Vega-Lite and
 * Vega schemas use (type, const, enum, properties, additionalProperties, patternProperties,
 * required, items, the number/string/array/object limits, $ref, allOf, anyOf, oneOf, not). At
 * each anyOf/oneOf every branch is explained, and only the branch the user evidently meant
 * keeps its complaints (see `rank`); when every branch rejects the value outright (a string where
 * a number, "container" or an object may go) their expectations are merged into one. Results
 * are memoized per (schema node, place), so nested anyOfs cost no more than once each, and
 * valid objects behind a `$ref` are skipped after one call of AJV's compiled code
 * (`ExplainOptions.isValid`) or, without it, a quick walk that stops at the first complaint.
 *
 * Only failing specs pay for this: the caller runs AJV first and comes here when AJV says no.
 * AJV keeps the last word: should the explainer find nothing (a keyword it does not know), the
 * caller falls back to AJV's own errors. tests/unit/explain.test.ts checks that the two agree
 * on every conformance spec and on mutations of them.
 */

export type Schema = boolean | { readonly [keyword: string]: unknown };
type SchemaObject = { readonly [keyword: string]: unknown };

/** One thing a value may be, gathered from the branches that rejected it outright. */
export interface Alternative {
  /** A JSON type ("number", "object", …) … */
  type?: string;
  /** … or a literal value. */
  value?: unknown;
  /** The definition the alternative comes from, when it is one (`ExprRef`, `Step`, `signalRef`). */
  definition?: string;
}

export interface ExplainOptions {
  /**
   * A fast validity check of a value against a definition (`$ref`), such as AJV's compiled
   * code: valid parts of a failing spec are then skipped instead of interpreted. Undefined when
   * it cannot say.
   */
  isValid?: (ref: string, value: unknown) => boolean | undefined;
  /**
   * Skip valid objects behind a `$ref` (default): asked of `isValid`, or else of a quick walk of
   * this interpreter that stops at the first complaint. Off, every part is explained in full
   * (slower; tests use it to check the full walk against AJV).
   */
  skipValid?: boolean;
  /**
   * For an unknown property `key` in an object of definition `definition`: where such a
   * property belongs instead (a short code that `describe` in validate.ts words), if anywhere.
   */
  placement?: (definition: string | undefined, key: string) => { belongs: string; suggestion?: string } | undefined;
}

interface Result {
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

const VALID: Result = Object.freeze({
  issues: [],
  typeMiss: false,
  literalHit: false,
  discMisses: [],
  discHits: 0,
  shape: 0,
  known: 0,
}) as Result;

function fresh(): Result {
  return { issues: [], typeMiss: false, literalHit: false, discMisses: [], discHits: 0, shape: 0, known: 0 };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function hasType(v: unknown, t: string): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    default:
      return typeof v === t;
  }
}

/** Whether a literal alternative is of the same JSON type as the value (so the value was "close"). */
function sameKind(a: unknown, v: unknown): boolean {
  return jsonType(a) === jsonType(v);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

function escapeSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Keywords that do not validate. */
const ANNOTATIONS = new Set(['$ref', 'description', 'title', 'default', 'examples', '$comment', 'markdownDescription']);

function onlyRef(schema: SchemaObject): boolean {
  for (const k in schema) if (!ANNOTATIONS.has(k)) return false;
  return true;
}

const KIND_KEYWORDS = new Set(['type', 'enum', 'const', 'expected']);

/** The literal values an enum, const or merged complaint allows. */
function literalsOf(issue: SchemaError): unknown[] {
  const p = issue.params;
  if (issue.keyword === 'const') return [p['allowedValue']];
  if (issue.keyword === 'enum') return (p['allowedValues'] as unknown[]) ?? [];
  if (issue.keyword === 'expected') return ((p['alternatives'] as Alternative[]) ?? []).filter((a) => 'value' in a).map((a) => a.value);
  return [];
}

function issue(instancePath: string, keyword: string, params: Record<string, unknown>, definition: string | undefined): SchemaError {
  return { instancePath, keyword, params, schemaPath: `#/definitions/${definition ?? ''}/${keyword}`, resolved: true };
}

/**
 * An object whose `type` is not one of the allowed names gets no complaint about its other
 * properties: which properties exist depends on the type (`{"type": "gauge", "min": 0}` in a
 * Vega-Lite without the gauge mark is one mistake, not one per gauge option).
 */
function dropDependents(issues: SchemaError[]): SchemaError[] {
  const typeMissed = new Set(
    issues.filter((i) => i.instancePath.endsWith('/type') && literalsOf(i).some((v) => typeof v === 'string')).map((i) => i.instancePath.slice(0, -'/type'.length)),
  );
  if (typeMissed.size === 0) return issues;
  return issues.filter((i) => !((i.keyword === 'additionalProperties' || i.keyword === 'required') && typeMissed.has(i.instancePath)));
}

/**
 * Branch order among failing branches, the one the user evidently meant first:
 * 1. the value is of a JSON type the branch takes (a string is not meant for an object branch);
 * 2. no property holds the wrong one-and-only literal (`"type": "bar"` is not a boxplot);
 * 3. more properties hold a literal the branch names (`"type": "boxplot"` is one);
 * 4. fewer unknown and missing properties (a typo of a known property counts half: `feild`
 *    points at the field definition, not the datum one);
 * 5. fewer complaints in all; 6. more properties the branch knows; then the first branch.
 */
function rank(a: Result, b: Result): number {
  return (
    Number(a.typeMiss) - Number(b.typeMiss) ||
    a.discMisses.length - b.discMisses.length ||
    b.discHits - a.discHits ||
    a.shape - b.shape ||
    a.issues.length - b.issues.length ||
    b.known - a.known
  );
}

/** Dedupes alternatives, keeping their order. */
function uniqueAlternatives(alts: readonly Alternative[]): Alternative[] {
  const out: Alternative[] = [];
  for (const a of alts) {
    if ('value' in a ? out.some((o) => 'value' in o && deepEqual(o.value, a.value)) : out.some((o) => o.type === a.type && o.definition === a.definition)) continue;
    out.push(a);
  }
  return out;
}

export class SchemaExplainer {
  private readonly root: SchemaObject;
  private readonly options: ExplainOptions;
  private readonly patterns = new Map<string, RegExp>();
  private memo = new Map<object, Map<string, Result>>();
  /** Yes-or-no results of the quick check (see `quick`), kept apart from full explanations. */
  private quickMemo = new Map<object, Map<string, Result>>();
  /**
   * While set, the walk only answers "valid or not": it stops at the first complaint, and at
   * the first passing branch of an anyOf. Used to skip valid parts when no `isValid` is given.
   */
  private quick = false;
  private depth = 0;

  constructor(root: SchemaObject, options: ExplainOptions = {}) {
    this.root = root;
    this.options = options;
  }

  /** The schema a local `$ref` ("#/definitions/Name") points at, and the definition's name. */
  resolve(ref: string): { schema: Schema; name: string | undefined } {
    if (!ref.startsWith('#')) throw new Error(`cannot resolve $ref ${ref}`);
    const segments = ref
      .slice(1)
      .split('/')
      .slice(1)
      .map((s) => {
        let seg = s.replace(/~1/g, '/').replace(/~0/g, '~');
        try {
          seg = decodeURIComponent(seg);
        } catch {
          // Not percent-encoded: keep it as written.
        }
        return seg;
      });
    let node: unknown = this.root;
    for (const seg of segments) {
      if (!isObject(node) && !Array.isArray(node)) throw new Error(`cannot resolve $ref ${ref}`);
      node = (node as Record<string, unknown>)[seg];
    }
    if (node === undefined) throw new Error(`cannot resolve $ref ${ref}`);
    const name = segments.length === 2 && segments[0] === 'definitions' ? segments[1] : undefined;
    return { schema: node as Schema, name };
  }

  /** Complaints about `value` against `schema` (the root when not given): none when it is valid. */
  explain(value: unknown, schema: Schema = this.root, path = '', definition?: string): SchemaError[] {
    this.memo = new Map();
    this.quickMemo = new Map();
    try {
      return dropDependents(this.node(schema, value, path, definition).issues);
    } finally {
      this.memo = new Map();
      this.quickMemo = new Map();
    }
  }

  private node(schema: Schema, value: unknown, path: string, definition: string | undefined): Result {
    if (schema === true) return VALID;
    if (schema === false) {
      const r = fresh();
      r.issues.push(issue(path, 'false', {}, definition));
      return r;
    }
    const memo = this.quick ? this.quickMemo : this.memo;
    let byPath = memo.get(schema);
    const hit = byPath?.get(path);
    if (hit) return hit;
    // A valid object or array behind a $ref needs no explaining (primitives are cheap, and
    // whether they matched a literal counts when ranking branches).
    if (!this.quick && this.options.skipValid !== false && typeof value === 'object' && value !== null && typeof schema['$ref'] === 'string' && onlyRef(schema)) {
      if (this.isValid(schema, value, path)) return VALID;
    }
    if (++this.depth > 400) throw new Error('schema nesting too deep to explain');
    try {
      const r = this.evaluate(schema, value, path, definition);
      if (!byPath) memo.set(schema, (byPath = new Map()));
      byPath.set(path, r);
      return r;
    } finally {
      this.depth--;
    }
  }

  /** Whether the value is valid against a `$ref` schema: the caller's oracle, or a quick walk. */
  private isValid(schema: SchemaObject, value: unknown, path: string): boolean {
    const answer = this.options.isValid?.(schema['$ref'] as string, value);
    if (answer !== undefined) return answer;
    this.quick = true;
    try {
      return this.node(schema, value, path, undefined).issues.length === 0;
    } finally {
      this.quick = false;
    }
  }

  private evaluate(s: SchemaObject, value: unknown, path: string, definition: string | undefined): Result {
    const r = fresh();

    // The wrong kind of value: nothing else about it is worth saying.
    if (s['type'] !== undefined) {
      const types = (Array.isArray(s['type']) ? s['type'] : [s['type']]) as string[];
      if (!types.some((t) => hasType(value, t))) {
        r.typeMiss = true;
        r.alts = types.map((t) => (definition && t === 'object' ? { type: t, definition } : { type: t }));
        r.issues.push(issue(path, 'type', { type: types.join(','), ...(definition ? { definition } : {}) }, definition));
        return r;
      }
    }
    if (s['const'] !== undefined || Array.isArray(s['enum'])) {
      const allowed = s['const'] !== undefined ? [s['const']] : (s['enum'] as unknown[]);
      if (allowed.some((a) => deepEqual(a, value))) r.literalHit = true;
      else {
        r.typeMiss = !allowed.some((a) => sameKind(a, value));
        r.alts = allowed.map((v) => ({ value: v }));
        r.issues.push(
          s['const'] !== undefined
            ? issue(path, 'const', { allowedValue: s['const'] }, definition)
            : issue(path, 'enum', { allowedValues: allowed }, definition),
        );
        return r;
      }
    }

    const done = () => this.quick && r.issues.length > 0;
    if (typeof s['$ref'] === 'string') {
      const { schema, name } = this.resolve(s['$ref']);
      this.absorb(r, this.node(schema, value, path, name));
      if (done()) return r;
    }

    if (typeof value === 'number') this.number(s, value, path, definition, r);
    else if (typeof value === 'string') this.string(s, value, path, definition, r);
    else if (Array.isArray(value)) this.array(s, value, path, definition, r);
    else if (isObject(value)) this.object(s, value, path, definition, r);
    if (done()) return r;

    if (Array.isArray(s['allOf'])) {
      for (const sub of s['allOf'] as Schema[]) {
        this.absorb(r, this.node(sub, value, path, undefined));
        if (done()) return r;
      }
    }
    if (Array.isArray(s['anyOf'])) this.absorb(r, this.choose(s['anyOf'] as Schema[], value, path, 'anyOf', definition));
    if (done()) return r;
    if (Array.isArray(s['oneOf'])) this.absorb(r, this.choose(s['oneOf'] as Schema[], value, path, 'oneOf', definition));
    if (done()) return r;
    if (s['not'] !== undefined && this.node(s['not'] as Schema, value, path, undefined).issues.length === 0) {
      r.issues.push(issue(path, 'not', {}, definition));
    }

    if (r.issues.length > 0) this.settle(r, path);
    return r;
  }

  /** Takes in the result of a keyword that applies to the same value (`$ref`, `allOf`, a chosen branch). */
  private absorb(r: Result, sub: Result): void {
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
  private settle(r: Result, path: string): void {
    if (r.alts && !r.issues.every((i) => i.instancePath === path && KIND_KEYWORDS.has(i.keyword))) r.alts = undefined;
    const typos = new Set(
      r.issues
        .filter((i) => i.keyword === 'additionalProperties' && i.instancePath === path && typeof i.params['suggestion'] === 'string')
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

  private number(s: SchemaObject, v: number, path: string, def: string | undefined, r: Result): void {
    const limit = (k: string, fails: (l: number) => boolean, comparison: string) => {
      const l = s[k];
      if (typeof l === 'number' && fails(l)) r.issues.push(issue(path, k, { comparison, limit: l }, def));
    };
    limit('minimum', (l) => v < l, '>=');
    limit('maximum', (l) => v > l, '<=');
    limit('exclusiveMinimum', (l) => v <= l, '>');
    limit('exclusiveMaximum', (l) => v >= l, '<');
    const m = s['multipleOf'];
    if (typeof m === 'number' && !Number.isInteger(v / m)) r.issues.push(issue(path, 'multipleOf', { multipleOf: m }, def));
  }

  private string(s: SchemaObject, v: string, path: string, def: string | undefined, r: Result): void {
    const length = [...v].length;
    if (typeof s['minLength'] === 'number' && length < s['minLength']) r.issues.push(issue(path, 'minLength', { limit: s['minLength'] }, def));
    if (typeof s['maxLength'] === 'number' && length > s['maxLength']) r.issues.push(issue(path, 'maxLength', { limit: s['maxLength'] }, def));
    if (typeof s['pattern'] === 'string' && !this.regExp(s['pattern']).test(v)) {
      r.issues.push(issue(path, 'pattern', { pattern: s['pattern'] }, def));
    }
  }

  private regExp(pattern: string): RegExp {
    let re = this.patterns.get(pattern);
    if (!re) this.patterns.set(pattern, (re = new RegExp(pattern, 'u')));
    return re;
  }

  private array(s: SchemaObject, v: unknown[], path: string, def: string | undefined, r: Result): void {
    if (typeof s['minItems'] === 'number' && v.length < s['minItems']) r.issues.push(issue(path, 'minItems', { limit: s['minItems'] }, def));
    if (typeof s['maxItems'] === 'number' && v.length > s['maxItems']) r.issues.push(issue(path, 'maxItems', { limit: s['maxItems'] }, def));
    const items = s['items'];
    if (items === undefined) return;
    for (let i = 0; i < v.length; i++) {
      const schema = Array.isArray(items) ? (items[i] as Schema | undefined) ?? (s['additionalItems'] as Schema | undefined) : (items as Schema);
      if (schema === undefined) continue;
      const sub = this.node(schema, v[i], `${path}/${i}`, undefined);
      if (sub.issues.length) {
        r.issues.push(...sub.issues);
        if (this.quick) return;
      }
    }
  }

  private object(s: SchemaObject, v: Record<string, unknown>, path: string, def: string | undefined, r: Result): void {
    const properties = isObject(s['properties']) ? (s['properties'] as Record<string, Schema>) : undefined;
    const patternProperties = isObject(s['patternProperties']) ? (s['patternProperties'] as Record<string, Schema>) : undefined;
    const additional = s['additionalProperties'] as Schema | undefined;
    for (const key of Object.keys(v)) {
      const at = `${path}/${escapeSegment(key)}`;
      let matched = false;
      if (properties && Object.prototype.hasOwnProperty.call(properties, key)) {
        matched = true;
        r.known++;
        const sub = this.node(properties[key]!, v[key], at, undefined);
        if (sub.literalHit) r.discHits++;
        if (sub.issues.length) {
          r.issues.push(...sub.issues);
          // A property with one allowed literal says which alternative this is: `"type": "boxplot"`.
          if (sub.alts?.length === 1 && 'value' in sub.alts[0]!) r.discMisses.push(at);
        }
      }
      if (patternProperties) {
        for (const [pattern, schema] of Object.entries(patternProperties)) {
          if (!this.regExp(pattern).test(key)) continue;
          matched = true;
          r.issues.push(...this.node(schema, v[key], at, undefined).issues);
        }
      }
      if (this.quick && r.issues.length) return;
      if (matched || additional === undefined || additional === true) continue;
      if (additional === false) {
        const allowed = properties ? Object.keys(properties) : [];
        const suggestion = didYouMean(key, allowed);
        const place = suggestion ? undefined : this.options.placement?.(def, key);
        r.shape += suggestion ? 0.5 : 1;
        r.issues.push(
          issue(
            path,
            'additionalProperties',
            {
              additionalProperty: key,
              allowed,
              ...(suggestion ? { suggestion } : {}),
              ...(place ? { belongs: place.belongs, ...(place.suggestion ? { suggestion: place.suggestion } : {}) } : {}),
              ...(def ? { definition: def } : {}),
            },
            def,
          ),
        );
      } else {
        r.issues.push(...this.node(additional, v[key], at, undefined).issues);
      }
    }
    if (Array.isArray(s['required'])) {
      for (const name of s['required'] as string[]) {
        if (v[name] === undefined) {
          r.shape++;
          r.issues.push(issue(path, 'required', { missingProperty: name }, def));
        }
      }
    }
    const count = Object.keys(v).length;
    if (typeof s['minProperties'] === 'number' && count < s['minProperties']) r.issues.push(issue(path, 'minProperties', { limit: s['minProperties'] }, def));
    if (typeof s['maxProperties'] === 'number' && count > s['maxProperties']) r.issues.push(issue(path, 'maxProperties', { limit: s['maxProperties'] }, def));
  }

  /** anyOf/oneOf, yes or no: stops at the first passing branch (the second, for a oneOf). */
  private chooseQuickly(branches: readonly Schema[], value: unknown, path: string, kind: 'anyOf' | 'oneOf', def: string | undefined): Result {
    let passing: Result | undefined;
    let failing: Result | undefined;
    for (const b of branches) {
      const res = this.node(b, value, path, undefined);
      if (res.issues.length > 0) failing ??= res;
      else if (kind === 'anyOf' || passing) {
        if (kind === 'anyOf') return res;
        const r = fresh();
        r.issues.push(issue(path, 'oneOf', { passing: 2 }, def));
        return r;
      } else passing = res;
    }
    return passing ?? failing ?? VALID;
  }

  /** anyOf/oneOf: the branch the user meant, or one merged complaint when none comes close. */
  private choose(branches: readonly Schema[], value: unknown, path: string, kind: 'anyOf' | 'oneOf', def: string | undefined): Result {
    if (this.quick) return this.chooseQuickly(branches, value, path, kind, def);
    const results = branches.map((b) => this.node(b, value, path, undefined));
    const passing = results.filter((x) => x.issues.length === 0);
    if (kind === 'anyOf' ? passing.length > 0 : passing.length === 1) return passing[0]!;
    if (passing.length > 1) {
      const r = fresh();
      r.issues.push(issue(path, 'oneOf', { passing: passing.length }, def));
      return r;
    }

    // Every branch rejects the value outright (a string where a number, "container" or an
    // object may go): say what may go there, once.
    if (results.every((x) => x.alts)) {
      const alts = uniqueAlternatives(results.flatMap((x) => x.alts!));
      const r = fresh();
      r.alts = alts;
      r.typeMiss = !alts.some((a) => ('value' in a ? sameKind(a.value, value) : hasType(value, a.type!)));
      r.issues.push(issue(path, 'expected', { alternatives: alts }, def));
      return r;
    }

    // Every branch misses one property, each a different one (Vega's `on` needs "encode" or "update").
    if (results.every((x) => x.issues.length === 1 && x.issues[0]!.keyword === 'required' && x.issues[0]!.instancePath === path)) {
      const names = [...new Set(results.map((x) => x.issues[0]!.params['missingProperty'] as string))];
      const r = fresh();
      r.shape = 1;
      r.issues.push(issue(path, 'required', { missingProperty: names[0], ...(names.length > 1 ? { alternatives: names } : {}) }, def));
      return r;
    }

    const best = results.reduce((a, b) => (rank(b, a) < 0 ? b : a));
    // Gather the literals the other branches would take at a place where the best branch wants
    // another literal: `"type": "boxplt"` in a mark gets "boxplot" (from the composite marks)
    // beside "bar" and "line" (from MarkDef), and a Vega scale type is looked up among all the
    // scale kinds, not only those of the branch that ranked first.
    const literalPaths = new Set(
      best.issues.filter((i) => i.keyword === 'enum' || i.keyword === 'const' || (i.keyword === 'expected' && literalsOf(i).length)).map((i) => i.instancePath),
    );
    const extra = new Map<string, unknown[]>();
    for (const other of results) {
      if (other === best || other.typeMiss) continue;
      for (const at of other.issues) {
        if (!literalPaths.has(at.instancePath)) continue;
        const values = literalsOf(at);
        if (values.length) extra.set(at.instancePath, [...(extra.get(at.instancePath) ?? []), ...values]);
      }
    }
    // Every branch has the wrong literal in a discriminating property (`"type": "filterr"` in a
    // Vega transform): that is the one mistake, whatever else each branch would then want.
    let issues = best.issues;
    if (best.discMisses.length > 0) {
      const p = best.discMisses[0]!;
      issues = best.issues.filter((i) => i.instancePath === p);
    }
    if (extra.size === 0 && issues === best.issues) return best;
    return {
      ...best,
      discMisses: [...best.discMisses],
      issues: issues.map((i) => {
        const more = extra.get(i.instancePath);
        if (!more || !literalsOf(i).length) return i;
        if (i.keyword === 'expected') {
          const alternatives = uniqueAlternatives([...(i.params['alternatives'] as Alternative[]), ...more.map((value) => ({ value }))]);
          return { ...i, params: { ...i.params, alternatives } };
        }
        const values = uniqueAlternatives([...literalsOf(i), ...more].map((value) => ({ value }))).map((a) => a.value);
        return { ...i, keyword: 'enum', params: { allowedValues: values } };
      }),
    };
  }
}
