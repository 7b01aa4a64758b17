import type { Encoding, Item, Params } from './expression';

/**
 * The render layer's fast paths, behind one switch: expressions compiled to closures
 * (expression.ts), the financial marks' transforms fused (fused-transforms.ts: bar slots, level of
 * detail), big inline rows shared instead of copied (shared-rows.ts), steady extents
 * (steady-extent.ts), steady joins (steady-join.ts), time labels kept (axis-ticks.ts) and runs in
 * slices (sliced-dataflow.ts). Each draws what Vega draws without it, faster; with the switch
 * off the page draws with Vega as Vega made it.
 *
 * Why the switch: tests/unit/render/fast-paths.test.ts draws every example and conformance spec
 * both ways and compares the scenes, so a fast path that stops matching Vega fails there. It
 * also lets anyone who suspects a fast path of misdrawing a chart check it in the page.
 *
 * None of these can be had from Vega's public API alone at the same cost: the fused transforms
 * are custom transforms registered as Vega documents it (`vega.transforms`), but which rows a
 * view may share, an extent that keeps its array, and operators that yield the thread mid-run
 * need Vega's internals (named in vega-internals.ts).
 */
let on = true;

/** Turns the fast paths on (the default) or off, for the drawings that follow. */
export function setFastPaths(enabled: boolean): void {
  on = enabled;
}

export function fastPathsOn(): boolean {
  return on;
}

/** A scale applied otherwise than by calling it: the function to call instead, if any. */
type ScaleLine = (scale: unknown) => ((v: unknown) => unknown) | undefined;
let line: ScaleLine = () => undefined;

/**
 * Has expressions apply scales through `f` where it gives a function (./scale-line.ts: linear and
 * time scales as straight lines; loaded with what big canvas candlesticks zoom with).
 */
export function setScaleLines(f: ScaleLine): void {
  line = f;
}

/** The function `scale("x", v)` applies `scale` with instead of calling it, if any (./expression.ts). */
export const scaleLine = (scale: unknown): ((v: unknown) => unknown) | undefined => line(scale);

type Encoder = (item: Item, params: Params) => number;
let candles: ((encoding: Encoding) => Encoder) | undefined;

/**
 * Has a candlestick's bodies encoded by an encoder of their own, `f` (./candle-encoder.ts; loaded
 * with what big canvas candlesticks zoom with).
 */
export function setCandleEncoder(f: (encoding: Encoding) => Encoder): void {
  candles = f;
}

/** The encoder of a candlestick's bodies, if one is set (./expression.ts). */
export const candleEncoder = (): ((encoding: Encoding) => Encoder) | undefined => candles;
