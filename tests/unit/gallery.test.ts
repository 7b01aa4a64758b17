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
