import type { Position, Range } from './problem';

/** Maps offsets in a text to 1-based line/column positions. Built once per text. */
export class LineIndex {
  private readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 /* \n */) starts.push(i + 1);
      else if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo]! + 1, offset: o };
  }

  range(offset: number, length: number): Range {
    return { start: this.position(offset), end: this.position(offset + Math.max(0, length)) };
  }
}

/**
 * A short fingerprint of a text (FNV-1a over its UTF-16 code units, and its length): enough to
 * recognise it again. The lock-out mark holds one (src/io/storage.ts); the pipeline worker makes
 * it for every text, so that the page never walks a large text to mark it, and the page checks it
 * once at start-up. Both sides must call this one function.
 */
export function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${text.length}:${(h >>> 0).toString(16)}`;
}
