import { describe, expect, it } from 'vitest';
import type { Spec as VegaSpec } from 'vega';
import { ChartSession, type ChartEvents } from '../../../src/render/chart-session';
import { headless } from '../state/harness';
import type { LogEntry } from '../../../src/core/logger';

/** Records what the session tells the app; `next()` waits for its next drawing or failure. */
function recorder() {
  const drawn: VegaSpec[] = [];
  const failed: { spec: VegaSpec; entries: LogEntry[] }[] = [];
  const runtime: { spec: VegaSpec; entries: LogEntry[] }[] = [];
  let wake: (() => void) | undefined;
  const events: ChartEvents = {
    onDrawn: (spec) => {
      drawn.push(spec);
      wake?.();
    },
    onFailed: (spec, entries) => {
      failed.push({ spec, entries });
      wake?.();
    },
    onRuntime: (spec, entries) => {
      runtime.push({ spec, entries });
      wake?.();
    },
  };
  const next = () =>
    new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('the session did not answer')), 5000);
      wake = () => {
        clearTimeout(t);
        wake = undefined;
        resolve();
      };
    });
  return { events, drawn, failed, runtime, next };
}

function session() {
  const r = recorder();
  const s = new ChartSession(r.events, { makeView: headless, nextTask: () => Promise.resolve() });
  // Node has no document: any object stands for the element (the headless factory ignores it).
  s.attach({} as HTMLElement);
  return { s, ...r };
}

const bars = (values: { x: string; y: number }[], fill = 'steelblue'): VegaSpec => ({
  width: 100,
  height: 100,
  data: [{ name: 'table', values }],
  scales: [
    { name: 'x', type: 'band', domain: { data: 'table', field: 'x' }, range: 'width' },
    { name: 'y', domain: { data: 'table', field: 'y' }, range: 'height' },
  ],
  marks: [
    {
      type: 'rect',
      from: { data: 'table' },
      encode: {
        update: {
          x: { scale: 'x', field: 'x' },
          width: { scale: 'x', band: 1 },
          y: { scale: 'y', field: 'y' },
          y2: { scale: 'y', value: 0 },
          fill: { value: fill },
        },
      },
    },
  ],
});

const rows = [
  { x: 'a', y: 1 },
  { x: 'b', y: 2 },
];

describe('ChartSession', () => {
  it('goes on after a step that fails: that spec is said to have failed, the next one is drawn', async () => {
    const r = recorder();
    let fail = false;
    // The task a patch waits for fails once: the step throws where it would have patched.
    const nextTask = () => (fail ? ((fail = false), Promise.reject(new Error('lost'))) : Promise.resolve());
    const s = new ChartSession(r.events, { makeView: headless, nextTask });
    s.attach({} as HTMLElement);
    const first = bars(rows);
    let answered = r.next();
    s.update(first, 1);
    await answered;
    fail = true;
    const second = bars([{ x: 'a', y: 3 }, rows[1]!]);
    answered = r.next();
    s.update(second, 2);
    await answered;
    expect(r.failed.map((f) => f.spec)).toEqual([second]);
    const third = bars([{ x: 'a', y: 4 }, rows[1]!]);
    answered = r.next();
    s.update(third, 3);
    await answered;
    expect(r.drawn.at(-1)).toBe(third);
  });

  it('draws its first spec and says so', async () => {
    const { s, drawn, next } = session();
    const spec = bars(rows);
    expect(s.hasChart()).toBe(false);
    s.update(spec, 1);
    await next();
    expect(drawn).toEqual([spec]);
    expect(s.hasChart()).toBe(true);
    expect(s.view?.data('table')).toHaveLength(2);
    expect(s.lastGood).toBe(spec);
    expect(s.staleReason).toBeUndefined();
  });

  it('patches a data-only edit into the same view', async () => {
    const { s, drawn, next } = session();
    const first = bars(rows);
    s.update(first, 1);
    await next();
    const view = s.view;
    const second = bars([rows[0]!, { x: 'b', y: 5 }]);
    s.update(second, 2);
    await next();
    expect(drawn).toEqual([first, second]);
    expect(s.view).toBe(view);
    expect((s.view!.data('table') as { y: number }[]).map((d) => d.y)).toEqual([1, 5]);
  });

  it('patches rows added at the end into the same view, leaving the rows of the spec unmarked', async () => {
    const { s, drawn, next } = session();
    const first = bars(rows);
    s.update(first, 1);
    await next();
    const view = s.view;
    const added = { x: 'c', y: 7 };
    const second = bars([...rows, added]);
    s.update(second, 2);
    await next();
    expect(drawn).toEqual([first, second]);
    expect(s.view).toBe(view);
    expect((s.view!.data('table') as { y: number }[]).map((d) => d.y)).toEqual([...rows.map((r) => r.y), 7]);
    // Vega holds a copy: the spec's row has no id of Vega's.
    expect(Object.getOwnPropertySymbols(added)).toEqual([]);
  });

  it('draws a structural change anew, in a new view', async () => {
    const { s, drawn, next } = session();
    s.update(bars(rows), 1);
    await next();
    const view = s.view;
    const red = bars(rows, 'red');
    s.update(red, 2);
    await next();
    expect(drawn.at(-1)).toBe(red);
    expect(s.view).toBeDefined();
    expect(s.view).not.toBe(view);
  });

  it('keeps the last good chart when a spec cannot become a view, and says why', async () => {
    const { s, failed, next } = session();
    const good = bars(rows);
    s.update(good, 1);
    await next();
    const view = s.view;
    const bad = bars(rows);
    (bad.marks![0] as { encode: { update: Record<string, unknown> } }).encode.update['fill'] = { signal: 'nope(' };
    s.update(bad, 2);
    await next();
    expect(failed.map((f) => f.spec)).toEqual([bad]);
    expect(failed[0]!.entries[0]!.level).toBe('error');
    expect(s.view).toBe(view);
    expect(s.hasChart()).toBe(true);
    expect(s.lastGood).toBe(good);
    expect(s.staleReason).toMatch(/./);
    // The app then shows the last good spec again: nothing to redraw.
    s.update(good, 2);
    await Promise.resolve();
    expect(s.view).toBe(view);
  });

  it('says when the view itself fails, with the error as an entry', async () => {
    const r = recorder();
    const s = new ChartSession(r.events, { makeView: () => Promise.reject(new Error('no canvas here')) });
    s.attach({} as HTMLElement);
    const spec = bars(rows);
    s.update(spec, 1);
    await r.next();
    expect(r.failed).toEqual([{ spec, entries: [{ level: 'error', message: 'no canvas here' }] }]);
    expect(s.staleReason).toBe('no canvas here');
    expect(s.view).toBeUndefined();
  });

  it("returns Vega's runtime messages as entries of the spec drawn", async () => {
    const { s, runtime, next } = session();
    const spec: VegaSpec = {
      data: [{ name: 'table', values: [{ x: 1 }] }],
      signals: [{ name: 'oops', update: "warn('careful')" }],
    };
    s.update(spec, 1);
    while (!runtime.length) await next();
    expect(runtime[0]!.spec).toBe(spec);
    expect(runtime[0]!.entries.map((e) => e.message).join(' ')).toMatch(/careful/);
  });

  it('takes the chart away when there is no spec', async () => {
    const { s, next } = session();
    s.update(bars(rows), 1);
    await next();
    let told = 0;
    s.subscribe(() => told++);
    s.update(undefined, 2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.hasChart()).toBe(false);
    expect(s.view).toBeUndefined();
    expect(told).toBeGreaterThan(0);
  });
});
