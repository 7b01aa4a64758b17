import { describe, expect, it } from 'vitest';
import { logProblems } from '../../src/core/compile';
import { locateMessage } from '../../src/core/locate';
import { parseDocument, rangeOfPointer } from '../../src/core/parse';
import { textOf } from './helpers';

const SPEC = JSON.stringify(
  {
    data: { url: 'https://example.com/data/nope.json' },
    transform: [{ filter: 'datum.price > 100 && datum.volume < 3' }, { calculate: 'foo(datum.price)', as: 'score' }],
    mark: 'bar',
    encoding: {
      x: { field: 'category', type: 'nominal', aggregate: 'median' },
      color: { field: 'price', type: 'quantitative' },
    },
  },
  null,
  2,
);
const doc = parseDocument(SPEC);

/** Where a message lands: its path and the text under its range. */
function where(message: string, d = doc) {
  const { path, range } = locateMessage(d, message);
  return { path, text: textOf(d, range) };
}

describe('locateMessage: channels', () => {
  it('finds a channel named with quotes, at its key', () => {
    const msg =
      'Dropping {"type":"quantitative"} from channel "color" since it does not contain any data field, datum, value, or signal.';
    expect(where(msg)).toEqual({ path: '/encoding/color', text: '"color"' });
    expect(locateMessage(doc, msg).range).toEqual(rangeOfPointer(doc, '/encoding/color', 'key'));
  });

  it('finds a channel named without quotes', () => {
    const msg = 'Config.customFormatTypes is not true, thus custom format type and format for channel x are dropped.';
    expect(where(msg)).toEqual({ path: '/encoding/x', text: '"x"' });
  });

  it('goes on to other clues when the channel is not in the spec', () => {
    const msg = 'Missing type for channel "size", using "median" instead.';
    expect(where(msg)).toEqual({ path: '/encoding/x/aggregate', text: '"median"' });
  });

  it('finds the channel of an "incompatible channel" warning', () => {
    expect(where('color dropped as it is incompatible with "bar".').path).toBe('/encoding/color');
  });

  it('prefers the channel under "encoding" to a data field of the same name', () => {
    const d = parseDocument(
      JSON.stringify({ data: { values: [{ x: 1, y: 2 }] }, mark: 'bar', encoding: { x: { type: 'quantitative' } } }),
    );
    const msg =
      'Dropping {"type":"quantitative"} from channel "x" since it does not contain any data field, datum, value, or signal.';
    expect(locateMessage(d, msg).path).toBe('/encoding/x');
  });
});

describe('locateMessage: quoted strings', () => {
  it('finds a double-quoted string value', () => {
    expect(where('Invalid aggregation operator "median".')).toEqual({
      path: '/encoding/x/aggregate',
      text: '"median"',
    });
  });

  it('finds a single-quoted string value', () => {
    expect(where("Field 'category' not found")).toEqual({ path: '/encoding/x/field', text: '"category"' });
  });

  it('tries the longest quoted fragment first', () => {
    // "bar" is in the spec too, but the longer "category" is more telling.
    expect(where('Cannot use "bar" with "category" here').path).toBe('/encoding/x/field');
    expect(where('Cannot use "nothing-like-this" with "bar" here').path).toBe('/mark');
  });

  it('ignores one-letter fragments', () => {
    const d = parseDocument('{"mark": "bar", "title": "q"}');
    expect(where('Unknown "q"', d).path).toBe('');
  });

  it('still finds a quoted value after a one-letter quoted channel name', () => {
    const d = parseDocument(
      JSON.stringify({
        mark: 'bar',
        encoding: { x: { field: 'a', type: 'quantitative', scale: { type: 'ordinal' } } },
      }),
    );
    const msg = 'Channel "x" does not work with "ordinal" scale. We are using "linear" scale instead.';
    expect(locateMessage(d, msg).path).not.toBe('');
  });
});

describe('locateMessage: URLs', () => {
  it('finds a URL named unquoted in a loader error, by its tail', () => {
    expect(where('Loading failed: data/nope.json Error: 404')).toEqual({
      path: '/data/url',
      text: '"https://example.com/data/nope.json"',
    });
  });

  it('finds a full URL that the spec names relatively', () => {
    const d = parseDocument('{"data": {"url": "data/cars.csv"}, "mark": "point"}');
    expect(where('Loading failed: https://vega.github.io/data/cars.csv 404', d).path).toBe('/data/url');
  });

  it('does not match an unrelated file name', () => {
    expect(where('Loading failed: other.json Error: 404').path).toBe('');
  });
});

describe('locateMessage: expression fragments', () => {
  it('finds the string that contains a quoted piece of an expression', () => {
    expect(where('Expression parse error: "datum.volume < 3"')).toEqual({
      path: '/transform/0/filter',
      text: '"datum.price > 100 && datum.volume < 3"',
    });
  });

  it('finds a call to an unknown function in a calculate', () => {
    expect(where('Unrecognized function: "foo"').path).toBe('/transform/1/calculate');
  });

  it('prefers an exact value to a containing one', () => {
    // "price" is the exact value of /encoding/color/field and also inside both expressions.
    expect(where('Unknown field "price"').path).toBe('/encoding/color/field');
  });
});

describe('locateMessage: fallback', () => {
  it('falls back to the start of the spec', () => {
    const { path, range } = locateMessage(doc, 'Something went wrong.');
    expect(path).toBe('');
    expect(range).toEqual({ start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 2, offset: 1 } });
  });

  it('falls back for the empty message and for an empty document', () => {
    expect(locateMessage(doc, '').path).toBe('');
    const empty = parseDocument('');
    expect(locateMessage(empty, 'channel "x"')).toEqual({
      path: '',
      range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
    });
  });
});

describe('data that failed to load', () => {
  it('is placed on the URL named first, whatever its extension', () => {
    const d = parseDocument('{"data": {"url": "/etc/passwd"}, "mark": "point"}');
    expect(locateMessage(d, 'Loading failed /etc/passwd Error: refused').path).toBe('/data/url');
  });

  it('drops the empty-extent warnings that follow a failed load', () => {
    const d = parseDocument('{"data": {"url": "data/x.json"}, "mark": "point", "encoding": {"x": {"field": "a"}}}');
    const problems = logProblems(
      d,
      [
        { level: 'warn', message: 'Loading failed data/x.json Error: 404' },
        { level: 'warn', message: 'Infinite extent for field "a": [Infinity, -Infinity]' },
      ],
      'runtime',
    );
    expect(problems.map((p) => [p.severity, p.message, p.path])).toEqual([
      ['error', 'Could not load data/x.json: Error: 404', '/data/url'],
    ]);
  });
});
