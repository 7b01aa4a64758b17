import { describe, expect, it } from 'vitest';
import type { View } from 'vega';
import type { DrawableMeta } from '../../../src/core/drawable';
import { columnsBetween, nearestColumn, plainUnits, type Column } from '../../../src/render/drawing-units';
import type { SceneItem } from '../../../src/render/explore-scene';

/**
 * What a pointer snaps to on a plain chart: the rows its units draw, read from the scene (their
 * x from the row, their y from the row where it is drawn at that value, else from where it is
 * drawn), grouped by x over every unit on the same plot.
 */
const linear = (d0: number, d1: number, r0: number, r1: number) => {
  const f = (v: number) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
  f.invert = (p: number) => d0 + ((p - r0) / (r1 - r0)) * (d1 - d0);
  return f;
};
// x: 0…10 days over 0…100 px; y: 0…50 over 100…0 px.
const DAY = 86_400_000;
const scales: Record<string, ReturnType<typeof linear>> = {
  x: linear(0, 10 * DAY, 0, 100),
  y: linear(0, 50, 100, 0),
};
const view = { scale: (n: string) => scales[n] } as unknown as View;

const meta = (unit: string, model: string, y = 'price'): DrawableMeta => ({
  unit,
  model,
  view: '',
  scales: { x: 'x', y: 'y' },
  fields: { x: 'date', y, temporal: true },
});

const item = (day: number, price: number, drawnAt = price) => ({
  x: scales['x']!(day * DAY),
  y: scales['y']!(drawnAt),
  datum: { date: new Date(day * DAY), price },
});

describe('the points of a plain chart a pointer snaps to', () => {
  const group: SceneItem = {
    items: [
      { name: 'layer_0_marks', marktype: 'line', role: 'mark', items: [item(1, 10), item(2, 12.5), item(3, 11)] },
      // A second series in a group of its own (a line per color), one stacked on the first.
      {
        name: 'layer_1_pathgroup',
        marktype: 'group',
        role: 'scope',
        items: [
          { x: 0, y: 0, items: [{ name: 'layer_1_marks', marktype: 'area', role: 'mark', items: [item(2, 5, 17.5)] }] },
        ],
      },
      // Another layer's marks (an annotation) and the axes are not snapped to.
      { name: 'layer_2_marks', marktype: 'symbol', role: 'mark', items: [item(2, 40)] },
      { name: 'layer_0_axis', marktype: 'group', role: 'axis', items: [] },
    ],
  };

  it('units on one plot are one: a drawing goes beside the first, and snaps to the rows of all', () => {
    const units = plainUnits([meta('/layer/0', 'layer_0_'), meta('/layer/1', 'layer_1_')]);
    expect(units).toHaveLength(1);
    const [u] = units;
    expect(u!.unit).toBe('/layer/0');
    expect(u!.noun).toBe('point');
    const { columns, ys } = u!.snapping(group, view);
    // Day 2 has the line's 12.5 and the stacked area's top (17.5, where it is drawn), not its row's 5.
    expect(columns).toEqual([
      { x: DAY, ys: [10] },
      { x: 2 * DAY, ys: [12.5, 17.5] },
      { x: 3 * DAY, ys: [11] },
    ]);
    // The decimals a drawing is written with come from the rows' own values.
    expect([...ys].sort((a, b) => a - b)).toEqual([5, 10, 11, 12.5]);
    // The same rows again (a pointer moving): the same columns, not read and sorted again.
    expect(u!.snapping(group, view).columns).toBe(columns);
  });

  it('units on other scales are plots of their own', () => {
    const other = { ...meta('/vconcat/1', 'concat_1_'), scales: { x: 'concat_1_x', y: 'concat_1_y' } };
    expect(plainUnits([meta('/vconcat/0', 'concat_0_'), other]).map((u) => u.unit)).toEqual([
      '/vconcat/0',
      '/vconcat/1',
    ]);
  });

  it('the nearest column, and the columns a measure spans', () => {
    const columns: Column[] = [1, 2, 4, 8].map((x) => ({ x, ys: [] }));
    expect(nearestColumn(columns, 0)).toBe(0);
    expect(nearestColumn(columns, 2.9)).toBe(1);
    expect(nearestColumn(columns, 3.1)).toBe(2);
    expect(nearestColumn(columns, 100)).toBe(3);
    expect(nearestColumn([], 1)).toBe(-1);
    expect(columnsBetween(columns, 1, 8)).toBe(3);
    expect(columnsBetween(columns, 8, 2)).toBe(2);
  });
});
