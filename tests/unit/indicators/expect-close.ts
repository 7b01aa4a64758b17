import { expect } from 'vitest';

/** 1e-9 relative, or 1e-9 absolute near zero. */
export const TOLERANCE = 1e-9;

/** The first index where `actual` and `expected` differ: NaN in one but not the other, or out of tolerance. */
export function firstMismatch(actual: ArrayLike<number>, expected: ArrayLike<number>): number {
  if (actual.length !== expected.length) return -1;
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    if (Number.isNaN(a) || Number.isNaN(e)) {
      if (Number.isNaN(a) !== Number.isNaN(e)) return i;
      continue;
    }
    if (Math.abs(a - e) > TOLERANCE * Math.max(1, Math.abs(a), Math.abs(e))) return i;
  }
  return Infinity;
}

/** Same length, NaN at exactly the same bars, every value within tolerance. */
export function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string): void {
  expect(actual.length, `${what}: length`).toBe(expected.length);
  const i = firstMismatch(actual, expected);
  const detail = Number.isFinite(i) ? `${what}: bar ${i}: got ${actual[i]}, TA-Lib ${expected[i]}` : what;
  expect(i, detail).toBe(Infinity);
}

/** The index of the first non-NaN value (the length when there is none). */
export function firstDefined(values: ArrayLike<number>): number {
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) return i;
  return values.length;
}
