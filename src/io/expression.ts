import { expressionInterpreter } from 'vega-interpreter';

/**
 * Vega's expressions without `new Function`, faster. `vega-interpreter` walks an expression's
 * syntax tree anew on every evaluation and builds a fresh scope each time (an object and six
 * closures), which on a chart with a million rows is most of the drawing time and of the garbage.
 * Here a tree is turned once into nested closures, and evaluation allocates nothing of its own.
 *
 * Only what is common and plain is compiled: literals (not regular expressions), names, member
 * access, operators, conditionals, arrays, `if`, and calls of Vega's own expression functions or
 * of the math functions. Any expression with something else (regular expressions, object
 * literals, event functions, other built-ins) is handed whole to `vega-interpreter`, so it means
 * exactly what it means there. The same guards apply: a member that is `Function`, `eval` or a
 * timer is refused.
 */

type Params = Record<string, unknown>;
interface Item {
  datum?: unknown;
  [channel: string]: unknown;
}
/** datum, the operator's parameters (signals as `$name`), the item being encoded. */
type Compiled = (datum: unknown, params: Params | undefined, item: Item | undefined) => unknown;

interface Node {
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
if (typeof (globalThis as { setImmediate?: unknown }).setImmediate === 'function') REFUSED.add((globalThis as { setImmediate?: unknown }).setImmediate);

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
  if (REFUSED.has(value)) {
    console.error(`Prevented interpretation of member "${String(key)}" which could lead to insecure code execution`);
    return undefined;
  }
  return value;
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
      const object = compileNode(node['object'] as Node, fn);
      const property = node['property'] as Node;
      if (!node['computed']) {
        if (property.type !== 'Identifier') throw new Unsupported();
        const key = property['name'] as string;
        return (d, p, i) => member(object(d, p, i), key);
      }
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
      return (d, p, i) => op(left(d, p, i) as never, right(d, p, i) as never);
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
      const f = (fn[name] ?? (Object.prototype.hasOwnProperty.call(MATH, name) ? MATH[name] : undefined)) as ((...a: unknown[]) => unknown) | undefined;
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
          return (d, p, i) => f.apply(fn, args.map((a) => a(d, p, i)));
      }
    }
    default:
      throw new Unsupported();
  }
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
function settleSpatial(item: Item, channels: Record<string, unknown>, swap: boolean): void {
  const it = item as Record<string, number>;
  for (const [pos, end, center, size] of [
    ['x', 'x2', 'xc', 'width'],
    ['y', 'y2', 'yc', 'height'],
  ] as const) {
    if (channels[end]) {
      if (channels[pos]) {
        if (swap && it[pos]! > it[end]!) [it[pos], it[end]] = [it[end]!, it[pos]!];
        it[size] = it[end]! - it[pos]!;
      } else it[pos] = it[end]! - (it[size] || 0);
    }
    if (channels[center]) it[pos] = it[center]! - (it[size] || 0) / 2;
  }
}

type Interpreter = typeof expressionInterpreter;
interface ExprSpec {
  ast: unknown;
}
interface EncodeSpec {
  marktype: string;
  channels: Record<string, ExprSpec>;
}

const base = expressionInterpreter as unknown as {
  operator(ctx: Ctx, expr: ExprSpec): (params: Params) => unknown;
  parameter(ctx: Ctx, expr: ExprSpec): (datum: unknown, params: Params) => unknown;
  encode(ctx: Ctx, encode: EncodeSpec): (item: Item, params: Params) => number;
};

/** Vega's `expr` option: vega-interpreter's interface, compiled closures where they apply. */
export const expressionEvaluator: Interpreter = {
  ...expressionInterpreter,
  operator(ctx: Ctx, expr: ExprSpec) {
    const f = compileExpression(expr.ast, ctx.functions);
    return f ? (params: Params) => f(undefined, params, undefined) : base.operator(ctx, expr);
  },
  parameter(ctx: Ctx, expr: ExprSpec) {
    const f = compileExpression(expr.ast, ctx.functions);
    return f ? (datum: unknown, params: Params) => f(datum, params, undefined) : base.parameter(ctx, expr);
  },
  encode(ctx: Ctx, encode: EncodeSpec) {
    const names = Object.keys(encode.channels);
    const fs = names.map((n) => compileExpression(encode.channels[n]!.ast, ctx.functions));
    if (fs.some((f) => !f)) return base.encode(ctx, encode);
    const compiled = fs as Compiled[];
    const { marktype, channels } = encode;
    const swap = marktype === 'group' || marktype === 'image' || marktype === 'rect';
    const settle = marktype !== 'rule';
    return (item: Item, params: Params) => {
      const datum = item.datum;
      let changed = 0;
      for (let k = 0; k < names.length; k++) {
        const v = compiled[k]!(datum, params, item);
        const name = names[k]!;
        if (item[name] !== v) {
          item[name] = v;
          changed = 1;
        }
      }
      if (settle) settleSpatial(item, channels, swap);
      return changed;
    };
  },
} as unknown as Interpreter;
