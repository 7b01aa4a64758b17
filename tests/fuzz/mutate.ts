/**
 * Hostile and broken spec texts for the fuzzer, made by fast-check from real specs (the examples
 * and the conformance corpus): properties deleted, duplicated, retyped and renamed, numbers made
 * huge or non-finite, odd unicode, deep nesting, extension-mark options out of range, and the
 * text cut short. Every case is reproducible from (seed, batch, index).
 */
import fc from 'fast-check';
import { marks } from '../../src/core/marks/index';

export interface Seed {
  name: string;
  text: string;
}

export interface FuzzCase {
  /** The seed spec this case was made from. */
  seed: string;
  /** What was done to it, in order (for the report). */
  ops: string[];
  text: string;
}

/** A number written exactly as given (JSON.stringify would turn 1e999 into null). */
class RawNumber {
  constructor(readonly text: string) {}
}

type Value = unknown;

const HUGE_NUMBERS = [
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '5e-324',
  '-0',
  '0',
  '1e-400',
  '9007199254740993',
  '123456789012345678901234567890123456789',
  '4294967296',
  '-2147483649',
  '1.7976931348623157e308',
  '0.1e1000',
  '2e-1000',
  '1E+2',
  '100000000000000000000000000000000000000000000000000000000000000000000',
];

/** Strings that have broken text handling somewhere: controls, bidi, lone surrogates, huge. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0644\u0639',
  '\ud800',
  '\udfff',
  'a\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '\u2028\u2029',
  '\ufeff',
  '\uffff',
  '%s%d%n',
  '${x}',
  '{{x}}',
  'datum["__proto__"]',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '../../../../etc/passwd',
  'data:text/html,<script>alert(1)</script>',
  'javascript:alert(1)',
  '<svg onload=alert(1)>',
  'datum.a.b.c.d',
  'x'.repeat(10_000),
  '\\',
  '"',
  "'",
  '\t\n\r',
  'NaN',
  'Infinity',
  '1e999',
];

/** Keys that are special to JavaScript objects or to Vega. */
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '',
  ' ',
  '$schema',
  'mark',
  'type',
  'signal',
  'expr',
  'field',
  'datum',
  'values',
];

const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 20 }),
);

const oddNumber: fc.Arbitrary<RawNumber | number> = fc.oneof(
  fc.constantFrom(...HUGE_NUMBERS).map((t) => new RawNumber(t)),
  fc.double(),
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 2, 0.5, 1.5, 360, -360, 720, 100, 1000, 1e6),
);

const scalar: fc.Arbitrary<Value> = fc.oneof(oddNumber, oddString, fc.boolean(), fc.constant(null));

/** A small random JSON value: the replacement for a retyped property. */
const anyValue: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 8 })), tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** Option names of each extension mark, from its schema (so new options are fuzzed too). */
function markOptions(): { mark: string; options: string[]; channels: string[] }[] {
  return marks.map((m) => {
    const def = m.schema?.definitions[m.schema.def] as
      { properties?: Record<string, unknown>; allOf?: { properties?: Record<string, unknown> }[] } | undefined;
    const props = {
      ...(def?.properties ?? {}),
      ...Object.assign({}, ...(def?.allOf ?? []).map((d) => d.properties ?? {})),
    };
    const options = Object.keys(props).filter((k) => k !== 'type');
    return {
      mark: m.name,
      options: options.length ? options : ['min', 'max', 'band', 'items'],
      channels: Object.keys(m.schema?.channels ?? {}),
    };
  });
}

const MARKS = markOptions();

/** Out-of-range values for mark options: negative, zero, reversed, huge, wrong type. */
const outOfRange: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom(-1, 0, -0.5, 1.5, 2, 1e9, -1e9, 1e308, -1e308, 360, -720, 1e-12, 0.999999),
  fc.constantFrom(...HUGE_NUMBERS).map((t) => new RawNumber(t)),
  anyValue,
  fc.constantFrom(
    [],
    [1],
    [{}],
    [{ value: 1e308 }],
    { value: -1 },
    { from: 10, to: 0 },
    [{ from: 1, to: 1 }],
    [{ x: 1 }],
  ),
);

type Op =
  | { kind: 'delete'; pick: number }
  | { kind: 'duplicate'; pick: number }
  | { kind: 'duplicate-key'; pick: number }
  | { kind: 'retype'; pick: number; value: Value }
  | { kind: 'rename'; pick: number; key: string }
  | { kind: 'number'; pick: number; value: RawNumber | number }
  | { kind: 'unicode'; pick: number; value: string }
  | { kind: 'nest'; pick: number; depth: number; array: boolean }
  | { kind: 'mark'; pick: number; mark: number; option: number; value: Value }
  | { kind: 'channel'; pick: number; mark: number; channel: number; value: Value }
  | { kind: 'truncate'; at: number }
  | { kind: 'nest-text'; depth: number; open: string };

const pick = fc.nat();
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('duplicate-key' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('retype' as const), pick, value: anyValue }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      pick,
      key: fc.oneof(fc.constantFrom(...ODD_KEYS), oddString),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('number' as const), pick, value: oddNumber }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('unicode' as const), pick, value: oddString }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('nest' as const),
      pick,
      depth: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(255, 256, 500, 510, 511, 512, 513, 600)),
      array: fc.boolean(),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('mark' as const), pick, mark: pick, option: pick, value: outOfRange }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('channel' as const), pick, mark: pick, channel: pick, value: anyValue }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('nest-text' as const),
      depth: fc.constantFrom(511, 512, 513, 1000, 10_000, 100_000),
      open: fc.constantFrom('[', '{"layer":[', '{"a":'),
    }),
    weight: 1,
  },
);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawNumber);
}

interface Place {
  parent: Record<string, unknown> | unknown[] | undefined;
  key: string | number;
  value: Value;
}

/** Every place in the value (the root too), depth-first; capped so huge data stays cheap. */
function places(root: Value, limit = 4000): Place[] {
  const out: Place[] = [{ parent: undefined, key: '', value: root }];
  const stack: Value[] = [root];
  while (stack.length && out.length < limit) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      // Long arrays (inline data) are sampled: their first items and their last.
      const idx = v.length > 12 ? [0, 1, 2, 3, 4, 5, v.length - 1] : v.map((_, i) => i);
      for (const i of idx) {
        out.push({ parent: v, key: i, value: v[i] });
        stack.push(v[i]);
      }
    } else if (isObject(v)) {
      for (const k of Object.keys(v)) {
        out.push({ parent: v, key: k, value: v[k] });
        stack.push(v[k]);
      }
    }
  }
  return out;
}

function setAt(p: Place, value: Value, root: { v: Value }): void {
  if (!p.parent) root.v = value;
  else if (Array.isArray(p.parent)) p.parent[p.key as number] = value;
  else Object.defineProperty(p.parent, p.key, { value, enumerable: true, writable: true, configurable: true });
}

function deepCopy(v: Value): Value {
  if (Array.isArray(v)) return v.map(deepCopy);
  if (isObject(v)) {
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(v))
      Object.defineProperty(o, k, { value: deepCopy(v[k]), enumerable: true, writable: true, configurable: true });
    return o;
  }
  return v;
}

function nest(v: Value, depth: number, array: boolean): Value {
  let out = v;
  for (let i = 0; i < depth; i++) out = array ? [out] : { layer: [out] };
  return out;
}

/** Unit specs (objects with a `mark`), where extension-mark options are set. */
function unitSpecs(root: Value): Record<string, unknown>[] {
  return places(root)
    .map((p) => p.value)
    .filter((v): v is Record<string, unknown> => isObject(v) && 'mark' in v);
}

/** JSON text; `dup` (an object) gets its first property written twice. Iterative: values nest deep. */
function serialize(v: Value, dup: Set<object>): string {
  const parts: string[] = [];
  // A task is a value to write or literal text; pushed in reverse so they pop in order.
  const tasks: ({ value: Value } | string)[] = [{ value: v }];
  while (tasks.length) {
    const t = tasks.pop()!;
    if (typeof t === 'string') {
      parts.push(t);
      continue;
    }
    const x = t.value;
    if (x instanceof RawNumber) parts.push(x.text);
    else if (typeof x === 'number')
      parts.push(
        Object.is(x, -0) ? '-0' : Number.isFinite(x) ? String(x) : Number.isNaN(x) ? 'NaN' : x > 0 ? '1e999' : '-1e999',
      );
    else if (typeof x === 'string') parts.push(JSON.stringify(x));
    else if (x === null || typeof x === 'boolean') parts.push(String(x));
    else if (Array.isArray(x)) {
      const items: ({ value: Value } | string)[] = ['['];
      x.forEach((e, i) => items.push(...(i ? [','] : []), { value: e }));
      items.push(']');
      for (let i = items.length - 1; i >= 0; i--) tasks.push(items[i]!);
    } else if (isObject(x)) {
      const keys = Object.keys(x);
      if (dup.has(x) && keys.length) keys.unshift(keys[0]!);
      const items: ({ value: Value } | string)[] = ['{'];
      keys.forEach((k, i) => items.push(...(i ? [','] : []), JSON.stringify(k) + ':', { value: x[k] }));
      items.push('}');
      for (let i = items.length - 1; i >= 0; i--) tasks.push(items[i]!);
    } else parts.push('null');
  }
  return parts.join('');
}

function apply(seedValue: Value, seedText: string, ops: Op[]): { text: string; ops: string[] } {
  const root = { v: deepCopy(seedValue) };
  const dup = new Set<object>();
  const described: string[] = [];
  let truncateAt: number | undefined;
  let wrap: { depth: number; open: string } | undefined;
  for (const o of ops) {
    const all = places(root.v);
    const p = all[('pick' in o ? o.pick : 0) % all.length]!;
    const where = `${String(p.key) || '(root)'}`;
    switch (o.kind) {
      case 'delete':
        if (p.parent && Array.isArray(p.parent)) p.parent.splice(p.key as number, 1);
        else if (p.parent) delete (p.parent as Record<string, unknown>)[p.key as string];
        described.push(`delete ${where}`);
        break;
      case 'duplicate':
        if (Array.isArray(p.parent)) p.parent.splice(p.key as number, 0, p.value);
        else if (p.parent) (p.parent as Record<string, unknown>)[`${String(p.key)}2`] = p.value;
        described.push(`duplicate ${where}`);
        break;
      case 'duplicate-key':
        if (isObject(p.value)) dup.add(p.value);
        described.push(`duplicate first key of ${where}`);
        break;
      case 'retype':
        setAt(p, o.value, root);
        described.push(`retype ${where}`);
        break;
      case 'rename':
        if (isObject(p.parent)) {
          const val = p.parent[p.key as string];
          delete p.parent[p.key as string];
          Object.defineProperty(p.parent, o.key, { value: val, enumerable: true, writable: true, configurable: true });
        }
        described.push(`rename ${where} to ${JSON.stringify(o.key).slice(0, 30)}`);
        break;
      case 'number':
        setAt(p, o.value, root);
        described.push(`number ${where} = ${o.value instanceof RawNumber ? o.value.text : String(o.value)}`);
        break;
      case 'unicode':
        setAt(p, o.value, root);
        described.push(`string ${where} = ${JSON.stringify(o.value).slice(0, 30)}`);
        break;
      case 'nest':
        setAt(p, nest(p.value, o.depth, o.array), root);
        described.push(`nest ${where} ${o.depth} deep`);
        break;
      case 'mark': {
        const units = unitSpecs(root.v);
        const m = MARKS[o.mark % MARKS.length]!;
        const option = m.options[o.option % m.options.length]!;
        const unit = units.length ? units[o.pick % units.length]! : isObject(root.v) ? root.v : undefined;
        if (unit) {
          const mark = isObject(unit['mark']) ? unit['mark'] : {};
          unit['mark'] = { ...mark, type: m.mark, [option]: o.value };
        }
        described.push(`${m.mark}.${option} out of range`);
        break;
      }
      case 'channel': {
        const units = unitSpecs(root.v);
        const m = MARKS[o.mark % MARKS.length]!;
        const unit = units.length ? units[o.pick % units.length]! : undefined;
        if (unit && m.channels.length) {
          const ch = m.channels[o.channel % m.channels.length]!;
          const enc = isObject(unit['encoding']) ? unit['encoding'] : (unit['encoding'] = {});
          (enc as Record<string, unknown>)[ch] = o.value;
          unit['mark'] = m.mark;
          described.push(`${m.mark} channel ${ch} retyped`);
        }
        break;
      }
      case 'nest-text':
        // Deeper than a value can be built and written recursively: nested in the text itself.
        wrap = o;
        described.push(`text nested ${o.depth} deep in ${o.open}`);
        break;
      case 'truncate':
        truncateAt = o.at;
        described.push(`truncate at ${(o.at * 100).toFixed(0)}%`);
        break;
    }
  }
  let text = ops.every((o) => o.kind === 'truncate' || o.kind === 'nest-text') ? seedText : serialize(root.v, dup);
  if (wrap) {
    const close = wrap.open === '[' ? ']' : wrap.open === '{"a":' ? '}' : ']}';
    text = wrap.open.repeat(wrap.depth) + text + close.repeat(wrap.depth);
  }
  if (truncateAt !== undefined) text = text.slice(0, Math.floor(text.length * truncateAt));
  return { text, ops: described };
}

/** The arbitrary of fuzz cases made from these seeds. */
export function fuzzCases(seeds: readonly Seed[]): fc.Arbitrary<FuzzCase> {
  const parsed = seeds.map((s) => {
    try {
      return JSON.parse(s.text) as Value;
    } catch {
      return undefined;
    }
  });
  return fc
    .record({ seed: fc.nat({ max: seeds.length - 1 }), ops: fc.array(op, { minLength: 1, maxLength: 4 }) })
    .map(({ seed, ops }) => {
      const s = seeds[seed]!;
      const value = parsed[seed];
      if (value === undefined) return { seed: s.name, ops: ['as is'], text: s.text };
      return { seed: s.name, ...apply(value, s.text, ops) };
    });
}

/** The cases of one batch: `count` cases from fast-check's generator seeded with `seed`. */
export function batch(seeds: readonly Seed[], seed: number, count: number): FuzzCase[] {
  return fc.sample(fuzzCases(seeds), { seed, numRuns: count });
}
