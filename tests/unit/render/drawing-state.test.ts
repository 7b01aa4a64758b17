import { afterEach, describe, expect, it, vi } from 'vitest';
import { annotationsOf } from '../../../src/core/annotation-edits';
import { DrawingState } from '../../../src/render/drawing-state';
import { CANDLE_ENCODING } from '../charts';

/** A candlestick beside an annotation with one trend line (ending at `end`), over `rows` bars of inline data. */
function spec(rows: number, end = 105): string {
  const values = Array.from({ length: rows }, (_, i) => ({
    date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
    open: 100,
    high: 101,
    low: 99,
    close: 100.5,
  }));
  const trend = {
    kind: 'trend',
    points: [
      { x: '2024-01-02', y: 100 },
      { x: '2024-01-20', y: end },
    ],
  };
  return JSON.stringify(
    {
      layer: [{ mark: { type: 'annotation', items: [trend] } }, { mark: 'candlestick', encoding: CANDLE_ENCODING }],
      data: { values },
    },
    null,
    2,
  );
}

/** The selection inside the trend line's text. */
const inTrend = (text: string) => {
  const at = text.indexOf('"kind": "trend"');
  return { start: at, end: at + 4 };
};

afterEach(() => void vi.useRealTimers());

describe('the drawing state', () => {
  it('reads a short text at once, for the overlay and for a press alike', () => {
    const state = new DrawingState();
    state.readWith(annotationsOf);
    const text = spec(10);
    state.setSource(text, inTrend(text));
    expect(state.annotationsSoon('/layer/1')).toHaveLength(1);
    expect(state.pickAmong(['/layer/1'], true)).toEqual({ unit: '/layer/1', pointer: '/layer/0/mark/items/0' });
  });

  it('reads a long text for the overlay once typing pauses, the items before standing in meanwhile', () => {
    vi.useFakeTimers();
    const state = new DrawingState();
    state.readWith(annotationsOf);
    const told = vi.fn();
    state.subscribe(told);
    const first = spec(2000);
    expect(first.length).toBeGreaterThan(100_000);
    state.setSource(first, inTrend(first));
    // Nothing read yet: a long text waits for a pause even the first time.
    expect(state.annotationsSoon('/layer/1')).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(state.annotationsSoon('/layer/1')[0]!.item).toMatchObject({ points: [{}, { y: 105 }] });
    // A keystroke in the trend line's end price: the item as it was until typing pauses…
    const typed = spec(2000, 107);
    state.setSource(typed, inTrend(typed));
    told.mockClear();
    expect(state.annotationsSoon('/layer/1')[0]!.item).toMatchObject({ points: [{}, { y: 105 }] });
    expect(state.pickAmong(['/layer/1'], true)?.pointer).toBe('/layer/0/mark/items/0');
    vi.advanceTimersByTime(100);
    expect(told).not.toHaveBeenCalled();
    // …then read, and the overlay told to draw again.
    vi.advanceTimersByTime(100);
    expect(told).toHaveBeenCalled();
    expect(state.annotationsSoon('/layer/1')[0]!.item).toMatchObject({ points: [{}, { y: 107 }] });
    // A long text without an annotation has none, at once: nothing waits to be read.
    const plain = spec(2000).replace('"annotation"', '"rule"');
    state.setSource(plain, { start: 10, end: 10 });
    told.mockClear();
    expect(state.annotationsSoon('/layer/1')).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(told).not.toHaveBeenCalled();
    // What a press reads is always the text as it is.
    const again = spec(2000, 110);
    state.setSource(again, inTrend(again));
    expect(state.annotations('/layer/1')[0]!.item).toMatchObject({ points: [{}, { y: 110 }] });
  });
});
