import { describe, expect, it } from 'vitest';
import { formatPosition, hasErrors, mergeProblems, sortProblems, type Problem } from '../../src/core/problem';

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
    const sorted = sortProblems([
      problem('error', 3, 'zeta'),
      problem('error', 3, 'alpha'),
      problem('error', 3, 'mid'),
    ]);
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

describe('mergeProblems', () => {
  const at = (path: string, source: Problem['source'], severity: Problem['severity'], message: string): Problem => ({
    severity,
    message,
    source,
    path,
    range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
  });

  it('drops a schema problem where the pipeline already has an error', () => {
    const merged = mergeProblems(
      [at('/mark', 'mark', 'error', 'Unknown mark "barr". Did you mean "bar"?')],
      [at('/mark', 'schema', 'error', 'Must be one of …')],
    );
    expect(merged.map((p) => p.message)).toEqual(['Unknown mark "barr". Did you mean "bar"?']);
  });

  it("drops vega-lite's unplaced error and its warning on the enclosing part when the schema names the mistake", () => {
    const merged = mergeProblems(
      [
        at('', 'compile', 'error', 'Invalid field type "undefined".'),
        at('/encoding/x', 'compile', 'warning', 'Dropping {"feild":"a"} from channel "x"'),
        at('/encoding/y', 'compile', 'warning', 'Something else about y'),
      ],
      [at('/encoding/x/feild', 'schema', 'error', 'Unknown property "feild". Did you mean "field"?')],
    );
    expect(merged.map((p) => p.message)).toEqual([
      'Unknown property "feild". Did you mean "field"?',
      'Something else about y',
    ]);
  });

  it('keeps vega-lite errors when the schema has nothing to say', () => {
    const merged = mergeProblems([at('', 'compile', 'error', 'Invalid specification')], []);
    expect(merged).toHaveLength(1);
  });
});
