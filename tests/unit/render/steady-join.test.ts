import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { steadyJoin } from '../../../src/render/steady-join';
import { setFastPaths } from '../../../src/render/fast-paths';
import { scene } from '../charts';

type Row = Record<string, unknown>;
type Class = new (...a: never[]) => { value: unknown };
const registry = (vega as unknown as { transforms: Record<string, Class> }).transforms;
const STOCK = registry['datajoin']!;
const STEADY = steadyJoin(STOCK);

const DAY = 86400000;

/**
 * Bars on a time axis whose range a signal moves (as a zoom does), a rule per bar, and a group
 * faceted by series (its marks are joined by the facet's key): what a change to the rows or to
 * the range can do to the items of each.
 */
const SPEC: VegaSpec = {
  width: 300,
  height: 120,
  signals: [{ name: 'lo', value: 0 }],
  data: [
    { name: 'rows', values: [] },
    { name: 'shown', source: 'rows', transform: [{ type: 'filter', expr: 'datum.v != null' }] },
  ],
  scales: [
    {
      name: 'x',
      type: 'time',
      domain: { signal: `[datetime(2000, 0, 1) + lo * ${DAY}, datetime(2000, 0, 1) + (lo + 60) * ${DAY}]` },
      range: 'width',
    },
    { name: 'y', type: 'linear', domain: { data: 'shown', field: 'v' }, range: 'height', zero: false },
  ],
  axes: [
    { scale: 'x', orient: 'bottom', grid: true },
    { scale: 'y', orient: 'left' },
  ],
  marks: [
    {
      type: 'rect',
      from: { data: 'shown' },
      encode: {
        update: {
          x: { scale: 'x', field: 't' },
          width: { value: 3 },
          y: { scale: 'y', field: 'v' },
          y2: { scale: 'y', value: 0 },
          fill: { signal: "datum.v > 50 ? 'red' : 'green'" },
        },
      },
    },
    {
      type: 'rule',
      from: { data: 'shown' },
      encode: { update: { x: { scale: 'x', field: 't' }, y: { scale: 'y', field: 'v' }, y2: { value: 0 } } },
    },
    {
      type: 'group',
      from: { facet: { name: 'series', data: 'shown', groupby: 's' } },
      marks: [
        {
          type: 'symbol',
          from: { data: 'series' },
          encode: { update: { x: { scale: 'x', field: 't' }, y: { scale: 'y', field: 'v' } } },
        },
      ],
    },
  ],
};

/** A view of SPEC whose data joins are `join` (the registry is read while the view is built). */
function view(join: Class): vega.View {
  registry['datajoin'] = join;
  try {
    return new vega.View(vega.parse(SPEC), { renderer: 'none' });
  } finally {
    registry['datajoin'] = STOCK;
  }
}

const bar = (i: number, v: number | null): Row => ({ t: new Date(Date.UTC(2000, 0, 1) + i * DAY), v, s: 'ab'[i % 2] });

/** One change to the rows of a view, or to its range: the same on both views. */
type Change =
  | { kind: 'modifyAll'; by: number }
  | { kind: 'modifySome'; at: number[]; by: number }
  | { kind: 'insert'; n: number }
  | { kind: 'remove'; at: number[] }
  | { kind: 'move'; lo: number };

function apply(v: vega.View, change: Change, next: { i: number }): void {
  const rows = v.data('rows') as Row[];
  const cs = vega.changeset();
  switch (change.kind) {
    case 'modifyAll':
      // As the level of detail does on a zoom: every row written anew, the nulls too.
      for (const [k, r] of rows.entries())
        cs.modify(r as never, 'v', k % 7 === 3 ? null : (((r['v'] as number) ?? 0) + change.by) % 100);
      break;
    case 'modifySome':
      for (const at of change.at) if (rows.length) cs.modify(rows[at % rows.length] as never, 'v', change.by);
      break;
    case 'insert':
      cs.insert(Array.from({ length: change.n }, (_, k) => bar(next.i + k, (next.i + k * 13) % 100)));
      next.i += change.n;
      break;
    case 'remove':
      for (const at of new Set(change.at.map((a) => (rows.length ? a % rows.length : -1))))
        if (at >= 0) cs.remove(rows[at] as never);
      break;
    case 'move':
      v.signal('lo', change.lo);
      return;
  }
  v.change('rows', cs);
}

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('modifyAll' as const), by: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('modifySome' as const),
    at: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    by: fc.integer({ min: 0, max: 99 }),
  }),
  fc.record({ kind: fc.constant('insert' as const), n: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }) }),
  fc.record({ kind: fc.constant('move' as const), lo: fc.integer({ min: -20, max: 80 }) }),
);

/** The items of the view's rect mark (the bars), in order. */
function bars(v: vega.View): unknown[] {
  type Mark = { marktype: string; role: string; items: unknown[] };
  const root = (v.scenegraph() as unknown as { root: { items: { items: Mark[] }[] } }).root;
  return root.items[0]!.items.find((m) => m.marktype === 'rect' && m.role === 'mark')!.items;
}

describe('the data join of the page', () => {
  it('gives the items Vega gives through random changes to the rows and the range', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.array(change, { minLength: 1, maxLength: 12 }),
        async (n, changes) => {
          const [a, b] = [view(STEADY), view(STOCK)];
          const next = { i: n };
          try {
            for (const v of [a, b]) {
              v.insert(
                'rows',
                Array.from({ length: n }, (_, i) => bar(i, (i * 37) % 100)),
              );
              await v.runAsync();
            }
            expect(scene(a)).toBe(scene(b));
            for (const c of changes) {
              for (const v of [a, b]) {
                apply(v, c, { ...next });
                await v.runAsync();
              }
              if (c.kind === 'insert') next.i += c.n;
              expect(scene(a)).toBe(scene(b));
              expect(await a.toSVG()).toBe(await b.toSVG());
            }
          } finally {
            a.finalize();
            b.finalize();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('keeps every item when every row is modified, and gives each its row', async () => {
    const v = view(STEADY);
    try {
      v.insert(
        'rows',
        Array.from({ length: 40 }, (_, i) => bar(i, i + 1)),
      );
      await v.runAsync();
      const before = [...bars(v)];
      for (const by of [3, 5]) {
        apply(v, { kind: 'modifyAll', by }, { i: 40 });
        await v.runAsync();
        const after = bars(v);
        // Rows set to null leave the filter; the others keep their items.
        expect(after.every((x) => before.includes(x))).toBe(true);
        expect(after.map((x) => (x as { datum: Row }).datum)).toEqual(v.data('shown'));
      }
    } finally {
      v.finalize();
    }
  });

  it('is Vega’s own with the fast paths off', async () => {
    setFastPaths(false);
    const [a, b] = [view(STEADY), view(STOCK)];
    try {
      for (const v of [a, b]) {
        v.insert(
          'rows',
          Array.from({ length: 30 }, (_, i) => bar(i, i * 3)),
        );
        await v.runAsync();
        apply(v, { kind: 'modifyAll', by: 7 }, { i: 30 });
        apply(v, { kind: 'move', lo: 10 }, { i: 30 });
        await v.runAsync();
      }
      expect(scene(a)).toBe(scene(b));
    } finally {
      setFastPaths(true);
      a.finalize();
      b.finalize();
    }
  });

  it('keeps a tick item for each of ticks less than a second apart (Vega names them by their second)', async () => {
    // A time axis over 2 seconds has a tick every 200 ms; Vega's text of a Date has no
    // milliseconds, so its join would give the ticks of one second one item among them.
    const spec: VegaSpec = {
      width: 300,
      height: 40,
      signals: [{ name: 'lo', value: 0 }],
      scales: [{ name: 'x', type: 'utc', domain: { signal: '[lo, lo + 2000]' }, range: 'width' }],
      axes: [{ scale: 'x', orient: 'bottom', tickCount: 10 }],
    };
    registry['datajoin'] = STEADY;
    let v: vega.View;
    try {
      v = new vega.View(vega.parse(spec), { renderer: 'none' });
    } finally {
      registry['datajoin'] = STOCK;
    }
    try {
      type Item = { datum?: { value?: unknown }; items?: Item[]; role?: string };
      const labels = (): number[] => {
        const out: number[] = [];
        const walk = (n: Item): void => {
          if (n.role === 'axis-label') for (const x of n.items ?? []) out.push(+(x.datum!.value as Date));
          for (const c of n.items ?? []) walk(c);
        };
        walk((v.scenegraph() as unknown as { root: Item }).root);
        return out.sort((a, b) => a - b);
      };
      await v.runAsync();
      const first = labels();
      expect(first.length).toBeGreaterThanOrEqual(10);
      expect(new Set(first).size).toBe(first.length);
      // A pan by 100 ms: the ticks of the new range, each with its own label, none left over.
      v.signal('lo', 100);
      await v.runAsync();
      const ticks = v.scale('x').ticks(10).map(Number);
      expect(labels()).toEqual(ticks);
    } finally {
      v.finalize();
    }
  });
});
