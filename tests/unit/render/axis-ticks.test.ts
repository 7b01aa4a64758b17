import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { steadyAxisTicks } from '../../../src/render/axis-ticks';
import { setFastPaths } from '../../../src/render/fast-paths';

type Class = new (...a: never[]) => object;
const registry = (vega as unknown as { transforms: Record<string, Class> }).transforms;
const STOCK = registry['axisticks']!;
const STEADY = steadyAxisTicks(STOCK);

const DAY = 86400000;
const START = Date.UTC(2001, 0, 1);

/**
 * Time axes of every kind the labels are kept for (local and UTC, Vega's multi-format, a format
 * text, an object of Vega's multi-format, a format type over a number scale) and two that are not
 * (a number axis, a format function of the spec's), over a range a signal moves and zooms as a
 * chart's zoom and pan do, each axis with its grid as Vega-Lite writes it (an axis of its own).
 */
const SPEC: VegaSpec = {
  width: 400,
  height: 300,
  signals: [
    { name: 'lo', value: 0 },
    { name: 'span', value: 60 },
  ],
  scales: [
    { name: 'local', type: 'time', domain: { signal: `[${START} + lo * ${DAY}, ${START} + (lo + span) * ${DAY}]` } },
    { name: 'utc', type: 'utc', domain: { signal: `[${START} + lo * ${DAY}, ${START} + (lo + span) * ${DAY}]` } },
    { name: 'n', type: 'linear', domain: { signal: `[${START} + lo * ${DAY}, ${START} + (lo + span) * ${DAY}]` } },
    { name: 'y', type: 'linear', domain: { signal: '[lo, lo + span]' }, range: 'height' },
  ].map((s) => ({ range: 'width', ...s })) as VegaSpec['scales'],
  axes: [
    { scale: 'utc', orient: 'bottom', grid: true, labels: false, ticks: false, domain: false },
    { scale: 'utc', orient: 'bottom' },
    { scale: 'local', orient: 'top' },
    { scale: 'utc', orient: 'bottom', offset: 30, format: '%b %d' },
    { scale: 'utc', orient: 'bottom', offset: 60, format: { year: '%y', month: '%b.' } as never },
    { scale: 'n', orient: 'top', offset: 30, formatType: 'utc' },
    { scale: 'n', orient: 'top', offset: 60 },
    { scale: 'y', orient: 'left' },
  ],
};

/** A view of SPEC whose axis ticks are `ticks` (the registry is read while the view is built). */
function view(ticks: Class, options: object = {}): vega.View {
  registry['axisticks'] = ticks;
  try {
    return new vega.View(vega.parse(SPEC), { renderer: 'none', ...options });
  } finally {
    registry['axisticks'] = STOCK;
  }
}

/** Every axis's labels, in the scene's order. */
function labels(v: vega.View): string[] {
  type Node = { role?: string; text?: unknown; items?: Node[] };
  const out: string[] = [];
  const walk = (n: Node): void => {
    if (n.role === 'axis-label') for (const x of n.items ?? []) out.push(String(x.text));
    for (const c of n.items ?? []) walk(c);
  };
  walk((v.scenegraph() as unknown as { root: Node }).root);
  return out;
}

describe('the axis ticks of the page', () => {
  it('give the labels Vega gives as the range moves and zooms, on every kind of axis', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ lo: fc.integer({ min: -4000, max: 4000 }), span: fc.integer({ min: 1, max: 3000 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (moves) => {
          const [a, b] = [view(STEADY), view(STOCK)];
          try {
            for (const m of [{ lo: 0, span: 60 }, ...moves]) {
              for (const v of [a, b]) {
                v.signal('lo', m.lo).signal('span', m.span);
                await v.runAsync();
              }
              expect(labels(a)).toEqual(labels(b));
              expect(await a.toSVG()).toBe(await b.toSVG());
            }
          } finally {
            a.finalize();
            b.finalize();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it("writes a view's labels in its own locale, not in one whose labels it kept before", async () => {
    const german = {
      time: {
        dateTime: '%A, der %e. %B %Y, %X',
        date: '%d.%m.%Y',
        time: '%H:%M:%S',
        periods: ['AM', 'PM'],
        days: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
        shortDays: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
        months: [
          'Januar',
          'Februar',
          'März',
          'April',
          'Mai',
          'Juni',
          'Juli',
          'August',
          'September',
          'Oktober',
          'November',
          'Dezember',
        ],
        shortMonths: ['Jan', 'Feb', 'Mrz', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
      },
    };
    const span = 400; // months: the multi-format writes their names
    const english = view(STEADY);
    const inGerman = view(STEADY, { locale: german });
    const stock = view(STOCK, { locale: german });
    try {
      for (const v of [english, inGerman, stock]) {
        v.signal('span', span);
        await v.runAsync();
      }
      expect(labels(english)).toContain('March');
      expect(labels(inGerman)).toContain('März');
      expect(labels(inGerman)).toEqual(labels(stock));
    } finally {
      english.finalize();
      inGerman.finalize();
      stock.finalize();
    }
  });

  it('writes a date it has written before without making a formatter, for every axis that asks the same', async () => {
    const v = view(STEADY);
    const locale = (v as unknown as { locale(): { utcFormat(spec: unknown): unknown } }).locale();
    const made: unknown[] = [];
    const utcFormat = locale.utcFormat.bind(locale);
    locale.utcFormat = (spec) => (made.push(spec), utcFormat(spec));
    try {
      for (const lo of [0, 1, 0]) {
        made.length = 0;
        v.signal('lo', lo);
        await v.runAsync();
      }
      // Back at the first range: every label of every UTC axis is one written already.
      expect(made).toEqual([]);
      v.signal('lo', 3000);
      await v.runAsync();
      expect(made.length).toBeGreaterThan(0);
    } finally {
      v.finalize();
    }
  });

  it('is Vega’s own with the fast paths off', async () => {
    setFastPaths(false);
    try {
      const [a, b] = [view(STEADY), view(STOCK)];
      for (const v of [a, b]) {
        v.signal('lo', 20).signal('span', 900);
        await v.runAsync();
      }
      expect(labels(a)).toEqual(labels(b));
      a.finalize();
      b.finalize();
    } finally {
      setFastPaths(true);
    }
  });
});
