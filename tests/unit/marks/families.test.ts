import { describe, expect, it, vi } from 'vitest';
import { marks } from '../../../src/core/marks/index';
import { EXTENSION_MARK_NAMES } from '../../../src/core/marks/registry';
import { FAMILY_NAMES } from '../../../src/core/marks/families';

/**
 * The page's pipeline worker loads an extension mark when a text names it. Here each test gets
 * modules of its own (`vi.resetModules`), so the registry starts empty, as in a fresh worker.
 */
async function fresh() {
  vi.resetModules();
  const registry = await import('../../../src/core/marks/registry');
  const families = await import('../../../src/core/marks/families');
  const { expandMarks } = await import('../../../src/core/expand');
  const names = () => registry.registeredMarks().map((m) => m.name);
  return { ...families, expandMarks, names };
}

const gauge = JSON.stringify({ data: { values: [{ v: 3 }] }, mark: 'gauge', encoding: { value: { field: 'v' } } });
const bars = JSON.stringify({ data: { values: [{ a: 1 }] }, mark: 'bar', encoding: { y: { field: 'a' } } });

describe('extension marks loaded as texts name them', () => {
  it('has every mark in one family, and its name among the names', () => {
    const inFamilies = FAMILY_NAMES.flat();
    expect([...inFamilies].sort()).toEqual(marks.map((m) => m.name).sort());
    expect(new Set(inFamilies).size).toBe(inFamilies.length);
    expect([...EXTENSION_MARK_NAMES].sort()).toEqual(marks.map((m) => m.name).sort());
  });

  it('loads nothing for a chart of Vega-Lite marks, and only the family a text names', async () => {
    const f = await fresh();
    await f.loadMarksNamedIn(bars);
    expect(f.names()).toEqual([]);
    await f.loadMarksNamedIn(gauge);
    expect(f.names()).toEqual(['gauge']);
    await f.loadMarksNamedIn('{"mark": {"type": "ohlc"}}');
    expect(f.names().sort()).toEqual(['candlestick', 'gauge', 'ohlc']);
  });

  it('loads the mark that lends an option a text sets on a mark of Vega-Lite', async () => {
    const f = await fresh();
    const line = JSON.stringify({ mark: { type: 'line', indicators: ['rsi'] } });
    await f.loadMarksNamedIn(line);
    expect(f.names().sort()).toEqual(['candlestick', 'ohlc']);
    const expanded = f.expandMarks({
      data: { values: [{ t: 1, v: 2 }] },
      mark: { type: 'line', indicators: ['rsi'] },
      encoding: { x: { field: 't', type: 'quantitative' }, y: { field: 'v', type: 'quantitative' } },
    });
    expect(expanded.expandedCount).toBe(1);
  });

  it('loads every mark for a text with an escape, which may spell a name', async () => {
    const f = await fresh();
    await f.loadMarksNamedIn('{"mark": "g\\u0061uge"}');
    expect(f.names().sort()).toEqual(['annotation', 'candlestick', 'gauge', 'ohlc']);
  });

  it('expands a mark once loaded; one not loaded says so, and a misspelt one is still suggested', async () => {
    const f = await fresh();
    const spec = JSON.parse(gauge) as Record<string, unknown>;
    const before = f.expandMarks(spec);
    expect(before.problems.map((p) => p.message)).toEqual([
      'The "gauge" mark is not loaded here, so it cannot be drawn.',
    ]);
    const typo = f.expandMarks({ ...spec, mark: 'guage' });
    expect(typo.problems[0]?.message).toContain('Did you mean "gauge"?');
    await f.loadMarksNamedIn(gauge);
    const after = f.expandMarks(spec);
    expect(after.problems).toEqual([]);
    expect(after.expandedCount).toBe(1);
  });
});
