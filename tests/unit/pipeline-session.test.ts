import { describe, expect, it } from 'vitest';
import { PipelineSession } from '../../src/workers/pipeline-session';
import type { PipelineAnswer, PipelineResponse, RuntimeResponse, SpecResponse } from '../../src/workers/protocol';

const BAR = (value: number, spacing = ' ') =>
  `{"data": {"values": [{"a": "x", "b": ${value}}]},${spacing}"mark": "bar",${spacing}"encoding": {"x": {"field": "a", "type": "nominal"}, "y": {"field": "b", "type": "quantitative"}}}`;

function result(a: PipelineAnswer): PipelineResponse {
  expect(a.kind).toBe('result');
  return a as PipelineResponse;
}

describe('PipelineSession (the pipeline worker)', () => {
  it('sends the Vega spec only when asked, and says "same" while it does not change', () => {
    const s = new PipelineSession();
    const r1 = result(s.handle({ id: 1, text: BAR(3) }));
    expect(r1.spec).toBe('changed');
    expect(r1).not.toHaveProperty('vega');
    const spec1 = s.handle({ kind: 'spec', id: 1 }) as SpecResponse;
    expect(spec1.vega).toBeTruthy();
    expect(JSON.stringify(spec1.vega)).toContain('"b":3');

    // A different value: a new spec.
    const r2 = result(s.handle({ id: 2, text: BAR(4) }));
    expect(r2.spec).toBe('changed');
    expect(r2.reused).toBe(false);
    // Not fetched; back to the fetched text's value: the page already has that spec.
    const r3 = result(s.handle({ id: 3, text: BAR(3) }));
    expect(r3.spec).toBe('same');
  });

  it('gives the Compiled tab the expanded Vega-Lite and the Vega of a good text, also after a broken one', () => {
    const s = new PipelineSession();
    const candles = `{"data": {"values": [{"d": "2024-01-02", "o": 1, "h": 3, "l": 0, "c": 2}]}, "mark": "candlestick",
      "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "o"}, "high": {"field": "h"}, "low": {"field": "l"}, "close": {"field": "c"}}}`;
    result(s.handle({ id: 1, text: candles }));
    result(s.handle({ id: 2, text: candles.replace('"mark"', '"mark" "') }));
    const answer = s.handle({ kind: 'compiled', id: 1 });
    expect(answer).toMatchObject({ kind: 'compiled', id: 1 });
    const texts = (answer as { texts: { vegaLite: string; vega: string } }).texts;
    const vegaLite = JSON.parse(texts.vegaLite) as Record<string, unknown>;
    // Standard Vega-Lite: the candlestick expanded into Vega-Lite's own marks, under its $schema.
    expect(vegaLite['$schema']).toBe('https://vega.github.io/schema/vega-lite/v6.json');
    expect(texts.vegaLite).not.toContain('"candlestick"');
    expect(texts.vegaLite).toMatch(/"(rule|bar)"/);
    expect(JSON.parse(texts.vega)).toHaveProperty('marks');
    // What the expansion tells the page alone (what to explore, what can be drawn on) is not shown.
    for (const text of [texts.vegaLite, texts.vega]) {
      expect(text).not.toContain('chartspecExplore');
      expect(text).not.toContain('chartspecDraw');
    }
    // The broken text has nothing to show.
    expect(s.handle({ kind: 'compiled', id: 2 })).toEqual({ kind: 'compiled', id: 2 });
    // The spec's own usermeta beside the page's stays as written, a "__proto__" key too.
    const own = candles.replace('{"data"', '{"usermeta": {"__proto__": {"x": 1}, "desk": 4}, "data"');
    result(s.handle({ id: 3, text: own }));
    const shown = (s.handle({ kind: 'compiled', id: 3 }) as { texts: { vegaLite: string } }).texts.vegaLite;
    expect(shown).not.toContain('chartspecExplore');
    expect(shown).toContain('"__proto__": {');
    expect(shown).toContain('"desk": 4');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it("keeps the spec's own usermeta in the Compiled tab, without the page's entries", () => {
    const s = new PipelineSession();
    const line = `{"usermeta": {"owner": "desk 4"}, "data": {"values": [{"t": 1, "v": 2}, {"t": 2, "v": 3}]},
      "mark": "line", "encoding": {"x": {"field": "t", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}}`;
    result(s.handle({ id: 1, text: line }));
    const texts = (s.handle({ kind: 'compiled', id: 1 }) as { texts: { vegaLite: string; vega: string } }).texts;
    for (const text of [texts.vegaLite, texts.vega]) {
      expect(JSON.parse(text)['usermeta']).toEqual({ owner: 'desk 4' });
      expect(text).not.toContain('chartspecDraw');
    }
  });

  it('does not recompile an edit of spacing only, and places its remarks in the new text', () => {
    const s = new PipelineSession();
    result(s.handle({ id: 1, text: BAR(3) }));
    s.handle({ kind: 'spec', id: 1 });
    const r2 = result(s.handle({ id: 2, text: BAR(3, '\n   ') }));
    expect(r2.reused).toBe(true);
    expect(r2.spec).toBe('same');
    expect(r2.problems).toEqual([]);
    // A trailing comma is a warning of the parse; its place is in the newest text.
    const r3 = result(s.handle({ id: 3, text: BAR(3, '\n   ').replace(/}}}$/, '}},}') }));
    expect(r3.reused).toBe(true);
    expect(r3.problems.map((p) => p.source)).toEqual(['parse']);
    expect(r3.problems[0]!.range.start.line).toBe(3);
  });

  it('recompiles when the previous text had problems beyond parsing', () => {
    const s = new PipelineSession();
    const bad = BAR(3).replace('"quantitative"', '"quantitative", "aggregate": "nope"');
    const r1 = result(s.handle({ id: 1, text: bad }));
    expect(r1.problems.length).toBeGreaterThan(0);
    const r2 = result(s.handle({ id: 2, text: bad.replace(', "mark"', ',  "mark"') }));
    expect(r2.reused).toBe(false);
    expect(r2.problems.length).toBe(r1.problems.length);
  });

  it('answers a spec request for a text that is no longer the newest without the spec', () => {
    const s = new PipelineSession();
    result(s.handle({ id: 1, text: BAR(3) }));
    result(s.handle({ id: 2, text: BAR(4) }));
    expect((s.handle({ kind: 'spec', id: 1 }) as SpecResponse).vega).toBeUndefined();
    expect((s.handle({ kind: 'spec', id: 2 }) as SpecResponse).vega).toBeTruthy();
  });

  it('places runtime messages in the text they belong to', () => {
    const s = new PipelineSession();
    const text = `{\n  "data": {"url": "data/missing.csv"},\n  "mark": "point",\n  "encoding": {"x": {"field": "a", "type": "quantitative"}}\n}`;
    result(s.handle({ id: 7, text }));
    const placed = s.handle({
      kind: 'runtime',
      id: 7,
      key: 1,
      entries: [{ level: 'error', message: 'Loading failed data/missing.csv' }],
    }) as RuntimeResponse;
    expect(placed.key).toBe(1);
    expect(placed.problems).toHaveLength(1);
    expect(placed.problems![0]!.source).toBe('runtime');
    expect(placed.problems![0]!.range.start.line).toBe(2);
    expect(placed.problems![0]!.message).toMatch(/Could not load data\/missing\.csv/);
    // A text the worker no longer holds: no problems, rather than wrong places.
    for (let id = 8; id < 14; id++) result(s.handle({ id, text }));
    expect(
      (s.handle({ kind: 'runtime', id: 7, key: 2, entries: [{ level: 'error', message: 'x' }] }) as RuntimeResponse)
        .problems,
    ).toBeUndefined();
  });
});

describe('data patches', () => {
  const ROWS = (values: number[], mark = 'line') =>
    `{"data": {"values": [${values.map((v, i) => `{"i": ${i}, "v": ${v}}`).join(', ')}]}, "mark": "${mark}", "encoding": {"x": {"field": "i", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}}`;

  it('sends the rows that changed, relative to the spec the page holds, and a whole spec otherwise', async () => {
    const { applyPatch } = await import('../../src/core/data-patch');
    const s = new PipelineSession();
    const values = Array.from({ length: 1000 }, (_, i) => i % 17);
    result(s.handle({ id: 1, text: ROWS(values) }));
    const first = s.handle({ kind: 'spec', id: 1 }) as SpecResponse;
    expect(first.vega).toBeTruthy();
    expect(first.seq).toEqual(expect.any(Number));

    // One value typed: only that row travels, and applied to the held spec it is the new spec.
    values[500] = 99;
    result(s.handle({ id: 2, text: ROWS(values) }));
    const second = s.handle({ kind: 'spec', id: 2, base: first.seq! }) as SpecResponse;
    expect(second.vega).toBeUndefined();
    expect(second.base).toBe(first.seq);
    expect(second.patch!.datasets).toEqual([{ index: 0, name: 'source_0', rows: [[500, { i: 500, v: 99 }]] }]);
    const patched = applyPatch(first.vega!, second.patch!);
    const whole = new PipelineSession();
    result(whole.handle({ id: 1, text: ROWS(values) }));
    expect(patched).toEqual((whole.handle({ kind: 'spec', id: 1 }) as SpecResponse).vega);
    // The held spec is not changed by the patch: unchanged parts are shared, changed ones new.
    expect(JSON.stringify(first.vega)).not.toContain('"v":99');

    // A base the worker does not know (a page that missed a spec): the whole spec.
    values[3] = 42;
    result(s.handle({ id: 3, text: ROWS(values) }));
    const third = s.handle({ kind: 'spec', id: 3, base: first.seq! }) as SpecResponse;
    expect(third.vega).toBeTruthy();
    expect(third.patch).toBeUndefined();

    // More than rows changed (the mark): the whole spec.
    result(s.handle({ id: 4, text: ROWS(values, 'point') }));
    const fourth = s.handle({ kind: 'spec', id: 4, base: third.seq! }) as SpecResponse;
    expect(fourth.vega).toBeTruthy();
    // A row added at the end (a new bar): it travels alone, and applied it is the new spec.
    const more = [...values, 5];
    const r5 = result(s.handle({ id: 5, text: ROWS(more, 'point') }));
    expect(r5.spec).toBe('changed');
    const fifth = s.handle({ kind: 'spec', id: 5, base: fourth.seq! }) as SpecResponse;
    expect(fifth.vega).toBeUndefined();
    expect(fifth.patch!.datasets).toEqual([{ index: 0, name: 'source_0', rows: [], appended: [{ i: 1000, v: 5 }] }]);
    const grown = new PipelineSession();
    result(grown.handle({ id: 1, text: ROWS(more, 'point') }));
    expect(applyPatch(fourth.vega!, fifth.patch!)).toEqual(
      (grown.handle({ kind: 'spec', id: 1 }) as SpecResponse).vega,
    );
    // Rows taken away: the whole spec.
    result(s.handle({ id: 6, text: ROWS(values, 'point') }));
    expect((s.handle({ kind: 'spec', id: 6, base: fifth.seq! }) as SpecResponse).vega).toBeTruthy();
  });

  it('valuesPatch: rows of plain inline data sets only, up to a limit', async () => {
    const { valuesPatch } = await import('../../src/core/data-patch');
    const equal = (await import('fast-deep-equal')).default;
    const spec = (values: unknown[], extra: Record<string, unknown> = {}) => ({
      data: [{ name: 'd', values, ...extra }],
      marks: [{ type: 'rect' }],
    });
    const rows = (n: number, change = -1) => Array.from({ length: n }, (_, i) => ({ i, v: i === change ? -1 : i }));
    expect(valuesPatch(spec(rows(10)) as never, spec(rows(10, 4)) as never, equal)).toEqual({
      datasets: [{ index: 0, name: 'd', rows: [[4, { i: 4, v: -1 }]] }],
    });
    expect(valuesPatch(spec(rows(10)) as never, spec(rows(10)) as never, equal)).toEqual({ datasets: [] });
    // The description the page writes counts the rows: it travels with them.
    const described = (n: number) => ({ ...spec(rows(n)), description: `${n} rows` });
    expect(valuesPatch(described(10) as never, described(11) as never, equal)).toEqual({
      datasets: [{ index: 0, name: 'd', rows: [], appended: [{ i: 10, v: 10 }] }],
      description: '11 rows',
    });
    // Anything else beside the rows: no patch.
    expect(valuesPatch(spec(rows(10)) as never, { ...spec(rows(11)), title: 'x' } as never, equal)).toBeUndefined();
    // A data set with a format or transforms of its own, rows that are not objects, more rows
    // than the limit: no patch.
    expect(
      valuesPatch(
        spec(rows(10), { format: { type: 'json' } }) as never,
        spec(rows(10, 4), { format: { type: 'json' } }) as never,
        equal,
      ),
    ).toBeUndefined();
    expect(valuesPatch(spec([1, 2, 3]) as never, spec([1, 5, 3]) as never, equal)).toBeUndefined();
    // A row with a "__proto__" key (as JSON.parse keeps it) is never patched into a live row.
    const hostile = rows(10, 4).map((r, i) =>
      i === 4 ? (JSON.parse('{"__proto__": {"polluted": 1}, "i": 4, "v": -1}') as typeof r) : r,
    );
    expect(valuesPatch(spec(rows(10)) as never, spec(hostile) as never, equal)).toBeUndefined();
    const many = rows(2000);
    const changed = many.map((r) => ({ ...r, v: r.v + 1 }));
    expect(valuesPatch(spec(many) as never, spec(changed) as never, equal)).toBeUndefined();
    expect(valuesPatch(spec(many) as never, spec(changed) as never, equal, 5000)!.datasets[0]!.rows).toHaveLength(2000);
  });
});
