/** What the fused transforms of the financial marks share (./level-of-detail, ./bar-slots). */

export type Row = Record<string, unknown>;

/** A transform in a compiled Vega spec's `transform` list. */
export type VegaTransform = Record<string, unknown>;

/** The part of Vega's Pulse the fused transforms use (vega-dataflow's types do not export it). */
export interface Pulse {
  source?: Row[];
  add: Row[];
  rem: Row[];
  mod: Row[];
  SOURCE: number;
  ADD: number;
  MOD: number;
  NO_SOURCE: number;
  NO_FIELDS: number;
  StopPropagation: unknown;
  changed(flags?: number): boolean;
  fork(flags: number): Pulse;
  reflow(fork?: boolean): Pulse;
  visit(flags: number, visitor: (row: Row) => void): Pulse;
  modifies(fields: string | string[]): Pulse;
  modified(fields?: string | string[]): boolean;
}

/** Vega's base class of transforms (missing from its types; see vega-internals.ts). */
export { TransformBase } from './vega-internals';

/** The rows a pulse holds so far: the upstream collection; on a first pulse without one, what it adds. */
export function pulseRows(pulse: Pulse): Row[] {
  const rows: Row[] = [];
  pulse.visit(pulse.source ? pulse.SOURCE : pulse.ADD, (row) => rows.push(row));
  return rows;
}

/**
 * One run of a dataflow (its clock's stamp): the transforms of one run that read the same rows
 * array read the same rows, so what one of them reads from them serves the others.
 */
export interface Run {
  dataflow: unknown;
  stamp: number;
}

/** The run a pulse belongs to (undefined when it does not say). */
export function runOf(pulse: Pulse): Run | undefined {
  const p = pulse as Pulse & { stamp?: number; dataflow?: unknown };
  return typeof p.stamp === 'number' ? { dataflow: p.dataflow, stamp: p.stamp } : undefined;
}

/** Both are the same run (neither undefined). */
export const sameRun = (a: Run | undefined, b: Run | undefined): boolean =>
  !!a && !!b && a.stamp === b.stamp && a.dataflow === b.dataflow;

/** Two parts of a compiled spec are alike (they are plain JSON). */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Transforms found at a place in a list, and the one transform that does their work. */
export type Match = { transform: VegaTransform; length: number };
export type Matcher = (ts: VegaTransform[], at: number) => Match | undefined;
