import { absorb, dropDependents, fresh, issue, settle, VALID, type Alternative, type Result } from './explain-result';
import { mergeBranches } from './explain-branches';
import { isObject } from './json';
import { deepEqual, hasType, sameKind } from './json-types';
import { didYouMean } from './suggest';
import type { SchemaError } from './schema-error';
import { boundedWalk } from './walk';

export type { Alternative };
export { deepEqual };

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

function escapeSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Keywords that do not validate. */
const ANNOTATIONS = new Set(['$ref', 'description', 'title', 'default', 'examples', '$comment', 'markdownDescription']);

function onlyRef(schema: SchemaObject): boolean {
  for (const k in schema) if (!ANNOTATIONS.has(k)) return false;
  return true;
}

/**
 * How many schema nodes deep the explainer goes. One level of a value takes two to four nodes
 * (its property's schema, a `$ref`, an anyOf branch, the definition), each several stack frames,
 * so a value as deep as the parser allows (MAX_DEPTH) would overflow a worker's stack before
 * cold code is optimized. Past this the explainer gives up, and the caller reports AJV's own
 * errors (`explainFailure` in precompiled.ts): about 100 value levels are explained, deeper ones
 * validated.
 */
const EXPLAIN_DEPTH = 400;

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
  /**
   * Evaluates a schema node one level further down the walk; unset between walks, when the next
   * `node` starts a new one at the top.
   */
  private descend:
    ((value: unknown, schema: SchemaObject, path: string, definition: string | undefined) => Result) | undefined;
  private readonly walk = boundedWalk<[SchemaObject, string, string | undefined], Result>(
    (value, next, schema, path, definition) => {
      const outer = this.descend;
      this.descend = next;
      try {
        return this.evaluate(schema, value, path, definition);
      } finally {
        this.descend = outer;
      }
    },
    () => {
      throw new Error('schema nesting too deep to explain');
    },
    EXPLAIN_DEPTH,
  );

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
    if (
      !this.quick &&
      this.options.skipValid !== false &&
      typeof value === 'object' &&
      value !== null &&
      typeof schema['$ref'] === 'string' &&
      onlyRef(schema)
    ) {
      if (this.isValid(schema, value, path)) return VALID;
    }
    const r = (this.descend ?? this.walk)(value, schema, path, definition);
    if (!byPath) memo.set(schema, (byPath = new Map()));
    byPath.set(path, r);
    return r;
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
        r.issues.push(
          issue(path, 'type', { type: types.join(','), ...(definition ? { definition } : {}) }, definition),
        );
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
      absorb(r, this.node(schema, value, path, name));
      if (done()) return r;
    }

    if (typeof value === 'number') this.number(s, value, path, definition, r);
    else if (typeof value === 'string') this.string(s, value, path, definition, r);
    else if (Array.isArray(value)) this.array(s, value, path, definition, r);
    else if (isObject(value)) this.object(s, value, path, definition, r);
    if (done()) return r;

    if (Array.isArray(s['allOf'])) {
      for (const sub of s['allOf'] as Schema[]) {
        absorb(r, this.node(sub, value, path, undefined));
        if (done()) return r;
      }
    }
    if (Array.isArray(s['anyOf'])) absorb(r, this.choose(s['anyOf'] as Schema[], value, path, 'anyOf', definition));
    if (done()) return r;
    if (Array.isArray(s['oneOf'])) absorb(r, this.choose(s['oneOf'] as Schema[], value, path, 'oneOf', definition));
    if (done()) return r;
    if (s['not'] !== undefined && this.node(s['not'] as Schema, value, path, undefined).issues.length === 0) {
      r.issues.push(issue(path, 'not', {}, definition));
    }

    if (r.issues.length > 0) settle(r, path);
    return r;
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
    if (typeof m === 'number' && !Number.isInteger(v / m))
      r.issues.push(issue(path, 'multipleOf', { multipleOf: m }, def));
  }

  private string(s: SchemaObject, v: string, path: string, def: string | undefined, r: Result): void {
    const length = [...v].length;
    if (typeof s['minLength'] === 'number' && length < s['minLength'])
      r.issues.push(issue(path, 'minLength', { limit: s['minLength'] }, def));
    if (typeof s['maxLength'] === 'number' && length > s['maxLength'])
      r.issues.push(issue(path, 'maxLength', { limit: s['maxLength'] }, def));
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
    if (typeof s['minItems'] === 'number' && v.length < s['minItems'])
      r.issues.push(issue(path, 'minItems', { limit: s['minItems'] }, def));
    if (typeof s['maxItems'] === 'number' && v.length > s['maxItems'])
      r.issues.push(issue(path, 'maxItems', { limit: s['maxItems'] }, def));
    const items = s['items'];
    if (items === undefined) return;
    for (let i = 0; i < v.length; i++) {
      const schema = Array.isArray(items)
        ? ((items[i] as Schema | undefined) ?? (s['additionalItems'] as Schema | undefined))
        : (items as Schema);
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
    const patternProperties = isObject(s['patternProperties'])
      ? (s['patternProperties'] as Record<string, Schema>)
      : undefined;
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
              ...(place
                ? { belongs: place.belongs, ...(place.suggestion ? { suggestion: place.suggestion } : {}) }
                : {}),
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
    if (typeof s['minProperties'] === 'number' && count < s['minProperties'])
      r.issues.push(issue(path, 'minProperties', { limit: s['minProperties'] }, def));
    if (typeof s['maxProperties'] === 'number' && count > s['maxProperties'])
      r.issues.push(issue(path, 'maxProperties', { limit: s['maxProperties'] }, def));
  }

  /** anyOf/oneOf, yes or no: stops at the first passing branch (the second, for a oneOf). */
  private chooseQuickly(
    branches: readonly Schema[],
    value: unknown,
    path: string,
    kind: 'anyOf' | 'oneOf',
    def: string | undefined,
  ): Result {
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
  private choose(
    branches: readonly Schema[],
    value: unknown,
    path: string,
    kind: 'anyOf' | 'oneOf',
    def: string | undefined,
  ): Result {
    if (this.quick) return this.chooseQuickly(branches, value, path, kind, def);
    const results = branches.map((b) => this.node(b, value, path, undefined));
    const passing = results.filter((x) => x.issues.length === 0);
    if (kind === 'anyOf' ? passing.length > 0 : passing.length === 1) return passing[0]!;
    if (passing.length > 1) {
      const r = fresh();
      r.issues.push(issue(path, 'oneOf', { passing: passing.length }, def));
      return r;
    }

    return mergeBranches(results, value, path, def);
  }
}
