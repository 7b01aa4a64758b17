import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from '../../src/core/suggest';

const WORDS = ['bar', 'line', 'point', 'orient', 'anchor', 'average', 'candlestick', 'quantitative', 'temporal'];

describe('didYouMean', () => {
  it('finds typos, abbreviations and prefixes as before', () => {
    expect(didYouMean('barr', WORDS)).toBe('bar');
    expect(didYouMean('orinet', WORDS)).toBe('orient');
    expect(didYouMean('CANDELSTICK', WORDS)).toBe('candlestick');
    expect(didYouMean('avg', WORDS)).toBe('average');
    expect(didYouMean('ba', WORDS)).toBe('bar');
    expect(didYouMean('zz', WORDS)).toBeUndefined();
    expect(didYouMean('quantitive', WORDS)).toBe('quantitative');
  });

  it('a pasted key of a million letters gets no suggestion, without measuring it against every word', () => {
    // Found by fuzzing: a 10,000-letter property name made the schema check take seconds, as
    // each candidate cost a 10,000 × n table. Words whose length differs by more than the limit
    // are skipped; the answer is the same.
    const huge = 'x'.repeat(1_000_000);
    const many = Array.from({ length: 500 }, (_, i) => `property${i}`);
    expect(didYouMean(huge, many)).toBeUndefined();
    expect(didYouMean('property12x', many)).toBe('property12');
  });

  it('skipping by length never changes the answer', () => {
    for (const input of ['pont', 'lin', 'temporl', 'anchr', 'averag', 'candle', 'o', 'point!!!', 'b']) {
      const full = WORDS.map((w) => [w, editDistance(input.toLowerCase(), w)] as const).sort((a, b) => a[1] - b[1])[0]!;
      const limit = Math.max(1, Math.floor(input.length / 3));
      const got = didYouMean(input, WORDS);
      if (full[1] <= limit && (input.length > 2 || full[1] === 0 || full[0].startsWith(input)))
        expect(got).toBe(full[0]);
    }
  });
});
