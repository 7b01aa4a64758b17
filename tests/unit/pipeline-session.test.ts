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
    const placed = s.handle({ kind: 'runtime', id: 7, key: 1, entries: [{ level: 'error', message: 'Loading failed data/missing.csv' }] }) as RuntimeResponse;
    expect(placed.key).toBe(1);
    expect(placed.problems).toHaveLength(1);
    expect(placed.problems![0]!.source).toBe('runtime');
    expect(placed.problems![0]!.range.start.line).toBe(2);
    expect(placed.problems![0]!.message).toMatch(/Could not load data\/missing\.csv/);
    // A text the worker no longer holds: no problems, rather than wrong places.
    for (let id = 8; id < 14; id++) result(s.handle({ id, text }));
    expect((s.handle({ kind: 'runtime', id: 7, key: 2, entries: [{ level: 'error', message: 'x' }] }) as RuntimeResponse).problems).toBeUndefined();
  });
});
