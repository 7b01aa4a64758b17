import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareExamples, matchesQuery } from '../../src/core/gallery';
import { exampleInfo } from '../../src/core/gallery-info';

const DIR = new URL('../../examples/', import.meta.url);
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('gallery metadata read from the specs', () => {
  it('has at least 30 examples, each with a title of its own, a description and tags', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const f of files) {
      const info = exampleInfo(f, readFileSync(new URL(f, DIR), 'utf8'));
      expect(info.title, f).not.toBe(info.name);
      expect(info.tags.length, f).toBeGreaterThan(0);
    }
  });

  it('reads examples that are plain JSON (no comments or trailing commas), as the gallery expects', () => {
    for (const f of files) expect(() => JSON.parse(readFileSync(new URL(f, DIR), 'utf8')), f).not.toThrow();
  });

  it('reads title, subtitle and description', () => {
    expect(exampleInfo('a.vl.json', '{"title": {"text": "T", "subtitle": "S"}, "mark": "bar"}')).toEqual({
      name: 'a',
      title: 'T',
      description: 'S',
      tags: ['basics'],
      uses: ['bar'],
    });
    expect(exampleInfo('b.json', '{"title": ["One", "Two"], "description": "D", "mark": "bar"}')).toMatchObject({
      name: 'b',
      title: 'One Two',
      description: 'D',
    });
    expect(exampleInfo('c.vl.json', 'not json at all')).toEqual({
      name: 'c',
      title: 'c',
      description: '',
      tags: ['basics'],
      uses: [],
    });
  });

  it('tags follow from what the spec uses', () => {
    const tags = (spec: unknown) => exampleInfo('x.vl.json', JSON.stringify(spec)).tags;
    expect(tags({ layer: [{ mark: 'candlestick' }, { mark: { type: 'annotation' } }] })).toEqual([
      'financial',
      'annotation',
    ]);
    expect(tags({ facet: { row: { field: 'a' } }, spec: { mark: { type: 'gauge' } } })).toEqual([
      'gauge',
      'composition',
    ]);
    expect(tags({ vconcat: [{ mark: 'point', params: [{ name: 'b', select: 'interval' }] }] })).toEqual([
      'basics',
      'composition',
      'interaction',
    ]);
    // A line with indicators is a financial chart.
    expect(tags({ mark: { type: 'line', indicators: ['rsi'] } })).toEqual(['financial']);
    // A field named like a mark in the data is not a mark.
    expect(tags({ data: { values: [{ mark: 'gauge' }] }, mark: 'bar' })).toEqual(['basics']);
    expect(
      tags({
        $schema: 'https://vega.github.io/schema/vega/v6.json',
        signals: [{ name: 's', bind: { input: 'range' } }],
      }),
    ).toEqual(['interaction', 'vega']);
  });

  it('orders the welcome chart first, then by tag', () => {
    const infos = files.map((f) => exampleInfo(f, readFileSync(new URL(f, DIR), 'utf8'))).sort(compareExamples);
    expect(infos[0]!.name).toBe('welcome');
    const firstBasics = infos.findIndex((i) => i.tags[0] === 'basics');
    expect(infos.slice(firstBasics).every((i) => i.tags[0] !== 'financial')).toBe(true);
  });

  it('search matches every word in name, title, description or tags', () => {
    const info = exampleInfo('scatter-cars.vl.json', readFileSync(new URL('scatter-cars.vl.json', DIR), 'utf8'));
    expect(matchesQuery(info, '')).toBe(true);
    expect(matchesQuery(info, 'HORSEPOWER basics')).toBe(true);
    expect(matchesQuery(info, 'horsepower gauge')).toBe(false);
  });
});

describe('the search index: what each example draws', () => {
  const infos = files.map((f) => exampleInfo(f, readFileSync(new URL(f, DIR), 'utf8')));
  const found = (query: string) => infos.filter((i) => matchesQuery(i, query)).map((i) => i.name);
  const text = (f: string) => readFileSync(new URL(f, DIR), 'utf8');

  it('lists the marks, annotation kinds and gauge shapes a spec uses, not names in its data', () => {
    const uses = (spec: unknown) => exampleInfo('x.vl.json', JSON.stringify(spec)).uses;
    expect(
      uses({
        data: { values: [{ mark: 'ohlc', kind: 'pitchfork' }] },
        layer: [
          { mark: 'candlestick' },
          { mark: { type: 'annotation', items: [{ kind: 'fibonacci' }, { kind: 'level' }, { kind: 'level' }] } },
          { mark: { type: 'annotation', kind: 'marker', x: { field: 'd' } } },
        ],
      }),
    ).toEqual(['candlestick', 'annotation', 'fibonacci', 'level', 'marker']);
    expect(uses({ vconcat: [{ mark: 'gauge' }, { mark: { type: 'gauge', shape: 'linear' } }] })).toEqual([
      'gauge',
      'radial',
      'linear',
    ]);
    // Raw Vega's marks are not Vega-Lite's: only their tags are read.
    expect(uses({ $schema: 'https://vega.github.io/schema/vega/v6.json', marks: [{ type: 'rect' }] })).toEqual([]);
  });

  it('"candlestick" finds every example that draws candlesticks, also those titled after their annotations', () => {
    const drawing = files
      .filter((f) => /"mark":\s*("candlestick"|\{\s*"type":\s*"candlestick")/.test(text(f)))
      .map((f) => f.replace(/\.vl\.json$/, ''));
    expect(drawing).toContain('annotation-trend-fibonacci');
    expect(found('candlestick').sort()).toEqual(drawing.sort());
    // The annotation examples do not say "candlestick" in their title or description.
    const fib = infos.find((i) => i.name === 'annotation-trend-fibonacci')!;
    expect(`${fib.title} ${fib.description}`.toLowerCase()).not.toContain('candlestick');
  });

  it('"fibonacci" finds the example with a Fibonacci annotation, by its kind', () => {
    expect(found('fibonacci')).toEqual(['annotation-trend-fibonacci']);
    expect(found('pitchfork')).toEqual(['annotation-waves-pitchfork']);
    expect(found('elliott pitchfork')).toEqual(['annotation-waves-pitchfork']);
  });

  it('"gauge" finds every gauge example, and a shape finds its gauges', () => {
    const gauges = infos.filter((i) => text(`${i.name}.vl.json`).includes('"gauge"')).map((i) => i.name);
    expect(gauges.length).toBeGreaterThan(5);
    expect(found('gauge').sort()).toEqual(gauges.sort());
    expect(found('linear')).toEqual(['gauge-bullets']);
  });

  it('the welcome chart draws its level with the annotation mark', () => {
    expect(infos.find((i) => i.name === 'welcome')!.uses).toEqual(['candlestick', 'line', 'annotation', 'level']);
  });
});
