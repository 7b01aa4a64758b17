import type { Spec as VegaSpec } from 'vega';
import { compile } from 'vega-lite';
import type { ParsedDocument } from '../../src/core/parse';
import type { Position, Range } from '../../src/core/problem';

/** Freezes a value and everything inside it, so any mutation throws (test files are strict). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** The text a range covers. */
export function textOf(doc: ParsedDocument | string, range: Range): string {
  const text = typeof doc === 'string' ? doc : doc.text;
  return text.slice(range.start.offset, range.end.offset);
}

export function pos(line: number, column: number, offset: number): Position {
  return { line, column, offset };
}

export function rng(start: Position, end: Position): Range {
  return { start, end };
}

/** `line:col-line:col`, for compact literal expectations. */
export function lc(range: Range): string {
  return `${range.start.line}:${range.start.column}-${range.end.line}:${range.end.column}`;
}

/** A spec compiled by vega-lite, with what its logger said (warnings and errors). */
export function compiledWithWarnings(spec: unknown): { vega: VegaSpec; warnings: string[] } {
  const warnings: string[] = [];
  const logger = {
    level: () => 2,
    warn: (...a: unknown[]) => warnings.push(a.join(' ')),
    info: () => logger,
    debug: () => logger,
    error: (...a: unknown[]) => warnings.push(a.join(' ')),
  };
  return { vega: compile(spec as never, { logger: logger as never }).spec as VegaSpec, warnings };
}
