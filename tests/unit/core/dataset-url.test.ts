import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import {
  BUNDLED_DATASETS,
  bundledDatasetFile,
  bundledDatasetMessage,
  bundledDatasetNotes,
} from '../../../src/core/dataset-url';
import { parseDocument } from '../../../src/core/parse';
import { runPipeline } from '../../../src/core/pipeline';
import { SCHEMA_URLS } from '../../../src/core/language';
import { textOf } from '../helpers';

const JSDELIVR_CARS = 'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/cars.json';

describe('BUNDLED_DATASETS', () => {
  it('is the data folder of the installed vega-datasets, file for file', () => {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve('vega-datasets')), '..', 'data');
    expect([...BUNDLED_DATASETS].sort()).toEqual(readdirSync(dir).sort());
  });
});

describe('bundledDatasetFile', () => {
  it.each([
    [JSDELIVR_CARS, 'cars.json'],
    ['https://cdn.jsdelivr.net/npm/vega-datasets@v1.29.0/data/stocks.csv', 'stocks.csv'],
    ['https://cdn.jsdelivr.net/npm/vega-datasets/data/cars.json', 'cars.json'],
    ['https://cdn.jsdelivr.net/npm/vega-datasets@latest/data/seattle-weather.csv', 'seattle-weather.csv'],
    ['https://cdn.jsdelivr.net/npm/vega-datasets@2.8.0/data/us-10m.json', 'us-10m.json'],
    ['https://cdn.jsdelivr.net/gh/vega/vega-datasets@main/data/movies.json', 'movies.json'],
    ['https://cdn.jsdelivr.net/gh/vega/vega-datasets/data/barley.json', 'barley.json'],
    ['https://fastly.jsdelivr.net/npm/vega-datasets@2/data/cars.json', 'cars.json'],
    ['https://gcore.jsdelivr.net/npm/vega-datasets@2/data/cars.json', 'cars.json'],
    ['https://unpkg.com/vega-datasets@2.8.0/data/cars.json', 'cars.json'],
    ['https://unpkg.com/vega-datasets/data/flights-200k.arrow', 'flights-200k.arrow'],
    ['https://vega.github.io/vega-datasets/data/cars.json', 'cars.json'],
    ['https://raw.githubusercontent.com/vega/vega-datasets/main/data/cars.json', 'cars.json'],
    ['https://raw.githubusercontent.com/vega/vega-datasets/v2.8.0/data/unemployment.tsv', 'unemployment.tsv'],
    ['https://raw.githubusercontent.com/vega/vega-datasets/refs/heads/main/data/cars.json', 'cars.json'],
    ['https://github.com/vega/vega-datasets/raw/main/data/gimp.png', 'gimp.png'],
    // Query strings and fragments do not change the file.
    ['https://cdn.jsdelivr.net/npm/vega-datasets@2/data/cars.json?v=3', 'cars.json'],
    ['https://cdn.jsdelivr.net/npm/vega-datasets@2/data/cars.json#top', 'cars.json'],
    // Schemes and host names are not case sensitive; protocol-relative URLs are https in a page.
    ['HTTPS://CDN.JSDELIVR.NET/npm/vega-datasets@2/data/cars.json', 'cars.json'],
    ['http://cdn.jsdelivr.net/npm/vega-datasets@2/data/cars.json', 'cars.json'],
    ['//cdn.jsdelivr.net/npm/vega-datasets@2/data/cars.json', 'cars.json'],
    ['https://cdn.jsdelivr.net:443/npm/vega-datasets@2/data/cars.json', 'cars.json'],
    ['https://cdn.jsdelivr.net/npm/vega-datasets@2/data/lookup%5Fgroups.csv', 'lookup_groups.csv'],
  ])('%s → %s', (url, file) => {
    expect(bundledDatasetFile(url)).toBe(file);
  });

  it.each([
    // Look-alike hosts: the name of a publisher inside another host, a path or a user name.
    'https://cdn.jsdelivr.net.evil.com/npm/vega-datasets/data/cars.json',
    'https://evil.com/cdn.jsdelivr.net/npm/vega-datasets/data/cars.json',
    'https://cdn.jsdelivr.net@evil.com/npm/vega-datasets/data/cars.json',
    'https://user@cdn.jsdelivr.net/npm/vega-datasets/data/cars.json',
    'https://evilcdn.jsdelivr.net/npm/vega-datasets/data/cars.json',
    'https://cdn-jsdelivr.net/npm/vega-datasets/data/cars.json',
    'https://vega.github.io.attacker.io/vega-datasets/data/cars.json',
    'https://raw.githubusercontent.com/attacker/vega-datasets/main/data/cars.json',
    'https://github.com/vega/vega-datasets/blob/main/data/cars.json',
    'https://cdn.jsdelivr.net:8443/npm/vega-datasets/data/cars.json',
    // Other packages and folders of the right host.
    'https://cdn.jsdelivr.net/npm/vega-datasets-fork@2/data/cars.json',
    'https://cdn.jsdelivr.net/npm/evil/vega-datasets/data/cars.json',
    'https://cdn.jsdelivr.net/npm/vega-datasets@2/src/cars.json',
    'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/sub/cars.json',
    'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/..%2Fpackage.json',
    'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/%2e%2e',
    'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/',
    'https://unpkg.com/vega-datasets@2/data/%E0%A4%A',
    // Files the bundled package does not have (older versions had them).
    'https://cdn.jsdelivr.net/npm/vega-datasets@1/data/iris.json',
    'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/Cars.json',
    // Not web URLs, or already local.
    'data/cars.json',
    '/data/cars.json',
    'ftp://cdn.jsdelivr.net/npm/vega-datasets/data/cars.json',
    'javascript:alert(1)//cdn.jsdelivr.net/npm/vega-datasets/data/cars.json',
    'https://',
    '',
  ])('leaves %s alone', (url) => {
    expect(bundledDatasetFile(url)).toBeUndefined();
  });

  it('is not fooled by values that are not strings', () => {
    expect(bundledDatasetFile(undefined as unknown as string)).toBeUndefined();
    expect(bundledDatasetFile({ toString: () => JSDELIVR_CARS } as unknown as string)).toBeUndefined();
  });
});

describe('bundledDatasetNotes', () => {
  it('notes each data URL of a Vega spec that names a bundled file, at the top and in group marks', () => {
    const spec = {
      data: [
        { name: 'a', url: JSDELIVR_CARS },
        { name: 'b', url: 'https://example.com/cars.json' },
        { name: 'c', values: [] },
      ],
      marks: [
        {
          type: 'group',
          data: [{ name: 'd', url: 'https://unpkg.com/vega-datasets/data/stocks.csv', format: { type: 'csv' } }],
          marks: [{ type: 'group', data: [{ name: 'e', url: 'https://vega.github.io/vega-datasets/data/jobs.json' }] }],
        },
        // An image's URL is not a data source, and a property named url elsewhere is not either.
        { type: 'image', encode: { enter: { url: { value: 'https://unpkg.com/vega-datasets/data/ffox.png' } } } },
        { type: 'text', description: { url: JSDELIVR_CARS } },
      ],
    };
    const doc = parseDocument(JSON.stringify(spec, null, 2));
    const notes = bundledDatasetNotes(doc);
    expect(notes.map((p) => [p.severity, p.source, p.path, p.message])).toEqual([
      ['info', 'compile', '/data/0/url', bundledDatasetMessage('cars.json')],
      ['info', 'compile', '/marks/0/data/0/url', bundledDatasetMessage('stocks.csv')],
      ['info', 'compile', '/marks/0/marks/0/data/0/url', bundledDatasetMessage('jobs.json')],
    ]);
    expect(textOf(doc, notes[0]!.range)).toBe(JSON.stringify(JSDELIVR_CARS));
  });

  it('says nothing when no URL names a bundled file, or when the text does not parse', () => {
    expect(
      bundledDatasetNotes(parseDocument('{"data": {"url": "https://example.com/vega-datasets/cars.json"}}')),
    ).toEqual([]);
    expect(bundledDatasetNotes(parseDocument(`{"data": {"url": "${JSDELIVR_CARS}"},`))).toEqual([]);
  });
});

describe('runPipeline with vega-datasets URLs', () => {
  const point = { mark: 'point', encoding: { x: { field: 'Horsepower', type: 'quantitative' } } };

  it('notes each URL, top level and in layers, concat and lookups, and compiles the spec as written', () => {
    const spec = {
      vconcat: [
        { data: { url: JSDELIVR_CARS }, ...point },
        {
          layer: [
            {
              data: { url: 'https://cdn.jsdelivr.net/npm/vega-datasets@v1.29.0/data/stocks.csv' },
              transform: [
                {
                  lookup: 'symbol',
                  from: {
                    data: { url: 'https://raw.githubusercontent.com/vega/vega-datasets/main/data/cars.json' },
                    key: 'Name',
                    fields: ['Miles_per_Gallon'],
                  },
                },
              ],
              mark: 'line',
              encoding: { x: { field: 'date', type: 'temporal' } },
            },
          ],
        },
        { data: { url: 'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/not-there.json' }, ...point },
      ],
    };
    const text = JSON.stringify(spec, null, 2);
    const r = runPipeline(text);
    // The compiled Vega (and so every export) keeps the URLs: the loaders read the local copy.
    expect(r.vega).toEqual(compile(spec as never).spec);
    const notes = r.problems.filter((p) => p.severity === 'info');
    expect(notes.map((p) => [p.path, textOf(r.doc, p.range), p.message])).toEqual([
      ['/vconcat/0/data/url', JSON.stringify(JSDELIVR_CARS), bundledDatasetMessage('cars.json')],
      [
        '/vconcat/1/layer/0/data/url',
        '"https://cdn.jsdelivr.net/npm/vega-datasets@v1.29.0/data/stocks.csv"',
        bundledDatasetMessage('stocks.csv'),
      ],
      [
        '/vconcat/1/layer/0/transform/0/from/data/url',
        '"https://raw.githubusercontent.com/vega/vega-datasets/main/data/cars.json"',
        bundledDatasetMessage('cars.json'),
      ],
    ]);
  });

  it('does the same for a raw Vega spec', () => {
    const spec = {
      $schema: SCHEMA_URLS.vega,
      data: [{ name: 'cars', url: 'https://unpkg.com/vega-datasets@2/data/cars.json' }],
    };
    const r = runPipeline(JSON.stringify(spec));
    expect(r.vega!.data).toEqual(spec.data);
    expect(r.problems.map((p) => [p.severity, p.path, p.message])).toEqual([
      ['info', '/data/0/url', bundledDatasetMessage('cars.json')],
    ]);
  });

  it('says nothing about a URL for a file the package lacks, or about data/… URLs', () => {
    const r = runPipeline(
      JSON.stringify({
        vconcat: [
          { data: { url: 'data/cars.json' }, ...point },
          { data: { url: 'https://example.com/x.json' }, ...point },
        ],
      }),
    );
    expect(r.problems).toEqual([]);
  });
});
