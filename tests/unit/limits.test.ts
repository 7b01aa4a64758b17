import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatBytes,
  MAX_DEPTH,
  MAX_INLINE_ROWS,
  MAX_TEXT_BYTES,
  nestsDeeperThan,
  oversize,
  utf8Length,
} from '../../src/core/limits';
import { parseDocument } from '../../src/core/parse';

const rows = (n: number) =>
  `{"data": {"values": [${Array.from({ length: n }, (_, i) => `{"v":${i % 10}}`).join(',')}]}, "mark": "point", "encoding": {"x": {"field": "v", "type": "quantitative"}}}`;

describe('limits', () => {
  it('utf8Length counts bytes as TextEncoder does, surrogate pairs and lone surrogates included', () => {
    for (const s of ['', 'abc', 'é', '€', '𝄞', 'a\ud800b', '\udc00', 'x'.repeat(1000) + '漢字👩‍👩‍👧']) {
      expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
    }
  });

  it('formats sizes as the messages say them', () => {
    expect(formatBytes(52.4 * 1024 * 1024)).toBe('52.4 MB');
    expect(formatBytes(MAX_TEXT_BYTES)).toBe('10 MB');
    expect(formatBytes(2048)).toBe('2 KB');
  });

  it('a text over the size limit: one error naming both sizes, at the start; nothing parsed', () => {
    const text = '{"description": "' + 'é'.repeat(MAX_TEXT_BYTES / 2) + '"}';
    expect(oversize(text)).toBe(utf8Length(text));
    const doc = parseDocument(text);
    expect(doc.ok).toBe(false);
    expect(doc.root).toBeUndefined();
    expect(doc.problems).toHaveLength(1);
    expect(doc.problems[0]).toMatchObject({
      severity: 'error',
      source: 'parse',
      path: '',
      range: { start: { offset: 0 } },
    });
    expect(doc.problems[0]!.message).toBe(
      'This spec is 10 MB; Chartspec draws specs up to 10 MB — the text is kept. Put big data in a file and name it with "data": {"url": …}',
    );
  });

  it('a text at the size limit is parsed', () => {
    const text = '{"description": "' + 'a'.repeat(MAX_TEXT_BYTES - 20) + '"}';
    expect(utf8Length(text)).toBeLessThanOrEqual(MAX_TEXT_BYTES);
    expect(oversize(text)).toBeUndefined();
    expect(parseDocument(text).ok).toBe(true);
  });

  it(`more than ${MAX_INLINE_ROWS} inline rows: an error at the values array with the count, no tree built`, () => {
    const text = rows(MAX_INLINE_ROWS + 1);
    const doc = parseDocument(text);
    expect(doc.ok).toBe(false);
    expect(doc.root).toBeUndefined();
    expect(doc.problems).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringContaining('more than 100,000 rows') }),
    ]);
    expect(doc.problems[0]!.message).toContain('counted 100,001');
    expect(text.slice(doc.problems[0]!.range.start.offset).startsWith('[{"v":0}')).toBe(true);
  });

  it('exactly the row limit is drawn, and rows of all values arrays are counted together', () => {
    expect(parseDocument(rows(MAX_INLINE_ROWS)).ok).toBe(true);
    const half = `[${Array.from({ length: MAX_INLINE_ROWS / 2 + 1 }, () => '1').join(',')}]`;
    const vega = `{"$schema": "https://vega.github.io/schema/vega/v6.json", "data": [{"name": "a", "values": ${half}}, {"name": "b", "values": ${half}}]}`;
    expect(parseDocument(vega).problems[0]?.message).toContain('counted 100,002');
    // "values" elsewhere (an axis's tick values) is not data, but counts: no spec has 100,000 ticks.
    expect(parseDocument('{"values": [1, 2, 3], "a": {"values": []}}').ok).toBe(true);
  });

  it('nested arrays inside one row count as one row', () => {
    const text = `{"data": {"values": [${Array.from({ length: 60_000 }, () => '[1,2,3]').join(',')}]}}`;
    expect(parseDocument(text).ok).toBe(true);
  });
});

describe('nestsDeeperThan', () => {
  /** How deep objects and arrays nest in a value (a scalar: 0). */
  const depthOf = (v: unknown): number =>
    v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf)) : 0;

  it('agrees with the nesting of parsed JSON, whatever strings (brackets, quotes, escapes) hold', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6 }),
        fc.integer({ min: 0, max: 7 }),
        fc.boolean(),
        (value, limit, pretty) => {
          const text = JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
          expect(nestsDeeperThan(text, limit)).toBe(depthOf(value) > limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('skips comments, and counts an unbalanced text as far as it goes', () => {
    expect(nestsDeeperThan('{"a": 1 // [[[[\n}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a": /* {{{{ */ 1}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a": "[[[\\"[["}', 1)).toBe(false);
    expect(nestsDeeperThan('[[[', 2)).toBe(true);
    expect(nestsDeeperThan(']]][[', 2)).toBe(false);
    expect(nestsDeeperThan('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH))).toBe(false);
    expect(nestsDeeperThan('['.repeat(MAX_DEPTH + 1))).toBe(true);
  });
});
