import { describe, expect, it } from 'vitest';
import type { Spec as VegaSpec } from 'vega';
import { parseDocument } from '../../src/core/parse';
import { prepareForRender } from '../../src/core/prepare';
import { deepFreeze, lc, textOf } from './helpers';

describe('prepareForRender', () => {
  it('returns a spec without usermeta as the same object, with no problems', () => {
    const vega = { width: 10, marks: [] } as VegaSpec;
    const result = prepareForRender(vega, parseDocument('{}'));
    expect(result.vega).toBe(vega);
    expect(result.problems).toEqual([]);
  });

  it('leaves usermeta without embedOptions alone', () => {
    const vega = { usermeta: { author: 'me' } } as VegaSpec;
    expect(prepareForRender(vega, parseDocument('{}')).vega).toBe(vega);
  });

  it.each([['a string'], [null], [5]])('leaves a usermeta that is not an object (%j) alone', (usermeta) => {
    const vega = { usermeta } as unknown as VegaSpec;
    const result = prepareForRender(vega, parseDocument('{}'));
    expect(result.vega).toBe(vega);
    expect(result.problems).toEqual([]);
  });

  it('removes usermeta.embedOptions, keeps the rest, and warns at its key', () => {
    const text =
      '{\n  "mark": "bar",\n  "usermeta": {\n    "embedOptions": {"actions": true},\n    "author": "me"\n  }\n}';
    const doc = parseDocument(text);
    const vega = deepFreeze({ width: 20, usermeta: { embedOptions: { actions: true }, author: 'me' } }) as VegaSpec;
    const result = prepareForRender(vega, doc);
    expect(result.vega).toEqual({ width: 20, usermeta: { author: 'me' } });
    expect(result.vega).not.toBe(vega);
    // The input is not touched.
    expect(vega.usermeta).toEqual({ embedOptions: { actions: true }, author: 'me' });
    expect(result.problems).toEqual([
      {
        severity: 'warning',
        source: 'compile',
        path: '/usermeta/embedOptions',
        message: 'usermeta.embedOptions is ignored: a spec cannot change how Chartspec draws it',
        range: {
          start: { line: 4, column: 5, offset: 39 },
          end: { line: 4, column: 19, offset: 53 },
        },
      },
    ]);
    expect(textOf(doc, result.problems[0]!.range)).toBe('"embedOptions"');
  });

  it('removes embedOptions even when it is undefined or falsy', () => {
    const result = prepareForRender({ usermeta: { embedOptions: false } } as unknown as VegaSpec, parseDocument('{}'));
    expect(result.vega).toEqual({ usermeta: {} });
    expect(result.problems).toHaveLength(1);
    expect(lc(result.problems[0]!.range)).toBe('1:1-1:3');
    expect(result.problems[0]!.path).toBe('');
  });

  it('warns at /usermeta/embedOptions even when an earlier key has that name', () => {
    const text = JSON.stringify({
      data: { values: [{ embedOptions: 1 }] },
      mark: 'bar',
      usermeta: { embedOptions: {} },
    });
    const doc = parseDocument(text);
    const result = prepareForRender({ usermeta: { embedOptions: {} } } as VegaSpec, doc);
    expect(result.problems[0]!.path).toBe('/usermeta/embedOptions');
  });
});
