import { describe, expect, it } from 'vitest';
import type { AnnotationItem } from '../../../src/core/marks/annotation-types';
import { distanceTo, hitIndex, HIT_SLOP, shapesOf, type Projector } from '../../../src/render/drawing-geometry';

/** A 100 × 100 plot: x 0…100 left to right, prices 0…100 bottom to top. */
const plot: Projector = { x: (v) => Number(v), y: (p) => 100 - p, width: 100, height: 100 };

const at = (item: AnnotationItem, x: number, y: number) => hitIndex([shapesOf(item, plot)], x, y) === 0;

describe('the shapes a press picks a drawing by', () => {
  it('a trend segment is hit along it, not past its ends; a ray is hit past its second point', () => {
    const segment: AnnotationItem = {
      kind: 'trend',
      points: [
        { x: 10, y: 10 },
        { x: 50, y: 50 },
      ],
    };
    expect(at(segment, 30, 70)).toBe(true);
    expect(at(segment, 30 + HIT_SLOP - 1, 70)).toBe(true);
    expect(at(segment, 80, 20)).toBe(false);
    expect(at({ ...segment, extend: 'ray' }, 80, 20)).toBe(true);
    expect(at({ ...segment, extend: 'ray' }, 5, 95)).toBe(false);
    expect(at({ ...segment, extend: 'line' }, 5, 95)).toBe(true);
  });

  it('a level spans the plot; an event its height; a rectangle is hit inside', () => {
    expect(at({ kind: 'level', y: 40 }, 95, 61)).toBe(true);
    expect(at({ kind: 'level', y: 40, x: 50 }, 20, 60)).toBe(false);
    expect(at({ kind: 'event', x: 40 }, 42, 3)).toBe(true);
    const rect: AnnotationItem = { kind: 'rect', x: 20, x2: 60, y: 20, y2: 60 };
    expect(at(rect, 40, 60)).toBe(true);
    expect(at(rect, 70, 60)).toBe(false);
  });

  it('a Fibonacci retracement has a line at each level between its points', () => {
    const fib: AnnotationItem = {
      kind: 'fibonacci',
      points: [
        { x: 0, y: 100 },
        { x: 50, y: 0 },
      ],
    };
    const levels = shapesOf(fib, plot).filter((s) => s.type === 'line' && s.y1 === s.y2);
    expect(levels.map((s) => (s.type === 'line' ? Math.round(s.y1 * 10) / 10 : 0))).toEqual([
      100, 76.4, 61.8, 50, 38.2, 21.4, 0,
    ]);
  });

  it('a channel’s parallel line goes through its third point', () => {
    const channel: AnnotationItem = {
      kind: 'channel',
      points: [
        { x: 0, y: 10 },
        { x: 100, y: 30 },
        { x: 50, y: 40 },
      ],
    };
    // Halfway, the base line is at a price of 20 (80 px down), the parallel one at 40, the midline at 30.
    expect(at(channel, 50, 80)).toBe(true);
    expect(at(channel, 50, 60)).toBe(true);
    expect(at(channel, 50, 70)).toBe(true);
    expect(at(channel, 50, 50)).toBe(false);
  });

  it('a buy marker sits under its price, a sell marker over it', () => {
    const buy = shapesOf({ kind: 'marker', x: 50, y: 50, shape: 'buy' }, plot)[0]!;
    const sell = shapesOf({ kind: 'marker', x: 50, y: 50, shape: 'sell' }, plot)[0]!;
    expect(buy.type === 'dot' && buy.y).toBeGreaterThan(50);
    expect(sell.type === 'dot' && sell.y).toBeLessThan(50);
  });

  it('an item whose positions cannot be placed has no shapes; the nearest item wins, the later on a tie', () => {
    expect(shapesOf({ kind: 'event', x: 'not a date' }, { ...plot, x: () => NaN })).toEqual([]);
    const a: AnnotationItem = { kind: 'level', y: 50 };
    const b: AnnotationItem = { kind: 'level', y: 52 };
    expect(hitIndex([shapesOf(a, plot), shapesOf(b, plot)], 10, 50.5)).toBe(0);
    expect(hitIndex([shapesOf(a, plot), shapesOf(a, plot)], 10, 50)).toBe(1);
    expect(hitIndex([shapesOf(a, plot)], 10, 20)).toBe(-1);
  });

  it('distances: zero inside a filled box, to the nearest edge of an outline', () => {
    expect(distanceTo({ type: 'box', x: 0, y: 0, width: 10, height: 10, filled: true }, 5, 5)).toBe(0);
    expect(distanceTo({ type: 'box', x: 0, y: 0, width: 10, height: 10 }, 5, 3)).toBe(3);
    expect(distanceTo({ type: 'dot', x: 0, y: 0, r: 2 }, 5, 0)).toBe(3);
  });
});

describe('a label is picked within its measured text', () => {
  /** A measure that answers 10 px a character at 11 px, and says which fonts it was asked for. */
  const fonts: string[] = [];
  const measure = (text: string, font: string) => {
    fonts.push(font);
    return text.length * (font.includes('22px') ? 20 : 10);
  };
  const hits = (item: AnnotationItem, x: number, y: number) => hitIndex([shapesOf(item, plot, measure)], x, y) === 0;

  it('a note’s label is centred on its point, as wide as its measured text', () => {
    // "Breakout" is 80 px wide: 10…90 around x 50, over the point's y ± half a line (6.5 px).
    const note: AnnotationItem = { kind: 'note', x: 50, y: 50, label: 'Breakout' };
    expect(hits(note, 12, 50)).toBe(true);
    expect(hits(note, 88, 54)).toBe(true);
    expect(hits(note, 10 - HIT_SLOP - 1, 50)).toBe(false);
    expect(hits(note, 90 + HIT_SLOP + 1, 50)).toBe(false);
    expect(hits(note, 50, 50 + 6.5 + HIT_SLOP + 1)).toBe(false);
    expect(fonts.at(-1)).toBe('11px sans-serif');
  });

  it('in the label’s own font, lines and placement', () => {
    const note: AnnotationItem = {
      kind: 'note',
      x: 50,
      y: 50,
      label: { text: ['ab', 'abcd'], fontSize: 22, fontWeight: 'bold', font: 'serif', align: 'left', baseline: 'top' },
    };
    // Two lines of 24 px from the point down (48 px), 80 px wide from it to the right.
    expect(hits(note, 125, 95)).toBe(true);
    expect(hits(note, 50 + 80 + HIT_SLOP + 1, 60)).toBe(false);
    expect(hits(note, 100, 50 + 48 + HIT_SLOP + 1)).toBe(false);
    expect(fonts.at(-1)).toBe('bold 22px serif');
  });

  it('a callout’s label sits past its offset, on the side it points to', () => {
    // dx 40, dy -40 from (20, 80): the label's left at x 60, its bottom at y 40.
    const callout: AnnotationItem = { kind: 'callout', x: 20, y: 20, label: 'Earnings beat' };
    expect(hits(callout, 60 + 125, 35)).toBe(true);
    expect(hits(callout, 60 + 130 + HIT_SLOP + 1, 35)).toBe(false);
    // Pointing left and down: the label's right edge at x 20 - 30, its top at y 80 + 30.
    const left: AnnotationItem = { kind: 'callout', x: 20, y: 20, dx: -30, dy: 30, label: 'abc' };
    expect(hits(left, -25, 115)).toBe(true);
    expect(hits(left, -10 + HIT_SLOP + 3, 130)).toBe(false);
  });

  it('without a measure, the width is guessed from the characters', () => {
    const note: AnnotationItem = { kind: 'note', x: 50, y: 50, label: 'abcdefghij' };
    // 10 characters of 11 px: about 66 px, so 17…83.
    expect(hitIndex([shapesOf(note, plot)], 20, 50)).toBe(0);
    expect(hitIndex([shapesOf(note, plot)], 5, 50)).toBe(-1);
  });
});
