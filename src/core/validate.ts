import type { Alternative } from './explain-result';
import { RANGE_PATTERN } from './explore';
import type { SchemaError } from './schema-error';
import type { Language } from './language';
import { rangeOfPointer, type ParsedDocument } from './parse';
import { fromPointer } from './pointer';
import type { Problem } from './problem';
import { didYouMean, listWords } from './suggest';

export type { SchemaError };

/** Validates a spec against its language's schema. Built where compiling schemas is cheap to wait for. */
export interface Validator {
  validate(language: Language, spec: unknown): SchemaError[];
}

/** Literal values are listed when there are at most this many. */
const FEW = 8;

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  integer: 'a whole number',
  string: 'a string',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** Objects that are better shown than named. */
const OBJECT_WORDS: Record<string, string> = {
  ExprRef: '{"expr": …}',
  Step: '{"step": …}',
  signalRef: '{"signal": …}',
};

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const seg of fromPointer(pointer)) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

const isIndex = (s: string | undefined) => s !== undefined && /^\d+$/.test(s);

function singular(word: string): string {
  if (word === 'axes') return 'axis';
  return word.endsWith('s') && word.length > 3 ? word.slice(0, -1) : word;
}

/** What the Problem is about, to start a sentence: `"width"`, `Item 2 of "layer"`, `The spec`. */
function subjectOf(path: string): string {
  const segs = fromPointer(path);
  const key = segs[segs.length - 1];
  if (key === undefined) return 'The spec';
  if (isIndex(key)) {
    const parent = segs[segs.length - 2];
    return parent === undefined ? `Item ${Number(key) + 1}` : `Item ${Number(key) + 1} of "${parent}"`;
  }
  return `"${key}"`;
}

/** Keys whose values are names of a kind of thing: "Unknown timeUnit …" reads right for them. */
const NOUN_KEYS = new Set([
  'mark',
  'timeUnit',
  'unit',
  'aggregate',
  'op',
  'scheme',
  'interpolate',
  'orient',
  'repeat',
  'sort',
  'shape',
  'autosize',
  'stack',
  'align',
  'baseline',
  'anchor',
  'select',
  'format',
  'projection',
  'cursor',
  'blend',
  'encoding',
]);

/**
 * How an unknown name is introduced: `Unknown type "x"`, `Unknown mark type "x"`, `Unknown
 * timeUnit "x"`, or for keys that do not name a kind, `Unknown value "x" for "color"`.
 */
function unknownName(path: string, value: string): string {
  const name = valueName(path);
  if (name === 'type' || name.endsWith(' type') || NOUN_KEYS.has(name)) return `Unknown ${name} "${value}"`;
  const key = fromPointer(path).pop();
  return key === undefined || isIndex(key) ? `Unknown value "${value}"` : `Unknown value "${value}" for "${key}"`;
}

/** The kind of name a string value is: `type`, `mark type`, `scale type`, `timeUnit`. */
function valueName(path: string): string {
  const segs = fromPointer(path);
  const key = segs[segs.length - 1];
  if (key === undefined) return 'value';
  if (isIndex(key)) {
    const parent = segs[segs.length - 2];
    return parent && !isIndex(parent) ? singular(parent) : 'value';
  }
  if (key !== 'type') return key;
  // A field definition's type (in a channel, its condition, a tooltip list, a facet) is just "type".
  const defAt = Math.max(segs.lastIndexOf('encoding'), segs.lastIndexOf('facet'));
  if (defAt >= 0 && segs.slice(defAt + 2, -1).every((s) => s === 'condition' || isIndex(s))) return key;
  const owner = segs[segs.length - 2];
  if (owner === undefined) return key;
  if (isIndex(owner)) {
    const list = segs[segs.length - 3];
    return list && !isIndex(list) ? `${singular(list)} type` : key;
  }
  return `${owner} type`;
}

function literal(v: unknown): string {
  return JSON.stringify(v) ?? String(v);
}

/** `a number, "container" or {"step": …}` */
function phrase(alts: readonly Alternative[]): string {
  const literals = alts.filter((a) => 'value' in a);
  const words: string[] = [];
  let literalsShown = false;
  for (const a of alts) {
    let w: string;
    if ('value' in a) {
      if (literals.length > FEW) {
        if (literalsShown) continue;
        literalsShown = true;
        const examples = literals.slice(0, 2).map((l) => literal(l.value));
        w = `${literals.every((l) => typeof l.value === 'string') ? 'a name' : 'a value'} such as ${examples.join(' or ')}`;
      } else w = literal(a.value);
    } else if (a.type === 'boolean') {
      for (const b of ['true', 'false']) if (!words.includes(b)) words.push(b);
      continue;
    } else
      w =
        (a.type === 'object' && a.definition && OBJECT_WORDS[a.definition]) ||
        TYPE_WORDS[a.type ?? ''] ||
        `a ${a.type}`;
    if (!words.includes(w)) words.push(w);
  }
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** For a value of the wrong kind, or not one of the allowed literals. */
function kindMessage(path: string, value: unknown, alts: readonly Alternative[]): string {
  const subject = subjectOf(path);
  const strings = alts.filter((a) => typeof a.value === 'string').map((a) => a.value as string);
  if (typeof value === 'string' && strings.length > 0) {
    const unknown = unknownName(path, value);
    const guess = didYouMean(value, strings);
    if (guess) return `${unknown}. Did you mean "${guess}"?`;
    if (strings.length === alts.length) {
      return strings.length <= FEW
        ? `${unknown}. Use ${listWords(strings)}`
        : `${unknown} (for example ${listWords(strings.slice(0, 3))})`;
    }
  }
  const types = new Set(alts.map((a) => a.type));
  if (
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value)) &&
    (types.has('number') || types.has('integer'))
  ) {
    return `${subject} must be a number: write ${value.trim()} without quotes`;
  }
  if ((value === 'true' || value === 'false') && types.has('boolean'))
    return `${subject} must be true or false, without quotes`;
  if (value === 'null' && types.has('null')) return `${subject} must be ${phrase(alts)}: write null without quotes`;
  return `${subject} must be ${phrase(alts)}`;
}

const PLACES: Record<string, (key: string) => string> = {
  channel: (k) =>
    `"${k}" is not a channel: it goes inside one, e.g. "x": {${k === 'field' ? '' : '"field": …, '}"${k}": …}`,
  encoding: (k) => `"${k}" is a channel: it goes inside "encoding"`,
  'encoding-or-mark': (k) =>
    `"${k}" goes inside "encoding" (to show a field) or inside "mark" (one value for all marks)`,
  'channel-property': (k) => `"${k}" goes inside an encoding channel, e.g. "encoding": {"x": {"field": …, "${k}": …}}`,
  mark: (k) => `"${k}" is a mark property: it goes inside "mark", e.g. "mark": {"type": …, "${k}": …}`,
  views: (k) =>
    `"${k}" is a view's size: give each view its own (inside "vconcat", "hconcat" or "concat" items, or "spec" of a facet or repeat)`,
  layer: (k) => `"${k}" does not go beside "layer": each layer has its own, e.g. "layer": [{"${k}": …}, …]`,
  params: (k) =>
    `"${k}" is Vega-Lite 4: since version 5 selections are "params", e.g. "params": [{"name": "brush", "select": "interval"}]`,
};

/** The message for a key the schema does not allow, and the name it suggests instead. */
function unknownProperty(e: SchemaError): { message: string; suggests?: string } {
  const key = String(e.params['additionalProperty']);
  const allowed = Array.isArray(e.params['allowed']) ? (e.params['allowed'] as string[]) : [];
  const suggestion = typeof e.params['suggestion'] === 'string' ? e.params['suggestion'] : didYouMean(key, allowed);
  const belongs = typeof e.params['belongs'] === 'string' ? e.params['belongs'] : undefined;
  if (belongs && suggestion)
    return {
      message: `Unknown property "${key}". Did you mean "${suggestion}"? It goes inside "encoding"`,
      suggests: suggestion,
    };
  if (belongs && PLACES[belongs]) return { message: PLACES[belongs](key) };
  return suggestion
    ? { message: `Unknown property "${key}". Did you mean "${suggestion}"?`, suggests: suggestion }
    : { message: `Unknown property "${key}"` };
}

function plural(n: unknown, word: string): string {
  if (n === 1) return `1 ${word}`;
  return `${String(n)} ${word.endsWith('y') ? word.slice(0, -1) + 'ies' : word + 's'}`;
}

/** Keywords whose message names `params.limit` (AJV's own errors carry it too). */
const LIMITS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
]);

interface Described {
  message: string;
  part: 'key' | 'value';
  path: string;
  suggests?: string;
}

function describe(e: SchemaError, doc: ParsedDocument): Described {
  const p = e.params;
  const path = e.instancePath;
  const subject = subjectOf(path);
  const value = () => valueAt(doc.value, path);
  const at = (message: string) => ({ message, part: 'value' as const, path });
  const ajvMessage = () => at(e.message ? capitalize(e.message) : `Fails "${e.keyword}"`);
  if (LIMITS.has(e.keyword) && p['limit'] === undefined) return ajvMessage();
  switch (e.keyword) {
    case 'additionalProperties':
      return {
        ...unknownProperty(e),
        part: 'key',
        path: `${path}/${String(p['additionalProperty']).replace(/~/g, '~0').replace(/\//g, '~1')}`,
      };
    case 'required': {
      const names = Array.isArray(p['alternatives']) ? (p['alternatives'] as string[]) : [String(p['missingProperty'])];
      return at(`Missing required property ${listWords(names)}`);
    }
    case 'expected':
      return at(kindMessage(path, value(), (p['alternatives'] as Alternative[] | undefined) ?? []));
    case 'enum':
      return at(
        kindMessage(
          path,
          value(),
          ((p['allowedValues'] as unknown[] | undefined) ?? []).map((v) => ({ value: v })),
        ),
      );
    case 'const':
      return at(kindMessage(path, value(), [{ value: p['allowedValue'] }]));
    case 'type': {
      const def = typeof p['definition'] === 'string' ? p['definition'] : undefined;
      const types = String(p['type']).split(',');
      return at(
        kindMessage(
          path,
          value(),
          types.map((t) => (def && t === 'object' ? { type: t, definition: def } : { type: t })),
        ),
      );
    }
    case 'minimum':
      return at(`${subject} must be at least ${String(p['limit'])}`);
    case 'maximum':
      return at(`${subject} must be at most ${String(p['limit'])}`);
    case 'exclusiveMinimum':
      return at(`${subject} must be greater than ${String(p['limit'])}`);
    case 'exclusiveMaximum':
      return at(`${subject} must be less than ${String(p['limit'])}`);
    case 'minItems':
      return at(`${subject} must have at least ${plural(p['limit'], 'item')}`);
    case 'maxItems':
      return at(`${subject} must have at most ${plural(p['limit'], 'item')}`);
    case 'minLength':
      return at(
        p['limit'] === 1
          ? `${subject} must not be empty`
          : `${subject} must be at least ${plural(p['limit'], 'character')} long`,
      );
    case 'maxLength':
      return at(`${subject} must be at most ${plural(p['limit'], 'character')} long`);
    case 'minProperties':
      return at(
        p['limit'] === 1
          ? `${subject} must not be empty`
          : `${subject} must have at least ${plural(p['limit'], 'property')}`,
      );
    case 'maxProperties':
      return at(`${subject} must have at most ${plural(p['limit'], 'property')}`);
    case 'pattern': {
      const words = PATTERN_WORDS[String(p['pattern'])];
      return at(words ? `${subject} must be ${words}` : `${subject} must match the pattern ${String(p['pattern'])}`);
    }
    case 'not':
    case 'false':
      return at(`${subject} is not allowed here`);
    case 'oneOf':
      if (typeof p['passing'] === 'number')
        return at(`${subject} fits more than one of the allowed forms: make it fit one`);
      return ajvMessage();
    default:
      return ajvMessage();
  }
}

/** Patterns of the extended schema, said in words: a person types a value, not a regular expression. */
const PATTERN_WORDS: Record<string, string> = {
  [RANGE_PATTERN]:
    'a span back from the last bar: a number and D, W, M or Y (such as "6M", "2W", "10D"), "YTD" or "All"',
};

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Prefer the most telling error at a place: unknown property, then enum, then type. */
const RANK = ['additionalProperties', 'expected', 'enum', 'const', 'required', 'type'];
const rankOf = (k: string) => RANK.indexOf(k) + 1 || 9;

/**
 * AJV reports every failing branch of an anyOf; two rules keep the branch the user meant: a
 * property is not "unknown" when another branch has errors inside it (that branch knows it),
 * and a place with errors deeper inside it is not itself the mistake.
 */
function rawMistakes(errors: readonly SchemaError[], doc: ParsedDocument) {
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  const located = specific.map((e) => ({ e, d: describe(e, doc) }));
  const within = (p: string, base: string) => p === base || p.startsWith(base + '/');
  const known = located.filter(
    ({ e, d }) =>
      !(e.keyword === 'additionalProperties' && located.some((o) => o.e !== e && within(o.e.instancePath, d.path))),
  );
  const paths = known.map((x) => x.d.path);
  return known.filter(({ d }) => !paths.some((p) => p !== d.path && p.startsWith(d.path + '/')));
}

/**
 * Schema errors as Problems, one per place. Errors a validator already resolved to one per
 * mistake (`resolved`) are taken as they are; AJV's raw errors are filtered first.
 */
export function schemaProblems(doc: ParsedDocument, errors: readonly SchemaError[]): Problem[] {
  const mistakes = [
    ...errors.filter((e) => e.resolved).map((e) => ({ e, d: describe(e, doc) })),
    ...rawMistakes(
      errors.filter((e) => !e.resolved),
      doc,
    ),
  ];
  const byPath = new Map<string, (typeof mistakes)[number]>();
  for (const x of mistakes) {
    const seen = byPath.get(x.d.path);
    if (!seen || rankOf(x.e.keyword) < rankOf(seen.e.keyword)) byPath.set(x.d.path, x);
  }
  return [...byPath.values()].map(({ d }) => ({
    severity: 'error',
    message: d.message,
    source: 'schema',
    path: d.path,
    range: rangeOfPointer(doc, d.path, d.part),
    ...(d.suggests ? { suggests: d.suggests } : {}),
  }));
}

/** Schema problems for an already parsed text (none while it has syntax errors). */
export function validateDocument(doc: ParsedDocument, language: Language, validator: Validator): Problem[] {
  if (!doc.ok) return [];
  return schemaProblems(doc, validator.validate(language, doc.value));
}
