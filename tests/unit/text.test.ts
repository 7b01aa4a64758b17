import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/core/text';

describe('LineIndex', () => {
  it('maps offsets to 1-based lines and columns with LF line endings', () => {
    const lines = new LineIndex('ab\ncd\n\nef');
    expect(lines.lineCount).toBe(4);
    expect(lines.position(0)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(lines.position(2)).toEqual({ line: 1, column: 3, offset: 2 }); // the "\n" itself
    expect(lines.position(3)).toEqual({ line: 2, column: 1, offset: 3 });
    expect(lines.position(4)).toEqual({ line: 2, column: 2, offset: 4 });
    expect(lines.position(6)).toEqual({ line: 3, column: 1, offset: 6 });
    expect(lines.position(7)).toEqual({ line: 4, column: 1, offset: 7 });
    expect(lines.position(9)).toEqual({ line: 4, column: 3, offset: 9 }); // end of text
  });

  it('treats CRLF as one line break', () => {
    const lines = new LineIndex('ab\r\ncd\r\n');
    expect(lines.lineCount).toBe(3);
    expect(lines.position(2)).toEqual({ line: 1, column: 3, offset: 2 }); // "\r"
    expect(lines.position(3)).toEqual({ line: 1, column: 4, offset: 3 }); // "\n"
    expect(lines.position(4)).toEqual({ line: 2, column: 1, offset: 4 });
    expect(lines.position(5)).toEqual({ line: 2, column: 2, offset: 5 });
    expect(lines.position(8)).toEqual({ line: 3, column: 1, offset: 8 });
  });

  it('treats a lone CR as a line break', () => {
    const lines = new LineIndex('a\rb\r\rc');
    expect(lines.lineCount).toBe(4);
    expect(lines.position(2)).toEqual({ line: 2, column: 1, offset: 2 });
    expect(lines.position(4)).toEqual({ line: 3, column: 1, offset: 4 });
    expect(lines.position(5)).toEqual({ line: 4, column: 1, offset: 5 });
  });

  it('clamps offsets outside the text', () => {
    const lines = new LineIndex('ab\ncd');
    expect(lines.position(-5)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(lines.position(1000)).toEqual({ line: 2, column: 3, offset: 5 });
  });

  it('handles the empty text', () => {
    const lines = new LineIndex('');
    expect(lines.lineCount).toBe(1);
    expect(lines.position(0)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(lines.position(3)).toEqual({ line: 1, column: 1, offset: 0 });
  });

  it('builds ranges from an offset and a length; negative lengths are empty', () => {
    const lines = new LineIndex('ab\ncd');
    expect(lines.range(1, 3)).toEqual({
      start: { line: 1, column: 2, offset: 1 },
      end: { line: 2, column: 2, offset: 4 },
    });
    expect(lines.range(4, -2)).toEqual({
      start: { line: 2, column: 2, offset: 4 },
      end: { line: 2, column: 2, offset: 4 },
    });
  });

  it('agrees with a character-by-character count, for any text', () => {
    // Reference: walk the text; "\r\n", "\r" and "\n" each end a line. An offset between the
    // "\r" and the "\n" of a pair is still on the line the pair ends.
    const reference = (text: string, offset: number) => {
      let line = 1;
      let column = 1;
      for (let i = 0; i < offset; i++) {
        const c = text[i];
        if (c === '\r' && text[i + 1] === '\n' && i + 1 < offset) {
          i++;
          line++;
          column = 1;
        } else if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
          line++;
          column = 1;
        } else column++;
      }
      return { line, column, offset };
    };
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', 'é', '😀'), { maxLength: 40 })
          .map((a) => a.join('')),
        fc.nat(),
        (text, n) => {
          const lines = new LineIndex(text);
          const offset = n % (text.length + 1);
          expect(lines.position(offset)).toEqual(reference(text, offset));
          expect(lines.lineCount).toBe(text.split(/\r\n|\r|\n/).length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
