import { isRegisteredScale } from 'vega-scale';
import type { Encoding, Item, Node, Params } from './expression';
import { lineOf, onLine, type Line } from './scale-line';
import { contextScales } from './vega-internals';

/**
 * The encoder of a candlestick's bodies (the mark that carries its wicks, ./candle-marks.ts): the
 * mark with the most items of a price chart, every one encoded again at every zoom and pan event.
 *
 * It is a function of its own, not the one ./expression.ts makes for every mark: V8 fits a
 * function's code to the objects and functions it has seen, and the shared loop sees every mark's
 * items and closures; this one sees candles alone. And the channels a straight-line scale places
 * by one of the datum's fields, `scale("y", datum["low"])` — x, x2, y, y2 and the wick's three —
 * are read, placed and written in one step: through the closures each is a number returned by
 * one closure to another, which makes a new object on the heap per channel per candle. On the
 * bench page at 100k bars (~1,400 candles on screen), a wheel or drag event's work is ~1 ms less
 * at the median and at p95 (events alternated with the shared encoder in one run).
 */

/** The channels placed in one step, numbered for `writeNumber`. */
const LINE_CHANNELS = ['x', 'x2', 'y', 'y2', 'wickX', 'wickY', 'wickY2'];

/**
 * Writes a number into channel `c` (of LINE_CHANNELS) of the item; 1 if it changed. Each store
 * is written with its name (a name in a variable is looked up at every access), in one small
 * function the encoder's loop takes in whole, so that the number stays a machine number from the
 * line to the item's field.
 */
function writeNumber(it: Item, c: number, v: number): number {
  switch (c) {
    case 0:
      return it['x'] === v ? 0 : ((it['x'] = v), 1);
    case 1:
      return it['x2'] === v ? 0 : ((it['x2'] = v), 1);
    case 2:
      return it['y'] === v ? 0 : ((it['y'] = v), 1);
    case 3:
      return it['y2'] === v ? 0 : ((it['y2'] = v), 1);
    case 4:
      return it['wickX'] === v ? 0 : ((it['wickX'] = v), 1);
    case 5:
      return it['wickY'] === v ? 0 : ((it['wickY'] = v), 1);
    default:
      return it['wickY2'] === v ? 0 : ((it['wickY2'] = v), 1);
  }
}

/**
 * A channel placed in one step: its number in LINE_CHANNELS, the datum's field, and the line of
 * the scale as `scale("name", …)` finds it, read again only when the scale's operator has run
 * since (as ./expression.ts `scaleCall` does).
 */
class LineChannel {
  private known: unknown;
  private stamp: number | undefined;
  line: Line | undefined;
  constructor(
    readonly channel: number,
    readonly field: string,
    private readonly scale: string,
    private readonly functions: object,
  ) {}
  update(): void {
    const op = contextScales(this.functions)?.[this.scale];
    const s = op?.value;
    if (s === this.known && op?.stamp === this.stamp) return;
    this.known = s;
    this.stamp = op?.stamp;
    this.line = isRegisteredScale(s) ? lineOf(s) : undefined;
  }
}

/**
 * The channel `k` of the encode set as one placed in one step, if it is: one of LINE_CHANNELS,
 * written `scale("s", datum.f)` (`_scale` in an encoder), with Vega's `scale` among the functions.
 */
function lineChannel({ names, asts, functions, datumField }: Encoding, k: number): LineChannel | undefined {
  const channel = LINE_CHANNELS.indexOf(names[k]!);
  const node = asts[k] as Node;
  if (channel < 0 || node.type !== 'CallExpression' || typeof functions['scale'] !== 'function') return undefined;
  const callee = node['callee'] as Node;
  const [which, value, ...rest] = node['arguments'] as Node[];
  const field = datumField(value);
  if (callee.type !== 'Identifier' || (callee['name'] !== 'scale' && callee['name'] !== '_scale') || rest.length)
    return undefined;
  return which?.type === 'Literal' && typeof which['value'] === 'string' && field !== undefined
    ? new LineChannel(channel, field, which['value'], functions)
    : undefined;
}

/** The candle bodies' encoder for an encode set (see the module comment). */
export function candleEncoder(encoding: Encoding) {
  const { names, compiled, deferred, writers, settle, defer } = encoding;
  const lines = names.map((_, k) => lineChannel(encoding, k));
  return (item: Item, params: Params): number => {
    const datum = item.datum as Record<string, unknown>;
    let changed = 0;
    for (let k = 0; k < compiled.length; k++) {
      const l = lines[k];
      if (l !== undefined) {
        l.update();
        const line = l.line;
        const raw = datum[l.field];
        // What the closures give (`scaleCall` of `member`); a function in the field (which
        // `member` may refuse) and a scale that is not a straight line are left to them.
        if (line !== undefined && typeof raw !== 'function') {
          const x = raw == null ? NaN : +(raw as number);
          changed |= x === x ? writeNumber(item, l.channel, onLine(line, x)) : writers[k]!(item, line.unknown);
          continue;
        }
      }
      const f = compiled[k]!;
      const v = deferred[k] ? defer(f, params, item, item['tooltip']) : f(datum, params, item);
      changed |= writers[k]!(item, v);
    }
    if (settle) settle(item);
    return changed;
  };
}
