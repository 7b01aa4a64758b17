/**
 * What a screen reader is told of the extension marks: each candle, gauge value and annotation
 * item is one sentence (the aria-label Vega writes from the `description` channel), and the
 * parts that only draw (wicks, arcs at internal angles, ticks, arrowheads) are hidden. Checked on
 * the expanded spec and on headless views drawn as the page draws them.
 */
import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile } from 'vega-lite';
import { expandMarks } from '../../../src/core/expand';
import { ANNOTATION_KINDS } from '../../../src/core/marks/annotation-types';
import type { JsonObject } from '../../../src/core/json';
import { expressionEvaluator } from '../../../src/render/expression';

function expanded(spec: JsonObject): JsonObject {
  const r = expandMarks(spec);
  expect(r.problems).toEqual([]);
  return r.spec as JsonObject;
}

interface VegaMark {
  name?: string;
  type: string;
  style?: string | string[];
  aria?: boolean;
  marks?: VegaMark[];
}

/** Every mark of a compiled spec, at any depth. */
function vegaMarks(spec: { marks?: VegaMark[] }): VegaMark[] {
  return (spec.marks ?? []).flatMap((m) => [m, ...vegaMarks(m)]);
}

/** The part a mark draws: vega-lite lists the mark type's style, then the part's (`gauge-needle`). */
const styleOf = (m: VegaMark) => [m.style ?? []].flat().at(-1) ?? '';

interface Drawn {
  vega: VegaSpec;
  view: vega.View;
  /** Every aria-label in the SVG, in order: what a screen reader reads. */
  labels: string[];
  svg: string;
}

async function draw(spec: JsonObject): Promise<Drawn> {
  const vg = compile(expanded(spec) as never).spec as VegaSpec;
  const view = new vega.View(vega.parse(vg, undefined, { ast: true }), {
    renderer: 'none',
    expr: expressionEvaluator,
  } as vega.ViewOptions);
  await view.runAsync();
  const svg = await view.toSVG();
  const labels = [...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return { vega: vg, view, labels, svg };
}

/** Labels of marks: not the axes', legends' or titles' own. */
const markLabels = (d: Drawn) => d.labels.filter((l) => !/^(X-axis|Y-axis|Title text)/.test(l));

/**
 * Mark containers a screen reader would announce without a name: Vega gives a mark whose items
 * have no description the role of one graphic, and no label (axe's svg-img-alt).
 */
const unnamed = (svg: string) =>
  [...svg.matchAll(/<g [^>]*role="graphics-symbol"[^>]*>/g)].map((m) => m[0]).filter((g) => !g.includes('aria-label'));

// Dates at noon, local time: the sentence says the day the axis shows, in any time zone.
const CANDLES = [
  { d: '2024-06-03T12:00', o: 30.2, h: 31, l: 29.5, c: 30.8 },
  { d: '2024-06-04T12:00', o: 30.8, h: 30.9, l: 29.1, c: 29.4 },
  { d: '2024-06-05T12:00', o: 29.4, h: 29.6, l: 29.2, c: 29.4 },
];
const PRICES = {
  x: { field: 'd', type: 'temporal' },
  open: { field: 'o' },
  high: { field: 'h' },
  low: { field: 'l' },
  close: { field: 'c' },
};

describe('candlestick and ohlc: one sentence per bar', () => {
  const SAID = [
    'Jun 3, 2024: open 30.20, high 31.00, low 29.50, close 30.80 (up)',
    'Jun 4, 2024: open 30.80, high 30.90, low 29.10, close 29.40 (down)',
    'Jun 5, 2024: open 29.40, high 29.60, low 29.20, close 29.40 (unchanged)',
  ];

  it('reads each candle by its body; the wick is hidden', async () => {
    const d = await draw({ data: { values: CANDLES }, mark: 'candlestick', encoding: PRICES });
    expect(markLabels(d)).toEqual(SAID);
    const marks = vegaMarks(d.vega);
    expect(marks.find((m) => styleOf(m) === 'candlestick-wick')?.aria).toBe(false);
    expect(unnamed(d.svg)).toEqual([]);
  });

  it('reads each ohlc bar by its range; the ticks are hidden', async () => {
    const d = await draw({ data: { values: CANDLES }, mark: 'ohlc', encoding: PRICES });
    expect(markLabels(d)).toEqual(SAID);
    const ticks = vegaMarks(d.vega).filter((m) => ['ohlc-open', 'ohlc-close'].includes(styleOf(m)));
    expect(ticks.map((m) => m.aria)).toEqual([false, false]);
  });
});

describe('gauge: the value in words, the drawing hidden', () => {
  const REVENUE = { data: { values: [{ r: 60 }, { r: 84 }] }, encoding: { value: { field: 'r' } } };

  it('says "Revenue 72 of 100" on the progress arc; every other part is aria: false', async () => {
    const d = await draw({ ...REVENUE, mark: { type: 'gauge', max: 100, title: 'Revenue' } });
    expect(markLabels(d)).toEqual(['Revenue 72 of 100']);
    const parts = vegaMarks(d.vega).filter((m) => styleOf(m).startsWith('gauge-'));
    expect(parts.length).toBeGreaterThan(5);
    for (const m of parts)
      expect([styleOf(m), m.aria]).toEqual([styleOf(m), styleOf(m) === 'gauge-progress' ? undefined : false]);
    expect(unnamed(d.svg)).toEqual([]);
    // No internal angle is read out.
    expect(d.svg).not.toMatch(/aria-label="[^"]*(theta|__)/);
  });

  it('says the range, the target, the change and an out-of-range value; the needle speaks when there is no arc', async () => {
    const d = await draw({
      data: { values: [{ v: 130, t: 110, was: 120 }] },
      mark: {
        type: 'gauge',
        min: 20,
        max: 120,
        needle: true,
        progress: false,
        value: { format: '.0f', unit: 'km/h' },
        delta: { format: '+.0f' },
        title: 'Speed',
      },
      encoding: { value: { field: 'v' }, target: { field: 't' }, reference: { field: 'was' } },
    });
    expect(markLabels(d)).toEqual(['Speed 130 km/h on a scale of 20 to 120, above the range, target 110, up 10']);
    const needle = vegaMarks(d.vega).find((m) => styleOf(m) === 'gauge-needle');
    expect(needle?.aria).toBeUndefined();
  });

  it('says each of several values, by name, on a linear gauge too', async () => {
    const d = await draw({
      data: {
        values: [
          { region: 'North', q: 0.8 },
          { region: 'South', q: 1.1 },
        ],
      },
      mark: { type: 'gauge', shape: 'linear', max: 1.5, value: { format: '.0%' } },
      encoding: { value: { field: 'q' }, color: { field: 'region' } },
    });
    expect(markLabels(d).filter((l) => !l.includes('legend'))).toEqual(['North 80% of 150%', 'South 110% of 150%']);
  });

  it('a part style of the user’s own may make a part speak again', () => {
    const spec = expanded({ ...REVENUE, mark: { type: 'gauge', ticks: { aria: true } } });
    const tick = (spec['layer'] as JsonObject[]).find((l) => (l['mark'] as JsonObject)['style'] === 'gauge-tick');
    expect((tick!['mark'] as JsonObject)['aria']).toBe(true);
  });
});

describe('annotation: one sentence per item, as a person would say it', () => {
  const SERIES = Array.from({ length: 40 }, (_, i) => ({
    d: `2024-06-${String((i % 30) + 1).padStart(2, '0')}T12:00`,
    v: 25 + (i % 7),
  })).slice(0, 30);
  const chart = (annotation: JsonObject): JsonObject => ({
    data: { values: SERIES },
    encoding: { x: { field: 'd', type: 'temporal' }, y: { field: 'v', type: 'quantitative' } },
    layer: [{ mark: { type: 'line', aria: false } }, { mark: { type: 'annotation', ...annotation } }],
  });
  const J = (day: number) => `2024-06-${String(day).padStart(2, '0')}T12:00`;

  const ITEMS: [JsonObject, string][] = [
    [{ kind: 'level', y: 30 }, 'Level 30'],
    [{ kind: 'level', y: 27.5, x: J(10), label: 'Pivot' }, 'Level 27.5 from Jun 10: Pivot'],
    [{ kind: 'event', x: J(12), label: 'FOMC' }, 'Event on Jun 12: FOMC'],
    [{ kind: 'xband', x: J(3), x2: J(8) }, 'Band from Jun 3 to Jun 8'],
    [{ kind: 'yband', y: 26, y2: 28, label: 'Range' }, 'Band from 26 to 28: Range'],
    [
      {
        kind: 'trend',
        points: [
          { x: J(1), y: 28 },
          { x: J(29), y: 31 },
        ],
        format: ',.1f',
      },
      'Trend line from Jun 1 (28.0) to Jun 29 (31.0)',
    ],
    [
      {
        kind: 'trend',
        extend: 'ray',
        points: [
          { x: J(1), y: 28 },
          { x: J(5), y: 29 },
        ],
      },
      'Trend ray from Jun 1 (28) through Jun 5 (29)',
    ],
    [{ kind: 'callout', x: J(8), y: 26.4, label: 'Reversal' }, 'Callout at Jun 8 (26.4): Reversal'],
    [{ kind: 'marker', shape: 'buy', x: J(15), y: 25.5 }, 'Buy at Jun 15 (25.5)'],
    [{ kind: 'note', x: J(2), y: 31, label: ['Two', 'lines'] }, 'Note at Jun 2 (31): Two lines'],
    [{ kind: 'rect', x: J(8), x2: J(12), y: 26, y2: 29 }, 'Rectangle from Jun 8 (26) to Jun 12 (29)'],
    [{ kind: 'ellipse', x: J(20), x2: J(25), y: 25, y2: 27 }, 'Ellipse from Jun 20 to Jun 25, 25 to 27'],
    [
      {
        kind: 'polyline',
        points: [
          { x: J(1), y: 27 },
          { x: J(4), y: 29 },
          { x: J(6), y: 28 },
        ],
      },
      'Line through 3 points from Jun 1 (27) to Jun 6 (28)',
    ],
    [
      {
        kind: 'fibonacci',
        points: [
          { x: J(5), y: 31 },
          { x: J(20), y: 25 },
        ],
      },
      'Fibonacci retracement from Jun 5 (31) to Jun 20 (25)',
    ],
    [
      {
        kind: 'channel',
        points: [
          { x: J(1), y: 26 },
          { x: J(10), y: 28 },
        ],
        offset: 2,
      },
      'Channel from Jun 1 (26) to Jun 10 (28)',
    ],
    [
      {
        kind: 'measure',
        points: [
          { x: J(3), y: 25 },
          { x: J(9), y: 30 },
        ],
      },
      'Measure from Jun 3 (25) to Jun 9 (30): +5 (+20.0%)',
    ],
    [
      {
        kind: 'pitchfork',
        points: [
          { x: J(2), y: 26 },
          { x: J(8), y: 30 },
          { x: J(10), y: 27 },
        ],
      },
      'Pitchfork from Jun 2 (26) between Jun 8 (30) and Jun 10 (27)',
    ],
    [
      {
        kind: 'elliott',
        points: [
          { x: J(1), y: 25 },
          { x: J(3), y: 28 },
          { x: J(5), y: 26 },
          { x: J(8), y: 30 },
        ],
      },
      'Wave of 4 points from Jun 1 (25) to Jun 8 (30)',
    ],
  ];

  it('covers every kind', () => {
    expect([...new Set(ITEMS.map(([item]) => item['kind']))].sort()).toEqual([...ANNOTATION_KINDS].sort());
  });

  it.each(ITEMS.map(([item, said]) => [`${item['kind'] as string}: ${said}`, item, said] as const))(
    '%s',
    async (_name, item, said) => {
      const d = await draw(chart({ items: [item] }));
      expect(markLabels(d)).toEqual([said]);
      expect(unnamed(d.svg)).toEqual([]);
    },
  );

  it('reads every part but the speaking one as hidden', async () => {
    const d = await draw(chart({ items: ITEMS.map(([item]) => item) }));
    expect(markLabels(d)).toEqual(ITEMS.map(([, said]) => said));
    const parts = vegaMarks(d.vega).filter((m) => styleOf(m).startsWith('annotation-'));
    // One speaking part per item; labels, arrowheads, tags and zones are hidden.
    expect(parts.filter((m) => m.aria !== false)).toHaveLength(ITEMS.length);
    // A label is hidden, but for the note's, which is all a note draws.
    expect(parts.filter((m) => styleOf(m) === 'annotation-label' && m.aria !== false)).toHaveLength(1);
  });

  it('data-driven items say each row, with the label field', async () => {
    const d = await draw({
      data: { values: SERIES },
      encoding: { x: { field: 'd', type: 'temporal' }, y: { field: 'v', type: 'quantitative' } },
      layer: [
        { mark: { type: 'line', aria: false } },
        {
          data: {
            values: [
              { when: J(4), at: 26.25, why: 'breakout' },
              { when: J(18), at: 29, why: 'target' },
            ],
          },
          mark: { type: 'annotation', kind: 'marker', shape: 'sell', x: { field: 'when' }, y: { field: 'at' } },
          encoding: { text: { field: 'why' } },
        },
      ],
    });
    expect(markLabels(d)).toEqual(['Sell at Jun 4 (26.25): breakout', 'Sell at Jun 18 (29): target']);
  });
});
