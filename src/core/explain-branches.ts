import { deepEqual, hasType, sameKind } from './json-types';
import { fresh, issue, literalsOf, type Alternative, type Result } from './explain-result';

/**
 * How an anyOf/oneOf whose branches all fail is explained: the branch the user evidently meant
 * keeps its complaints, or every branch's expectations merge into one (see explain.ts).
 */

/**
 * Branch order among failing branches, the one the user evidently meant first:
 * 1. the value is of a JSON type the branch takes (a string is not meant for an object branch);
 * 2. no property holds the wrong one-and-only literal (`"type": "bar"` is not a boxplot);
 * 3. more properties hold a literal the branch names (`"type": "boxplot"` is one);
 * 4. fewer unknown and missing properties (a typo of a known property counts half: `feild`
 *    points at the field definition, not the datum one);
 * 5. fewer complaints in all; 6. more properties the branch knows; then the first branch.
 */
export function rank(a: Result, b: Result): number {
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
export function uniqueAlternatives(alts: readonly Alternative[]): Alternative[] {
  const out: Alternative[] = [];
  for (const a of alts) {
    if (
      'value' in a
        ? out.some((o) => 'value' in o && deepEqual(o.value, a.value))
        : out.some((o) => o.type === a.type && o.definition === a.definition)
    )
      continue;
    out.push(a);
  }
  return out;
}

/**
 * The failing branches' results (none passed, or more than one of a oneOf did not) made into
 * one: the branch the user meant, or one merged complaint when none comes close.
 */
export function mergeBranches(
  results: readonly Result[],
  value: unknown,
  path: string,
  def: string | undefined,
): Result {
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
  if (
    results.every(
      (x) => x.issues.length === 1 && x.issues[0]!.keyword === 'required' && x.issues[0]!.instancePath === path,
    )
  ) {
    const names = [...new Set(results.map((x) => x.issues[0]!.params['missingProperty'] as string))];
    const r = fresh();
    r.shape = 1;
    r.issues.push(
      issue(path, 'required', { missingProperty: names[0], ...(names.length > 1 ? { alternatives: names } : {}) }, def),
    );
    return r;
  }

  const best = results.reduce((a, b) => (rank(b, a) < 0 ? b : a));
  // Gather the literals the other branches would take at a place where the best branch wants
  // another literal: `"type": "boxplt"` in a mark gets "boxplot" (from the composite marks)
  // beside "bar" and "line" (from MarkDef), and a Vega scale type is looked up among all the
  // scale kinds, not only those of the branch that ranked first.
  const literalPaths = new Set(
    best.issues
      .filter(
        (i) => i.keyword === 'enum' || i.keyword === 'const' || (i.keyword === 'expected' && literalsOf(i).length),
      )
      .map((i) => i.instancePath),
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
        const alternatives = uniqueAlternatives([
          ...(i.params['alternatives'] as Alternative[]),
          ...more.map((value) => ({ value })),
        ]);
        return { ...i, params: { ...i.params, alternatives } };
      }
      const values = uniqueAlternatives([...literalsOf(i), ...more].map((value) => ({ value }))).map((a) => a.value);
      return { ...i, keyword: 'enum', params: { allowedValues: values } };
    }),
  };
}
