import { describe, expect, it } from 'vitest';
import { formatPosition, hasErrors, sortProblems, type Problem } from '../../src/core/problem';

function problem(severity: Problem['severity'], offset: number, message = 'm'): Problem {
  const p = { line: 1, column: offset + 1, offset };
  return { severity, message, source: 'schema', path: '', range: { start: p, end: p } };
}

describe('sortProblems', () => {
  it('puts errors first, then warnings, then infos, whatever their position', () => {
    const info = problem('info', 0);
    const warning = problem('warning', 5);
    const error = problem('error', 50);
    expect(sortProblems([info, warning, error])).toEqual([error, warning, info]);
  });

  it('orders problems of one severity by their offset in the text', () => {
    const a = problem('warning', 30, 'a');
    const b = problem('warning', 2, 'b');
    const c = problem('warning', 17, 'c');
    expect(sortProblems([a, b, c]).map((p) => p.message)).toEqual(['b', 'c', 'a']);
  });

  it('breaks ties at one place by message', () => {
    const sorted = sortProblems([problem('error', 3, 'zeta'), problem('error', 3, 'alpha'), problem('error', 3, 'mid')]);
    expect(sorted.map((p) => p.message)).toEqual(['alpha', 'mid', 'zeta']);
  });

  it('returns a new array and leaves its input in place', () => {
    const input = [problem('info', 0, 'i'), problem('error', 9, 'e')];
    const before = [...input];
    const sorted = sortProblems(input);
    expect(sorted).not.toBe(input);
    expect(input).toEqual(before);
    expect(sorted.map((p) => p.message)).toEqual(['e', 'i']);
  });
});

describe('hasErrors', () => {
  it('is true only when some problem is an error', () => {
    expect(hasErrors([])).toBe(false);
    expect(hasErrors([problem('warning', 0), problem('info', 1)])).toBe(false);
    expect(hasErrors([problem('warning', 0), problem('error', 1)])).toBe(true);
  });
});

describe('formatPosition', () => {
  it('writes line:column, 1-based, ignoring the offset', () => {
    expect(formatPosition({ line: 3, column: 14, offset: 99 })).toBe('3:14');
    expect(formatPosition({ line: 1, column: 1, offset: 0 })).toBe('1:1');
  });
});
