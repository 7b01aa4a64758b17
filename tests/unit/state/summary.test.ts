import { describe, expect, it } from 'vitest';
import type { Problem, Severity } from '../../../src/core/problem';
import { summarize } from '../../../src/state/chart-status';

const at = (line: number, column: number) => ({ line, column, offset: line * 100 + column });
const problem = (severity: Severity, message: string, line = 3, column = 5): Problem => ({
  severity,
  message,
  source: 'schema',
  path: '/mark',
  range: { start: at(line, column), end: at(line, column + 4) },
});

describe('one verdict on the chart, said the same in the header, the pane and the problems list', () => {
  it('a chart drawn from the current text with no problem is up to date', () => {
    expect(summarize('ready', [])).toEqual({ verdict: 'drawn', headline: 'Up to date' });
  });

  it('warnings are counted apart from errors', () => {
    const w = [problem('warning', 'Comments are not standard JSON'), problem('warning', 'Duplicate property')];
    expect(summarize('ready', w)).toEqual({ verdict: 'drawn-warnings', headline: 'Up to date · 2 warnings' });
  });

  it('a chart drawn despite an error (vega-lite left the part out) never says "Up to date"', () => {
    const s = summarize('ready', [
      problem('warning', 'A warning'),
      problem('error', 'Unknown property "colr". Did you mean "color"?', 25, 40),
    ]);
    expect(s.verdict).toBe('drawn-errors');
    expect(s.headline).toBe('Drawn · 1 error ignored');
    expect(s.headline).not.toMatch(/up to date/i);
    expect(s.because).toBe('Unknown property "colr". Did you mean "color"? at 25:40');
  });

  it('a kept chart says why: the first error and its place, and how many more', () => {
    const s = summarize('stale', [
      problem('error', '"max" must be a number.', 16, 12),
      problem('error', 'Another one', 20, 1),
      problem('warning', 'A warning'),
    ]);
    expect(s).toEqual({
      verdict: 'kept',
      headline: 'Last good chart kept · 2 errors',
      because: '"max" must be a number at 16:12 (and 1 more error)',
    });
  });

  it('a chart that failed to draw before its error is placed says so without inventing a count', () => {
    expect(summarize('stale', [])).toEqual({
      verdict: 'kept',
      headline: 'Last good chart kept · a problem',
      because: 'the newest spec did not draw',
    });
  });

  it('nothing drawn: with errors, how many; else a plain "yet"', () => {
    expect(summarize('empty', [problem('error', 'Expected a comma')])).toEqual({
      verdict: 'empty',
      headline: 'Nothing drawn · 1 error',
    });
    expect(summarize('empty', [])).toEqual({ verdict: 'empty', headline: 'Nothing drawn yet' });
    expect(summarize('drawing', [problem('error', 'x')])).toEqual({ verdict: 'drawing', headline: 'Drawing…' });
  });
});
