import type { Language } from './language';
import { rangeOfPointer, type ParsedDocument } from './parse';
import type { Problem } from './problem';

/** The part of an AJV error the pipeline reads (kept small so workers can post it). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  schemaPath: string;
}

/** Validates a spec against its language's schema. Built where compiling schemas is cheap to wait for. */
export interface Validator {
  validate(language: Language, spec: unknown): SchemaError[];
}

function describe(e: SchemaError): { message: string; part: 'key' | 'value'; path: string } {
  const p = e.params;
  switch (e.keyword) {
    case 'additionalProperties':
      return {
        message: `Unknown property "${String(p['additionalProperty'])}"`,
        part: 'key',
        path: `${e.instancePath}/${String(p['additionalProperty']).replace(/~/g, '~0').replace(/\//g, '~1')}`,
      };
    case 'required':
      return { message: `Missing required property "${String(p['missingProperty'])}"`, part: 'value', path: e.instancePath };
    case 'enum': {
      const allowed = (p['allowedValues'] as unknown[] | undefined) ?? [];
      const list = allowed.slice(0, 12).map((v) => JSON.stringify(v)).join(', ');
      return {
        message: `Must be one of ${list}${allowed.length > 12 ? ', …' : ''}`,
        part: 'value',
        path: e.instancePath,
      };
    }
    case 'const':
      return { message: `Must be ${JSON.stringify(p['allowedValue'])}`, part: 'value', path: e.instancePath };
    case 'type':
      return { message: `Must be ${String(p['type']).replace(/,/g, ' or ')}`, part: 'value', path: e.instancePath };
    default:
      return { message: e.message ? capitalize(e.message) : `Fails "${e.keyword}"`, part: 'value', path: e.instancePath };
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Schema errors as Problems. AJV reports every failing branch of every anyOf; keep the errors at
 * the deepest places (where the mistake is), one Problem per place.
 */
export function schemaProblems(doc: ParsedDocument, errors: readonly SchemaError[]): Problem[] {
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  const located = specific.map((e) => ({ e, d: describe(e) }));
  // AJV reports every failing branch of an anyOf. Two rules keep the branch the user meant:
  // a property is not "unknown" when another branch has errors inside it (that branch knows
  // it), and a place with errors deeper inside it is not itself the mistake.
  const within = (p: string, base: string) => p === base || p.startsWith(base + '/');
  const known = located.filter(
    ({ e, d }) => !(e.keyword === 'additionalProperties' && located.some((o) => o.e !== e && within(o.e.instancePath, d.path))),
  );
  const paths = known.map((x) => x.d.path);
  const leaves = known.filter(({ d }) => !paths.some((p) => p !== d.path && p.startsWith(d.path + '/')));
  const byPath = new Map<string, typeof leaves>();
  for (const x of leaves) byPath.set(x.d.path, [...(byPath.get(x.d.path) ?? []), x]);
  const out: Problem[] = [];
  for (const [path, group] of byPath) {
    // Prefer the most telling error at a place: unknown property, then enum, then type.
    const rank = (k: string) => ['additionalProperties', 'enum', 'const', 'required', 'type'].indexOf(k) + 1 || 9;
    const best = [...group].sort((a, b) => rank(a.e.keyword) - rank(b.e.keyword))[0]!;
    out.push({
      severity: 'error',
      message: best.d.message,
      source: 'schema',
      path,
      range: rangeOfPointer(doc, path, best.d.part),
    });
  }
  return out;
}

/** Schema problems for an already parsed text (none while it has syntax errors). */
export function validateDocument(doc: ParsedDocument, language: Language, validator: Validator): Problem[] {
  if (!doc.ok) return [];
  return schemaProblems(doc, validator.validate(language, doc.value));
}
