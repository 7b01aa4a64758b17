import type { Spec as VegaSpec } from 'vega';
import * as vega from 'vega';
import { boundedWalk } from '../core/walk';
import { candleEncoder } from './candle-encoder';
import { setCandleEncoder, setScaleLines } from './fast-paths';
import { straightLine } from './scale-line';
import { markDrawers, type MarkBound } from './vega-internals';

/**
 * A candlestick is written as two marks, a rule per bar (the wick) and a rect per bar (the body),
 * each with its own data set filtered for valid values. Vega runs each mark's pipeline on every
 * zoom and pan event: join, encode, bound and draw its ~1,000 items, the wick's as many as the
 * body's, for a line under each body. On a canvas the body carries its wick instead: the body
 * mark's items are encoded with the wick's channels too (renamed `wickX`, `wickY`, …), bounded
 * with it, and the wicks are drawn before the bodies, as the wick mark drew them, with the rule
 * drawing the page uses. One mark's pipeline does the work of two.
 *
 * What stays the same: the pixels (every wick before every body, the same segments and states),
 * the bounds (a body's include its wick, so a redraw of the region it changed clears both), the
 * bars' rows and the names. Rows the two filters tell apart are kept apart: a body draws its wick
 * only where the wick's filter takes its row (`wickShown`), and the wick mark stays for the rows
 * with a wick and no body (a missing open), over a data set of those alone (usually empty).
 *
 * Only the two marks exactly as the candlestick writes them are joined, and only for a canvas:
 * the SVG export draws the chart from the spec without this (./svg-export.ts), and a mark or a
 * config that gives the wick anything a body could not carry leaves both as they are. The page
 * loads this with the first canvas chart that has candlesticks (./vega-transforms.ts).
 */

/** The wick's channels a body carries, each under `wick` + its name (what a rule's drawing reads). */
const CARRIED = [
  'x',
  'y',
  'x2',
  'y2',
  'stroke',
  'strokeWidth',
  'strokeOpacity',
  'strokeCap',
  'strokeJoin',
  'strokeMiterLimit',
  'strokeDash',
  'strokeDashOffset',
  'opacity',
] as const;
/** Channels a wick that takes no pointer events draws nothing with on a canvas. */
const UNDRAWN = new Set(['fill', 'fillOpacity', 'description', 'aria', 'ariaRole', 'ariaRoleDescription', 'cursor']);
const carriedName = (name: string) => `wick${name[0]!.toUpperCase()}${name.slice(1)}`;

type Json = Record<string, unknown>;
interface DataSet extends Json {
  name?: string;
  source?: unknown;
  transform?: Json[];
}
interface MarkSpec extends Json {
  type?: string;
  name?: string;
  style?: unknown;
  from?: Json;
  encode?: Record<string, Json>;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const styles = (m: MarkSpec) => (Array.isArray(m.style) ? m.style : [m.style]);
const onlyKeys = (o: Json, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));
const MARK_KEYS = ['type', 'name', 'style', 'from', 'encode', 'clip', 'interactive', 'aria'];

/** The filter a data set is: its source and expression, when it is exactly one filter of one source. */
function filterOf(d: DataSet | undefined): { source: string; expr: string } | undefined {
  if (!d || !onlyKeys(d, ['name', 'source', 'transform']) || typeof d.source !== 'string') return undefined;
  const [t, more] = d.transform ?? [];
  if (more || !t || t['type'] !== 'filter' || typeof t['expr'] !== 'string' || !onlyKeys(t, ['type', 'expr']))
    return undefined;
  return { source: d.source, expr: t['expr'] };
}

/**
 * The defaults Vega's parser gives a mark from the config (vega-parser encode/defaults.js): the
 * `mark` and mark type's entries, then each style's, for channels the mark does not encode. The
 * built-in config's only entry for a rule is a stroke, which a wick always encodes.
 */
function configDefaults(config: Json, type: string, style: unknown[], encoded: Json): Json {
  const out: Json = {};
  const has = (k: string) => k in encoded;
  const typed = {
    ...(isObject(config['mark']) ? config['mark'] : {}),
    ...(isObject(config[type]) ? config[type] : {}),
  };
  for (const [k, v] of Object.entries(typed))
    if (!has(k) && !((k === 'fill' || k === 'stroke') && (has('fill') || has('stroke')))) out[k] = v;
  const byStyle = isObject(config['style']) ? config['style'] : {};
  for (const name of style) {
    const props = typeof name === 'string' ? byStyle[name] : undefined;
    if (isObject(props)) for (const [k, v] of Object.entries(props)) if (!has(k)) out[k] = v;
  }
  return out;
}

/**
 * The wick's channels as a body carries them (its encoding and its config defaults), or
 * undefined when it has one a body cannot carry.
 */
function carriedChannels(wick: MarkSpec, config: Json): { update: Json; enter: Json } | undefined {
  const update = wick.encode?.['update'];
  if (!isObject(update) || !('stroke' in update) || !onlyKeys(wick.encode!, ['update'])) return undefined;
  const defaults = configDefaults(config, 'rule', styles(wick), update);
  const out = { update: {} as Json, enter: {} as Json };
  const carry = (k: string, v: unknown, set: Json) => {
    if ((CARRIED as readonly string[]).includes(k)) set[carriedName(k)] = v;
    else if (!UNDRAWN.has(k)) return false;
    return true;
  };
  for (const [k, v] of Object.entries(update)) if (!carry(k, v, out.update)) return undefined;
  for (const [k, v] of Object.entries(defaults)) {
    const signal = isObject(v) && typeof v['signal'] === 'string';
    if (!carry(k, signal ? { signal: v['signal'] } : { value: v }, signal ? out.update : out.enter)) return undefined;
  }
  return out;
}

/** A data set by name, in the nearest scope that has it, with the list it is in. */
function dataNamed(scopes: readonly DataSet[][], name: unknown): { set: DataSet; list: DataSet[] } | undefined {
  for (let i = scopes.length - 1; i >= 0; i--) {
    const set = scopes[i]!.find((d) => isObject(d) && d.name === name);
    if (set) return { set, list: scopes[i]! };
  }
  return undefined;
}

interface Joined {
  /** The body with its wick's channels. */
  body: MarkSpec;
  /** The wick mark over the rows with no body, and the data set of those rows (none when the marks share their rows). */
  alone?: { wick: MarkSpec; data: DataSet; after: DataSet; list: DataSet[] };
}

/** The body that carries `wick`, when the two marks are a candlestick's wick and body that can be joined. */
function join(wick: MarkSpec, body: MarkSpec, scopes: readonly DataSet[][], config: Json): Joined | undefined {
  if (wick.type !== 'rule' || body.type !== 'rect') return undefined;
  if (!styles(wick).includes('candlestick-wick') || !styles(body).includes('candlestick-body')) return undefined;
  if (!onlyKeys(wick, MARK_KEYS) || !onlyKeys(body, MARK_KEYS) || wick['interactive'] !== false) return undefined;
  if (JSON.stringify(wick['clip']) !== JSON.stringify(body['clip'])) return undefined;
  if (!isObject(wick.from) || !isObject(body.from) || !onlyKeys(wick.from, ['data']) || !onlyKeys(body.from, ['data']))
    return undefined;
  const bodyUpdate = body.encode?.['update'];
  if (!isObject(bodyUpdate) || Object.keys(bodyUpdate).some((k) => k.startsWith('wick'))) return undefined;
  const carried = carriedChannels(wick, config);
  if (!carried) return undefined;
  // A wick colored as its body (the same rules) reads the body's color: one evaluation, not two.
  if (JSON.stringify(carried.update['wickStroke']) === JSON.stringify(bodyUpdate['fill'])) {
    delete carried.update['wickStroke'];
    carried.enter['wickStrokeIsFill'] = { value: true };
  }
  const carry = (shown: Json): MarkSpec => ({
    ...body,
    encode: {
      ...body.encode,
      ...(Object.keys(carried.enter).length
        ? { enter: { ...(isObject(body.encode!['enter']) ? body.encode!['enter'] : {}), ...carried.enter } }
        : {}),
      update: { ...bodyUpdate, ...carried.update, wickShown: shown },
    },
  });
  if (wick.from['data'] === body.from['data']) return { body: carry({ value: true }) };
  const w = dataNamed(scopes, wick.from['data']);
  const b = dataNamed(scopes, body.from['data']);
  const wf = filterOf(w?.set);
  const bf = filterOf(b?.set);
  if (!w || !b || w.list !== b.list || !wf || !bf || wf.source !== bf.source) return undefined;
  // The wick's rows without a body: those of its data set the body's filter leaves out.
  const data: DataSet = {
    name: `${w.set.name}_wick_alone`,
    source: w.set.name,
    transform: [{ type: 'filter', expr: `!(${bf.expr})` }],
  };
  if (scopes.some((list) => list.some((d) => isObject(d) && d.name === data.name))) return undefined;
  return {
    body: carry({ signal: wf.expr }),
    alone: { wick: { ...wick, from: { data: data.name } }, data, after: w.set, list: w.list },
  };
}

/**
 * The spec drawn on a canvas, with each candlestick's wicks carried by its bodies (see above);
 * the spec itself when it has none to join.
 */
export function joinCandleMarks(spec: VegaSpec): VegaSpec {
  const config = isObject((spec as Json)['config']) ? ((spec as Json)['config'] as Json) : {};
  // New data sets, by the list they go in: each right after the set it reads. A list belongs to
  // the node being visited or to one that encloses it, which takes them when its marks are done.
  const added = new Map<DataSet[], { data: DataSet; after: DataSet }[]>();
  const visit = boundedWalk<[readonly DataSet[][]], Json>(
    (at, next, scopes) => {
      const node = at as Json;
      const own = Array.isArray(node['data']) ? (node['data'] as DataSet[]) : undefined;
      const inScope = own ? [...scopes, own] : scopes;
      const marks = node['marks'];
      if (!Array.isArray(marks)) return node;
      const out: unknown[] = [];
      let changed = false;
      for (let i = 0; i < marks.length; i++) {
        const m = marks[i] as MarkSpec;
        const nextMark = marks[i + 1] as MarkSpec | undefined;
        const joined = isObject(m) && isObject(nextMark) ? join(m, nextMark, inScope, config) : undefined;
        if (joined) {
          const alone = joined.alone;
          if (alone) {
            out.push(alone.wick);
            added.set(alone.list, [...(added.get(alone.list) ?? []), { data: alone.data, after: alone.after }]);
          }
          out.push(joined.body);
          i++;
          changed = true;
          continue;
        }
        const v = isObject(m) && m.type === 'group' ? next(m, inScope) : m;
        if (v !== m) changed = true;
        out.push(v);
      }
      const more = own && added.get(own);
      if (!changed) return node;
      if (!more) return { ...node, marks: out };
      const data = [...own];
      for (const { data: d, after } of more) data.splice(data.indexOf(after) + 1, 0, d);
      return { ...node, data, marks: out };
    },
    (node) => node as Json,
  );
  return visit(spec, []) as VegaSpec;
}

// ---------------------------------------------------------------------------------------------
// Drawing and bounding a body that carries its wick.

interface Candle {
  bounds: vega.Bounds;
  fill?: unknown;
  wickStrokeIsFill?: boolean;
  wickShown?: unknown;
  wickX?: number;
  wickY?: number;
  wickX2?: number;
  wickY2?: number;
  wickStroke?: unknown;
  wickStrokeWidth?: number;
  wickStrokeOpacity?: number;
  wickStrokeCap?: string;
  wickStrokeJoin?: string;
  wickStrokeMiterLimit?: number;
  wickStrokeDash?: number[];
  wickStrokeDashOffset?: number;
  wickOpacity?: number;
  /** The wick as a rule item (made once per body). */
  wick?: Wick;
}

const wickStroke = (c: Candle) => (c.wickStrokeIsFill ? c.fill : c.wickStroke);

/**
 * A body's wick seen as a rule item: what a rule's drawing reads, read from the body. Each getter
 * is written out (not made in a loop over `CARRIED`): a getter made per name shares one property
 * read by a variable name, which turns slow across names, and a draw reads ~8 per wick.
 */
class Wick {
  constructor(private readonly c: Candle) {}
  get bounds() {
    return this.c.bounds;
  }
  get x() {
    return this.c.wickX;
  }
  get y() {
    return this.c.wickY;
  }
  get x2() {
    return this.c.wickX2;
  }
  get y2() {
    return this.c.wickY2;
  }
  get stroke() {
    return wickStroke(this.c);
  }
  get strokeWidth() {
    return this.c.wickStrokeWidth;
  }
  get strokeOpacity() {
    return this.c.wickStrokeOpacity;
  }
  get strokeCap() {
    return this.c.wickStrokeCap;
  }
  get strokeJoin() {
    return this.c.wickStrokeJoin;
  }
  get strokeMiterLimit() {
    return this.c.wickStrokeMiterLimit;
  }
  get strokeDash() {
    return this.c.wickStrokeDash;
  }
  get strokeDashOffset() {
    return this.c.wickStrokeDashOffset;
  }
  get opacity() {
    return this.c.wickOpacity;
  }
}

/** The wicks a rect mark's items carry, as a rule mark of them (reused from draw to draw), if any. */
const wickScene = { marktype: 'rule', items: [] as Wick[] };
function wicksOf(scene: { items?: Candle[] }): typeof wickScene | undefined {
  const items = scene.items;
  if (!items?.length || items[0]!.wickShown === undefined) return undefined;
  wickScene.items.length = 0;
  for (const item of items) if (item.wickShown) wickScene.items.push((item.wick ??= new Wick(item)));
  return wickScene;
}

/** A body's bounds with its wick's added: Vega's bounds of a rule (marks/rule.js), of the wick. */
const wickBounds = new vega.Bounds();
function withWick(bounds: vega.Bounds, c: Candle, rule: MarkBound): vega.Bounds {
  return c.wickShown ? bounds.union(rule(wickBounds.clear(), (c.wick ??= new Wick(c)))) : bounds;
}

let installed = false;

/**
 * Rect marks whose items carry wicks bound and draw them (see above), linear and time scales are
 * applied as straight lines (./scale-line.ts), and the bodies are encoded by an encoder of their
 * own (./candle-encoder.ts): what a big candlestick zooms with. Once.
 */
export function installCandleMarks(): void {
  if (installed) return;
  installed = true;
  setScaleLines(straightLine);
  setCandleEncoder(candleEncoder);
  const marks = markDrawers();
  const rect = marks.rect.bound;
  const rule = marks.rule.bound;
  marks.rect.bound = (b, item) => withWick(rect(b, item), item as Candle, rule);
  marks.rect.beneath = wicksOf as never;
}
