import { expressionInterpreter } from 'vega-interpreter';
import { isRegisteredScale } from 'vega-scale';
import { DisallowedObjectProperties } from 'vega-util';
import { candleEncoder, fastPathsOn, scaleLine } from './fast-paths';
import { contextScales, interpreter } from './vega-internals';

/**
 * Vega's expressions without `new Function`, faster. `vega-interpreter` walks an expression's
 * syntax tree anew on every evaluation and builds a fresh scope each time (an object and six
 * closures), which on a chart with a million rows is most of the drawing time and of the garbage.
 * Here a tree is turned once into nested closures, and evaluation allocates nothing of its own.
 *
 * Only what is common and plain is compiled: literals (not regular expressions), names, member
 * access, operators, conditionals, arrays, object literals (tooltips), `if`, and calls of Vega's
 * own expression functions or of the math functions. Any expression with something else (regular
 * expressions, event functions, other built-ins) is handed whole to `vega-interpreter`, so it
 * means exactly what it means there; in an encoder, only that channel is. The same guards apply:
 * a member that is `Function`, `eval` or a timer is refused, and so is an object literal's
 * property named like one of Object.prototype's methods, `__proto__` or `then`.
 */

export type Params = Record<string, unknown>;
export interface Item {
  datum?: unknown;
  [channel: string]: unknown;
}
/** datum, the operator's parameters (signals as `$name`), the item being encoded. */
export type Compiled = (datum: unknown, params: Params | undefined, item: Item | undefined) => unknown;

export interface Node {
  type: string;
  [key: string]: unknown;
}
type Functions = Record<string, unknown>;
interface Ctx {
  functions: Functions;
}

/** Names that stand for constants, as Vega's expression language defines them. */
const CONSTANTS: Record<string, number> = {
  NaN: NaN,
  E: Math.E,
  LN2: Math.LN2,
  LN10: Math.LN10,
  LOG2E: Math.LOG2E,
  LOG10E: Math.LOG10E,
  PI: Math.PI,
  SQRT1_2: Math.SQRT1_2,
  SQRT2: Math.SQRT2,
  MIN_VALUE: Number.MIN_VALUE,
  MAX_VALUE: Number.MAX_VALUE,
};

/** The math functions of the language (used when Vega's function table has no such name). */
const MATH: Record<string, (...a: number[]) => unknown> = {
  isNaN: Number.isNaN,
  isFinite: Number.isFinite,
  abs: Math.abs,
  acos: Math.acos,
  asin: Math.asin,
  atan: Math.atan,
  atan2: Math.atan2,
  ceil: Math.ceil,
  cos: Math.cos,
  exp: Math.exp,
  floor: Math.floor,
  hypot: Math.hypot,
  log: Math.log,
  max: Math.max,
  min: Math.min,
  pow: Math.pow,
  round: Math.round,
  sin: Math.sin,
  sqrt: Math.sqrt,
  tan: Math.tan,
  clamp: (a, lo, hi) => Math.max(lo!, Math.min(hi!, a!)),
};

/** Functions that read the event; they are left to `vega-interpreter`. */
const EVENT_FUNCTIONS = new Set(['view', 'item', 'group', 'xy', 'x', 'y']);

const REFUSED: Set<unknown> = new Set<unknown>([Function, eval, setTimeout, setInterval]);
if (typeof (globalThis as { setImmediate?: unknown }).setImmediate === 'function')
  REFUSED.add((globalThis as { setImmediate?: unknown }).setImmediate);

type Binary = (a: never, b: never) => unknown;
const BINARY: Record<string, Binary> = {
  '*': (a: number, b: number) => a * b,
  '+': (a: number, b: number) => a + b,
  '-': (a: number, b: number) => a - b,
  '/': (a: number, b: number) => a / b,
  '%': (a: number, b: number) => a % b,
  '>': (a: number, b: number) => a > b,
  '<': (a: number, b: number) => a < b,
  '<=': (a: number, b: number) => a <= b,
  '>=': (a: number, b: number) => a >= b,
  '==': (a: unknown, b: unknown) => a == b,
  '!=': (a: unknown, b: unknown) => a != b,
  '===': (a: unknown, b: unknown) => a === b,
  '!==': (a: unknown, b: unknown) => a !== b,
  '&': (a: number, b: number) => a & b,
  '|': (a: number, b: number) => a | b,
  '^': (a: number, b: number) => a ^ b,
  '<<': (a: number, b: number) => a << b,
  '>>': (a: number, b: number) => a >> b,
  '>>>': (a: number, b: number) => a >>> b,
};

/** Thrown inside `compile` when a tree holds something left to vega-interpreter. */
class Unsupported extends Error {}

function member(object: unknown, key: unknown): unknown {
  const value = (object as Record<PropertyKey, unknown>)[key as PropertyKey];
  // Only functions can be refused; the type test spares hashing every number and string.
  if (typeof value === 'function' && REFUSED.has(value)) {
    console.error(`Prevented interpretation of member "${String(key)}" which could lead to insecure code execution`);
    return undefined;
  }
  return value;
}

/** Vega's functions that make a formatter or parser from the locale and a specifier, then apply it. */
const LOCALE_METHODS = new Set(['format', 'timeFormat', 'utcFormat', 'timeParse', 'utcParse']);
type Locale = Record<string, (specifier: string) => (value: unknown) => unknown>;

/**
 * `format(x, ",.2f")` and its kin with a literal specifier: Vega builds the formatter anew on
 * every call (parsing the specifier), which on a tooltip of seven formatted fields is most of
 * the encoding time. Here the formatter is kept while the view's locale stays the same object;
 * the result is the same (`"null"` for null, as Vega says).
 */
function formatterCall(name: string, nodes: Node[], args: Compiled[], fn: Functions): Compiled | undefined {
  if (!LOCALE_METHODS.has(name) || args.length !== 2 || typeof fn[name] !== 'function') return undefined;
  const spec = nodes[1]!;
  if (spec.type !== 'Literal' || typeof spec['value'] !== 'string') return undefined;
  const specifier = spec['value'];
  const value = args[0]!;
  const scope = fn as { context?: { dataflow?: { locale?: () => Locale } } };
  let locale: Locale | undefined;
  let apply: ((value: unknown) => unknown) | undefined;
  return (d, p, i) => {
    const v = value(d, p, i);
    const current = scope.context!.dataflow!.locale!();
    if (v === null) return 'null';
    if (current !== locale || !apply) {
      apply = current[name]!(specifier);
      locale = current;
    }
    return apply(v);
  };
}

/**
 * `scale("x", v)`, what an encoder's `{"scale": "x", "field": …}` becomes: each candle's x, y and
 * y2 on every zoom and pan event. Vega's function looks the scale up by name and checks that it
 * is a scale at every call; here that is done again only when the scale operator has run since
 * (Vega updates a scale in place when its domain or range changes, and makes a new one when its
 * type changes), and applied as a straight line where it is one (./fast-paths.ts `scaleLine`).
 * Same result: the scale applied, or undefined when there is no such scale.
 */
function scaleCall(name: string, nodes: Node[], args: Compiled[], fn: Functions): Compiled | undefined {
  if (name !== 'scale' || args.length !== 2 || typeof fn['scale'] !== 'function') return undefined;
  const which = nodes[0]!;
  if (which.type !== 'Literal' || typeof which['value'] !== 'string') return undefined;
  const scaleName = which['value'];
  const value = args[1]!;
  let known: unknown;
  let knownStamp: number | undefined;
  let apply: ((v: unknown) => unknown) | undefined;
  return (d, p, i) => {
    const op = contextScales(fn)?.[scaleName];
    const s = op?.value;
    if (s !== known || op?.stamp !== knownStamp) {
      known = s;
      knownStamp = op?.stamp;
      apply = isRegisteredScale(s) ? (scaleLine(s) ?? (s as (v: unknown) => unknown)) : undefined;
    }
    const v = value(d, p, i);
    return apply ? apply(v) : undefined;
  };
}

/**
 * The order comparisons with the operator written out (a candle's color is two comparisons of
 * its fields, per candle per event), instead of a call through the table.
 */
function comparison(operator: string, left: Compiled, right: Compiled): Compiled | undefined {
  type N = number;
  if (operator === '>') return (d, p, i) => (left(d, p, i) as N) > (right(d, p, i) as N);
  if (operator === '<') return (d, p, i) => (left(d, p, i) as N) < (right(d, p, i) as N);
  if (operator === '>=') return (d, p, i) => (left(d, p, i) as N) >= (right(d, p, i) as N);
  if (operator === '<=') return (d, p, i) => (left(d, p, i) as N) <= (right(d, p, i) as N);
  return undefined;
}

function compileNode(node: Node, fn: Functions): Compiled {
  switch (node.type) {
    case 'Literal': {
      if (node['regex']) throw new Unsupported();
      const value = node['value'];
      return () => value;
    }
    case 'Identifier': {
      const name = node['name'] as string;
      if (name === 'datum') return (d) => d;
      if (name === 'item') return (_d, _p, item) => item;
      if (name === 'event') return () => undefined;
      const key = `$${name}`;
      const constant = Object.prototype.hasOwnProperty.call(CONSTANTS, name) ? CONSTANTS[name] : undefined;
      // A constant whose value is falsy (NaN) falls through to a parameter of that name, as in
      // vega-interpreter; names that are neither are parameters (signals).
      return constant ? () => constant : (_d, p) => p?.[key];
    }
    case 'MemberExpression': {
      const objectNode = node['object'] as Node;
      const property = node['property'] as Node;
      let key: unknown;
      if (!node['computed']) {
        if (property.type !== 'Identifier') throw new Unsupported();
        key = property['name'];
      } else if (property.type === 'Literal' && !property['regex']) key = property['value'];
      if (key !== undefined) {
        // `datum.a` and `datum["a"]` (what encoders and Vega-Lite's transforms mostly read).
        if (objectNode.type === 'Identifier' && objectNode['name'] === 'datum') return (d) => member(d, key);
        const object = compileNode(objectNode, fn);
        return (d, p, i) => member(object(d, p, i), key);
      }
      const object = compileNode(objectNode, fn);
      const computed = compileNode(property, fn);
      return (d, p, i) => {
        const o = object(d, p, i);
        return member(o, computed(d, p, i));
      };
    }
    case 'BinaryExpression': {
      const op = BINARY[node['operator'] as string];
      if (!op) throw new Unsupported();
      const left = compileNode(node['left'] as Node, fn);
      const right = compileNode(node['right'] as Node, fn);
      return (
        comparison(node['operator'] as string, left, right) ??
        ((d, p, i) => op(left(d, p, i) as never, right(d, p, i) as never))
      );
    }
    case 'UnaryExpression': {
      const arg = compileNode(node['argument'] as Node, fn);
      switch (node['operator']) {
        case '+':
          return (d, p, i) => +(arg(d, p, i) as number);
        case '-':
          return (d, p, i) => -(arg(d, p, i) as number);
        case '~':
          return (d, p, i) => ~(arg(d, p, i) as number);
        case '!':
          return (d, p, i) => !arg(d, p, i);
        default:
          throw new Unsupported();
      }
    }
    case 'LogicalExpression': {
      if (node['operator'] === '&&') return compileAnd(node, fn);
      const left = compileNode(node['left'] as Node, fn);
      const right = compileNode(node['right'] as Node, fn);
      if (node['operator'] === '&&') return (d, p, i) => left(d, p, i) && right(d, p, i);
      if (node['operator'] === '||') return (d, p, i) => left(d, p, i) || right(d, p, i);
      throw new Unsupported();
    }
    case 'ConditionalExpression': {
      const test = compileNode(node['test'] as Node, fn);
      const yes = compileNode(node['consequent'] as Node, fn);
      const no = compileNode(node['alternate'] as Node, fn);
      return (d, p, i) => (test(d, p, i) ? yes(d, p, i) : no(d, p, i));
    }
    case 'ObjectExpression': {
      const props = (node['properties'] as Node[]).map((p) => {
        const key = p['key'] as Node;
        const name =
          key.type === 'Identifier' ? key['name'] : key.type === 'Literal' && !key['regex'] ? key['value'] : undefined;
        if (name === undefined) throw new Unsupported();
        return [
          String(name),
          DisallowedObjectProperties.has(name as string),
          compileNode(p['value'] as Node, fn),
        ] as const;
      });
      return (d, p, i) => {
        const o: Record<string, unknown> = {};
        for (const [key, refused, value] of props) {
          const v = value(d, p, i);
          if (refused)
            console.error(`Prevented interpretation of property "${key}" which could lead to insecure code execution`);
          else if (REFUSED.has(v))
            console.error(`Prevented interpretation of method "${key}" which could lead to insecure code execution`);
          else o[key] = v;
        }
        return o;
      };
    }
    case 'ArrayExpression': {
      const elements = (node['elements'] as Node[]).map((e) => compileNode(e, fn));
      return (d, p, i) => elements.map((e) => e(d, p, i));
    }
    case 'CallExpression': {
      const callee = node['callee'] as Node;
      if (callee.type !== 'Identifier') throw new Unsupported();
      let name = callee['name'] as string;
      // Encoders call Vega's functions with a leading underscore (`_scale`).
      if (name.startsWith('_')) name = name.slice(1);
      const args = (node['arguments'] as Node[]).map((a) => compileNode(a, fn));
      if (name === 'if') {
        const [test, yes, no] = args;
        if (!test || !yes || !no) throw new Unsupported();
        return (d, p, i) => (test(d, p, i) ? yes(d, p, i) : no(d, p, i));
      }
      if (EVENT_FUNCTIONS.has(name)) throw new Unsupported();
      const formatter = formatterCall(name, node['arguments'] as Node[], args, fn);
      if (formatter) return formatter;
      const scaled = scaleCall(name, node['arguments'] as Node[], args, fn);
      if (scaled) return scaled;
      const f = (fn[name] ?? (Object.prototype.hasOwnProperty.call(MATH, name) ? MATH[name] : undefined)) as
        ((...a: unknown[]) => unknown) | undefined;
      if (typeof f !== 'function') throw new Unsupported();
      switch (args.length) {
        case 0:
          return () => f.call(fn);
        case 1: {
          const [a] = args as [Compiled];
          return (d, p, i) => f.call(fn, a(d, p, i));
        }
        case 2: {
          const [a, b] = args as [Compiled, Compiled];
          return (d, p, i) => f.call(fn, a(d, p, i), b(d, p, i));
        }
        case 3: {
          const [a, b, c] = args as [Compiled, Compiled, Compiled];
          return (d, p, i) => f.call(fn, a(d, p, i), b(d, p, i), c(d, p, i));
        }
        default:
          return (d, p, i) =>
            f.apply(
              fn,
              args.map((a) => a(d, p, i)),
            );
      }
    }
    default:
      throw new Unsupported();
  }
}

/** The operands of a chain `a && b && c` (parsed as `(a && b) && c`), in order. */
function andOperands(node: Node): Node[] {
  const out: Node[] = [];
  let at: Node = node;
  while (at.type === 'LogicalExpression' && at['operator'] === '&&') {
    out.unshift(at['right'] as Node);
    at = at['left'] as Node;
  }
  out.unshift(at);
  return out;
}

/** `datum["f"]` or `datum.f`: its field, if the node is that. */
function datumField(node: Node | undefined): string | undefined {
  if (node?.type !== 'MemberExpression') return undefined;
  const object = node['object'] as Node;
  const property = node['property'] as Node;
  if (object.type !== 'Identifier' || object['name'] !== 'datum') return undefined;
  const key = node['computed'] ? property['value'] : property['name'];
  return (node['computed'] ? property.type === 'Literal' : property.type === 'Identifier') && typeof key === 'string'
    ? key
    : undefined;
}

/** The one argument of a call of `name` (Vega's encoders write it `_name`), if the node is that. */
function argOf(node: Node | undefined, name: string): Node | undefined {
  if (node?.type !== 'CallExpression') return undefined;
  const callee = node['callee'] as Node;
  const args = node['arguments'] as Node[];
  const called = callee.type === 'Identifier' ? String(callee['name']).replace(/^_/, '') : undefined;
  return called === name && args.length === 1 ? args[0] : undefined;
}

/**
 * A chain of `&&`. Vega-Lite guards each mark's data with `isValid(datum.f) && isFinite(+datum.f)`
 * per position field, which a zoom runs on every row in view: each such pair is one closure here
 * (the field read once, its number tested where it is made rather than passed between closures,
 * which makes an object of every number that is not an integer). The value is the chain's: the
 * first operand that is falsy, else the last.
 */
function compileAnd(node: Node, fn: Functions): Compiled {
  const operands = andOperands(node);
  const isValid = fn['isValid'];
  const finite = fn['isFinite'] ?? MATH['isFinite'];
  const parts: Compiled[] = [];
  for (let k = 0; k < operands.length; k++) {
    const field = datumField(argOf(operands[k], 'isValid'));
    const plus = argOf(operands[k + 1], 'isFinite');
    const pair =
      field !== undefined &&
      typeof isValid === 'function' &&
      finite === Number.isFinite &&
      plus?.type === 'UnaryExpression' &&
      plus['operator'] === '+' &&
      datumField(plus['argument'] as Node) === field;
    if (pair) {
      const valid = isValid as (v: unknown) => unknown;
      parts.push((d) => {
        const v = member(d, field);
        return valid.call(fn, v) && Number.isFinite(+(v as number));
      });
      k++;
    } else parts.push(compileNode(operands[k]!, fn));
  }
  if (parts.length === 1) return parts[0]!;
  return (d, p, i) => {
    let v: unknown;
    for (let k = 0; k < parts.length; k++) {
      v = parts[k]!(d, p, i);
      if (!v) return v;
    }
    return v;
  };
}

/** The tree as closures, or undefined when it holds something left to vega-interpreter. */
export function compileExpression(ast: unknown, functions: Functions): Compiled | undefined {
  try {
    return compileNode(ast as Node, functions);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

/** After encoding, a mark's x2/xc/y2/yc settle into x, y, width and height (as Vega does). */
const SPATIAL = [
  ['x', 'x2', 'xc', 'width'],
  ['y', 'y2', 'yc', 'height'],
] as const;
/** Whether an encoding set has a channel that `spatialSettler` settles. */
const hasSpatialEnds = (channels: Record<string, unknown>) =>
  SPATIAL.some(([, end, center]) => channels[end] || channels[center]);

/**
 * What settles an item's x2/xc/y2/yc for an encoding set with these channels (Vega's own order:
 * x's end, then its center, then y's). Made once per encoder and written with the fields' names:
 * it runs for every item at every encoding (each candle, on every zoom and pan event).
 */
function spatialSettler(channels: Record<string, unknown>, swap: boolean): (item: Item) => void {
  const [x, x2, xc] = [!!channels['x'], !!channels['x2'], !!channels['xc']];
  const [y, y2, yc] = [!!channels['y'], !!channels['y2'], !!channels['yc']];
  return (item) => {
    const it = item as Record<string, number>;
    if (x2) {
      if (x) {
        if (swap && it['x']! > it['x2']!) {
          const lo = it['x2']!;
          it['x2'] = it['x']!;
          it['x'] = lo;
        }
        it['width'] = it['x2']! - it['x']!;
      } else it['x'] = it['x2']! - (it['width'] || 0);
    }
    if (xc) it['x'] = it['xc']! - (it['width'] || 0) / 2;
    if (y2) {
      if (y) {
        if (swap && it['y']! > it['y2']!) {
          const lo = it['y2']!;
          it['y2'] = it['y']!;
          it['y'] = lo;
        }
        it['height'] = it['y2']! - it['y']!;
      } else it['y'] = it['y2']! - (it['height'] || 0);
    }
    if (yc) it['y'] = it['yc']! - (it['height'] || 0) / 2;
  };
}

/**
 * A tooltip not computed yet: the tooltip channel is read only when the pointer rests on an
 * item, so it is evaluated then (with the item's datum and the signals of that moment) instead
 * of for every item at every encoding. The page's tooltip handler resolves it (`tooltipValue`).
 *
 * It holds nothing of one encoding (it reads the item's datum when resolved, and the encoder's
 * parameters are one object Vega keeps up to date), so an item keeps the one it has from one
 * encoding to the next: a zoom that encodes every candle again makes no new objects for their
 * tooltips, and a tooltip alone does not count as a change of the item.
 */
export class DeferredTooltip {
  constructor(
    readonly compute: Compiled,
    readonly params: Params,
    readonly item: Item,
  ) {}
  value(): unknown {
    return this.compute(this.item.datum, this.params, this.item);
  }
}

/** The item's deferred tooltip for this channel, the one it holds when it is that already. */
export function deferredTooltip(compute: Compiled, params: Params, item: Item, held: unknown): DeferredTooltip {
  return held instanceof DeferredTooltip && held.compute === compute && held.params === params && held.item === item
    ? held
    : new DeferredTooltip(compute, params, item);
}

/** An item's tooltip as Vega would have encoded it. */
export function tooltipValue(value: unknown): unknown {
  return value instanceof DeferredTooltip ? value.value() : value;
}

/** Sets an item's channel to a value unless it holds it already; 1 if it changed. */
export type Writer = (item: Item, value: unknown) => number;

/**
 * The position, color and tooltip channels' writers (and a candle's wick's), each with the channel's name written in it:
 * an item's property named by a variable is a lookup of the name at every access, and an encoder
 * writes each channel of each item (seven per candle, ~1,000 candles, every zoom and pan event).
 */
const WRITERS: Record<string, Writer> = {
  x: (it, v) => (it.x === v ? 0 : ((it.x = v), 1)),
  y: (it, v) => (it.y === v ? 0 : ((it.y = v), 1)),
  x2: (it, v) => (it.x2 === v ? 0 : ((it.x2 = v), 1)),
  y2: (it, v) => (it.y2 === v ? 0 : ((it.y2 = v), 1)),
  width: (it, v) => (it.width === v ? 0 : ((it.width = v), 1)),
  height: (it, v) => (it.height === v ? 0 : ((it.height = v), 1)),
  fill: (it, v) => (it.fill === v ? 0 : ((it.fill = v), 1)),
  stroke: (it, v) => (it.stroke === v ? 0 : ((it.stroke = v), 1)),
  tooltip: (it, v) => (it.tooltip === v ? 0 : ((it.tooltip = v), 1)),
};

/** The writer of a channel: one of those, else one that reads the name. */
function writerOf(name: string): Writer {
  return Object.prototype.hasOwnProperty.call(WRITERS, name)
    ? WRITERS[name]!
    : (it, v) => (it[name] === v ? 0 : ((it[name] = v), 1));
}

type Interpreter = typeof expressionInterpreter;
interface ExprSpec {
  ast: unknown;
}
interface EncodeSpec {
  marktype: string;
  channels: Record<string, ExprSpec>;
}

const base = interpreter as unknown as {
  operator(ctx: Ctx, expr: ExprSpec): (params: Params) => unknown;
  parameter(ctx: Ctx, expr: ExprSpec): (datum: unknown, params: Params) => unknown;
  encode(ctx: Ctx, encode: EncodeSpec): (item: Item, params: Params) => number;
};

/** Vega's `expr` option: vega-interpreter's interface, compiled closures where they apply. */
export const expressionEvaluator: Interpreter = {
  ...expressionInterpreter,
  operator(ctx: Ctx, expr: ExprSpec) {
    const f = fastPathsOn() ? compileExpression(expr.ast, ctx.functions) : undefined;
    return f ? (params: Params) => f(undefined, params, undefined) : base.operator(ctx, expr);
  },
  parameter(ctx: Ctx, expr: ExprSpec) {
    const f = fastPathsOn() ? compileExpression(expr.ast, ctx.functions) : undefined;
    return f ? (datum: unknown, params: Params) => f(datum, params, undefined) : base.parameter(ctx, expr);
  },
  encode(ctx: Ctx, encode: EncodeSpec) {
    const { marktype, channels } = encode;
    const names = Object.keys(channels);
    // A channel the closures do not cover is encoded by vega-interpreter alone (as a rule, which
    // Vega does not adjust), the others by their closures.
    const compiled = names.map((name): Compiled => {
      const f = fastPathsOn() ? compileExpression(channels[name]!.ast, ctx.functions) : undefined;
      if (f) return f;
      const one = base.encode(ctx, { marktype: 'rule', channels: { [name]: channels[name]! } });
      return (_d, params, item) => {
        const before = item![name];
        one(item!, params!);
        const value = item![name];
        item![name] = before;
        return value;
      };
    });
    const swap = marktype === 'group' || marktype === 'image' || marktype === 'rect';
    const settle = marktype !== 'rule' && hasSpatialEnds(channels) ? spatialSettler(channels, swap) : undefined;
    const deferred = names.map((name) => name === 'tooltip');
    const writers = names.map(writerOf);
    // The wick's channels are a candle body's (./candle-marks.ts).
    const candles = fastPathsOn() && names.includes('wickX') ? candleEncoder() : undefined;
    if (candles) {
      const asts = names.map((name) => channels[name]!.ast);
      return candles({
        compiled,
        deferred,
        writers,
        settle,
        names,
        asts,
        functions: ctx.functions,
        datumField,
        defer: deferredTooltip,
      });
    }
    return (item: Item, params: Params) => {
      const datum = item.datum;
      let changed = 0;
      for (let k = 0; k < names.length; k++) {
        const f = compiled[k]!;
        const v = deferred[k] ? deferredTooltip(f, params, item, item['tooltip']) : f(datum, params, item);
        changed |= writers[k]!(item, v);
      }
      if (settle) settle(item);
      return changed;
    };
  },
} as unknown as Interpreter;

/**
 * An encode set made ready: per channel, its name, syntax tree, closure, whether it is deferred,
 * and its writer; with what the candle encoder (./candle-encoder.ts, in a chunk of its own) reads
 * them with.
 */
export interface Encoding {
  names: string[];
  asts: unknown[];
  functions: Record<string, unknown>;
  compiled: Compiled[];
  deferred: boolean[];
  writers: Writer[];
  settle: ((item: Item) => void) | undefined;
  datumField: typeof datumField;
  defer: typeof deferredTooltip;
}
