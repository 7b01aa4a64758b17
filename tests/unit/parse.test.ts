import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findKeys, findStringValues, MAX_DEPTH, parseDocument, rangeOfPointer } from '../../src/core/parse';
import { MAX_INLINE_ROWS } from '../../src/core/limits';
import { lc, textOf } from './helpers';

const SPEC = [
  '{',
  '  "mark": "bar",',
  '  "encoding": {',
  '    "x": {"field": "a", "type": "nominal"},',
  '    "y": {"field": "b", "type": "quantitative"}',
  '  },',
  '  "layer": [',
  '    {"mark": "point"},',
  '    [1, 2, [3, 4]]',
  '  ]',
  '}',
].join('\n');

/** The only errors of a text, as [message, line:col-line:col] pairs. */
function errorsOf(text: string) {
  const doc = parseDocument(text);
  return doc.problems.filter((p) => p.severity === 'error').map((p) => [p.message, lc(p.range)]);
}

describe('parseDocument: values', () => {
  it('reads a valid spec with every kind of JSON value and reports nothing', () => {
    const doc = parseDocument('{"a": [1, 2.5, -3e2, true, false, null, "s\\n\\u00e9"], "b": {}}');
    expect(doc.ok).toBe(true);
    expect(doc.problems).toEqual([]);
    expect(doc.value).toEqual({ a: [1, 2.5, -300, true, false, null, 's\né'], b: {} });
    expect(doc.root?.type).toBe('object');
  });

  it('keeps the text and an index of its lines', () => {
    const doc = parseDocument(SPEC);
    expect(doc.text).toBe(SPEC);
    expect(doc.lines.lineCount).toBe(11);
  });
});

describe('rangeOfPointer', () => {
  const doc = parseDocument(SPEC);

  it('gives the value of a property, exactly', () => {
    const r = rangeOfPointer(doc, '/mark');
    expect(r).toEqual({ start: { line: 2, column: 11, offset: 12 }, end: { line: 2, column: 16, offset: 17 } });
    expect(textOf(doc, r)).toBe('"bar"');
  });

  it('gives the property name with part "key"', () => {
    const r = rangeOfPointer(doc, '/mark', 'key');
    expect(r).toEqual({ start: { line: 2, column: 3, offset: 4 }, end: { line: 2, column: 9, offset: 10 } });
    expect(textOf(doc, r)).toBe('"mark"');
  });

  it('finds nested properties', () => {
    expect(lc(rangeOfPointer(doc, '/encoding/x/type'))).toBe('4:33-4:42');
    expect(textOf(doc, rangeOfPointer(doc, '/encoding/x/type'))).toBe('"nominal"');
    expect(lc(rangeOfPointer(doc, '/encoding/x/type', 'key'))).toBe('4:25-4:31');
    expect(textOf(doc, rangeOfPointer(doc, '/encoding/y/field'))).toBe('"b"');
    expect(lc(rangeOfPointer(doc, '/encoding/y/field'))).toBe('5:20-5:23');
  });

  it('gives a whole object when it sits on one line', () => {
    const r = rangeOfPointer(doc, '/encoding/x');
    expect(lc(r)).toBe('4:10-4:43');
    expect(textOf(doc, r)).toBe('{"field": "a", "type": "nominal"}');
  });

  it('gives only the first line of an object or array that spans lines', () => {
    expect(lc(rangeOfPointer(doc, '/encoding'))).toBe('3:15-3:16');
    expect(textOf(doc, rangeOfPointer(doc, '/encoding'))).toBe('{');
    expect(lc(rangeOfPointer(doc, '/layer'))).toBe('7:12-7:13');
    expect(lc(rangeOfPointer(doc, ''))).toBe('1:1-1:2');
  });

  it('walks into arrays by index, nested arrays included', () => {
    expect(textOf(doc, rangeOfPointer(doc, '/layer/0'))).toBe('{"mark": "point"}');
    expect(lc(rangeOfPointer(doc, '/layer/0'))).toBe('8:5-8:22');
    expect(lc(rangeOfPointer(doc, '/layer/0/mark', 'key'))).toBe('8:6-8:12');
    expect(lc(rangeOfPointer(doc, '/layer/0/mark'))).toBe('8:14-8:21');
    expect(textOf(doc, rangeOfPointer(doc, '/layer/1'))).toBe('[1, 2, [3, 4]]');
    expect(lc(rangeOfPointer(doc, '/layer/1/2/1'))).toBe('9:16-9:17');
    expect(textOf(doc, rangeOfPointer(doc, '/layer/1/2/1'))).toBe('4');
  });

  it('gives the element itself for part "key" inside an array (elements have no name)', () => {
    expect(lc(rangeOfPointer(doc, '/layer/1/2/1', 'key'))).toBe('9:16-9:17');
  });

  it('falls back to the nearest existing ancestor for a missing path', () => {
    expect(lc(rangeOfPointer(doc, '/encoding/x/scale/type'))).toBe('4:10-4:43');
    expect(lc(rangeOfPointer(doc, '/encoding/x/scale/type', 'key'))).toBe('4:5-4:8');
    expect(lc(rangeOfPointer(doc, '/layer/7'))).toBe('7:12-7:13');
    expect(lc(rangeOfPointer(doc, '/layer/1/9'))).toBe('9:5-9:19');
    expect(lc(rangeOfPointer(doc, '/nope'))).toBe('1:1-1:2');
    expect(lc(rangeOfPointer(doc, '/nope', 'key'))).toBe('1:1-1:2');
  });

  it('stops at a scalar when the path goes on below it', () => {
    expect(textOf(doc, rangeOfPointer(doc, '/mark/type'))).toBe('"bar"');
    expect(textOf(doc, rangeOfPointer(doc, '/layer/1/0/x'))).toBe('1');
  });

  it('reads escaped pointer segments ("~1" is "/", "~0" is "~")', () => {
    const d = parseDocument('{"a/b": {"c~d": 123}}');
    expect(textOf(d, rangeOfPointer(d, '/a~1b/c~0d'))).toBe('123');
    expect(textOf(d, rangeOfPointer(d, '/a~1b/c~0d', 'key'))).toBe('"c~d"');
  });

  it('points at the last of duplicate keys, the one that counts', () => {
    const d = parseDocument('{"a": 1, "a": 22}');
    expect(textOf(d, rangeOfPointer(d, '/a'))).toBe('22');
    expect(rangeOfPointer(d, '/a', 'key').start.offset).toBe(9);
  });

  it('gives an empty range at the start when the text holds no value', () => {
    const d = parseDocument('');
    expect(rangeOfPointer(d, '/mark')).toEqual({
      start: { line: 1, column: 1, offset: 0 },
      end: { line: 1, column: 1, offset: 0 },
    });
  });

  describe('with CRLF line endings', () => {
    const crlf = ['{', '  "mark": "bar",', '  "encoding": {', '    "x": {"field": "a"}', '  }', '}'].join('\r\n');
    const d = parseDocument(crlf);

    it('parses without problems', () => {
      expect(d.ok).toBe(true);
      expect(d.problems).toEqual([]);
      expect(d.value).toEqual({ mark: 'bar', encoding: { x: { field: 'a' } } });
    });

    it('counts lines and columns the same as with LF, offsets include the CRs', () => {
      expect(rangeOfPointer(d, '/mark')).toEqual({
        start: { line: 2, column: 11, offset: 13 },
        end: { line: 2, column: 16, offset: 18 },
      });
      expect(rangeOfPointer(d, '/encoding/x/field')).toEqual({
        start: { line: 4, column: 20, offset: 57 },
        end: { line: 4, column: 23, offset: 60 },
      });
      expect(lc(rangeOfPointer(d, '/encoding', 'key'))).toBe('3:3-3:13');
    });

    it('marks only the "{" of a multi-line object, not the "\\r" after it', () => {
      const r = rangeOfPointer(d, '/encoding');
      expect(textOf(d, r)).toBe('{');
      expect(lc(r)).toBe('3:15-3:16');
    });
  });
});

describe('parseDocument: syntax errors', () => {
  it('missing comma: an error at the next property', () => {
    const text = '{\n  "a": 1\n  "b": 2\n}';
    const doc = parseDocument(text);
    expect(doc.ok).toBe(false);
    expect(doc.problems).toHaveLength(1);
    const [p] = doc.problems;
    expect(p).toMatchObject({ severity: 'error', source: 'parse', path: '', message: "Expected ',' before this" });
    expect(lc(p!.range)).toBe('3:3-3:6');
    expect(textOf(doc, p!.range)).toBe('"b"');
  });

  it('missing colon: an error at the value after the name', () => {
    expect(errorsOf('{\n  "a" 1\n}')).toEqual([["Expected ':' after the property name", '2:7-2:8']]);
  });

  it('unclosed string: one error, at the string (what follows from it is not repeated)', () => {
    expect(errorsOf('{"a": "abc}')).toEqual([["String is not closed: expected '\"'", '1:7-1:12']]);
  });

  it('unclosed brace: an error at the end of the text', () => {
    expect(errorsOf('{\n  "a": 1\n')).toEqual([["Expected '}' to close the object", '3:1-3:1']]);
  });

  it('unclosed bracket: an error at the end of the text', () => {
    expect(errorsOf('{"a": [1, 2')).toContainEqual(["Expected ']' to close the array", '1:12-1:12']);
  });

  it('trailing garbage after the spec', () => {
    expect(errorsOf('{"a": 1}\n{"b": 2}')).toEqual([['Unexpected text after the end of the spec', '2:1-2:2']]);
    expect(errorsOf('{"a": 1}}')).toEqual([['Unexpected text after the end of the spec', '1:9-1:10']]);
    expect(errorsOf('{"a": 1} x')).toEqual([['Unexpected text after the end of the spec', '1:10-1:11']]);
  });

  it('missing value', () => {
    expect(errorsOf('{"a": }')).toEqual([['Expected a value', '1:7-1:8']]);
  });

  it('unquoted property name and single quotes: one error saying to use double quotes', () => {
    expect(errorsOf('{a: 1}')).toEqual([['Property names need double quotes: write "a"', '1:2-1:3']]);
    expect(errorsOf("{'a': 1}")).toEqual([['JSON needs double quotes: write "a", not \'a\'', '1:2-1:5']]);
  });

  it('bad escapes and raw control characters in strings', () => {
    expect(errorsOf('{"a": "\\x"}')).toEqual([['Invalid escape character in string', '1:7-1:11']]);
    expect(errorsOf('{"a": "a\tb"}')).toEqual([
      ['Control character in string: write it escaped (\\n, \\t)', '1:7-1:12'],
    ]);
  });

  it.each([[''], ['   '], ['\n\t \r\n']])('empty text %j: one error at 1:1, no value', (text) => {
    const doc = parseDocument(text);
    expect(doc.ok).toBe(false);
    expect(doc.value).toBeUndefined();
    expect(doc.root).toBeUndefined();
    expect(doc.problems).toEqual([
      {
        severity: 'error',
        source: 'parse',
        path: '',
        message: 'The spec is empty: write a JSON object such as {"mark": "bar"}',
        range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
      },
    ]);
  });

  it('a text with only a comment has no value and is an error', () => {
    const doc = parseDocument('// nothing here');
    expect(doc.ok).toBe(false);
    expect(doc.value).toBeUndefined();
    expect(doc.problems.filter((p) => p.severity === 'error')).toHaveLength(1);
  });

  it.each([
    ['[1, 2]', 'an array', [1, 2], '1:1-1:7'],
    ['42', 'a number', 42, '1:1-1:3'],
    ['"bar"', 'a string', 'bar', '1:1-1:6'],
    ['true', 'a boolean', true, '1:1-1:5'],
    ['\n  null', 'a null', null, '2:3-2:7'],
  ])('non-object root %j: an error over the whole value', (text, kind, value, where) => {
    const doc = parseDocument(text);
    expect(doc.ok).toBe(false);
    expect(doc.value).toEqual(value);
    expect(doc.problems).toHaveLength(1);
    expect(doc.problems[0]).toMatchObject({ severity: 'error', source: 'parse', path: '' });
    expect(doc.problems[0]!.message).toBe(`A spec must be a JSON object, not ${kind}`);
    expect(lc(doc.problems[0]!.range)).toBe(where);
  });

  it('every syntax problem comes from the parse stage', () => {
    for (const text of ['{"a" 1}', '{"a": "x', '{,}', '{"a": 01}', '{/* open', '[}', '{"a": tru}']) {
      const doc = parseDocument(text);
      expect(doc.ok, text).toBe(false);
      expect(doc.problems.length, text).toBeGreaterThan(0);
      for (const p of doc.problems) expect(p.source, text).toBe('parse');
    }
  });
});

describe('parseDocument: tolerated non-JSON', () => {
  it('a comment: one warning, not an error, and the value is right', () => {
    const doc = parseDocument('{\n  // the chart\n  "mark": "bar"\n}');
    expect(doc.ok).toBe(true);
    expect(doc.value).toEqual({ mark: 'bar' });
    expect(doc.problems).toHaveLength(1);
    expect(doc.problems[0]).toMatchObject({ severity: 'warning', source: 'parse', path: '' });
    expect(doc.problems[0]!.message).toMatch(/^Comments are not standard JSON/);
    expect(lc(doc.problems[0]!.range)).toBe('2:3-2:15');
  });

  it('several comments still give a single warning, at the first one', () => {
    const doc = parseDocument('/* a */ {"mark": /* b */ "bar" // c\n}');
    expect(doc.ok).toBe(true);
    expect(doc.value).toEqual({ mark: 'bar' });
    expect(doc.problems).toHaveLength(1);
    expect(lc(doc.problems[0]!.range)).toBe('1:1-1:8');
  });

  it('a trailing comma: one warning at the comma, and the value is right', () => {
    const doc = parseDocument('{"mark": "bar",}');
    expect(doc.ok).toBe(true);
    expect(doc.value).toEqual({ mark: 'bar' });
    expect(doc.problems).toHaveLength(1);
    expect(doc.problems[0]).toMatchObject({ severity: 'warning', source: 'parse' });
    expect(doc.problems[0]!.message).toMatch(/^Trailing comma/);
    expect(lc(doc.problems[0]!.range)).toBe('1:15-1:16');
  });

  it('a trailing comma in an array, and one before a comment and a line break', () => {
    const doc = parseDocument('{"a": [1, 2,], "b": 3, // end\n}');
    expect(doc.ok).toBe(true);
    expect(doc.value).toEqual({ a: [1, 2], b: 3 });
    const commas = doc.problems.filter((p) => p.message.startsWith('Trailing comma'));
    expect(commas.map((p) => lc(p.range))).toEqual(['1:12-1:13', '1:22-1:23']);
    expect(doc.problems.filter((p) => p.message.startsWith('Comments'))).toHaveLength(1);
    expect(doc.problems.every((p) => p.severity === 'warning')).toBe(true);
  });

  it('a comment and a trailing comma together: exactly one warning each', () => {
    const doc = parseDocument('{\n  "mark": "bar", // bars\n}');
    expect(doc.ok).toBe(true);
    expect(doc.value).toEqual({ mark: 'bar' });
    const kinds = doc.problems.map((p) => `${p.severity} ${p.message.split(':')[0]}`).sort();
    expect(kinds).toEqual(['warning Comments are not standard JSON', 'warning Trailing comma']);
  });

  it('an unclosed block comment is an error', () => {
    const doc = parseDocument('{"mark": "bar"} /* open');
    expect(doc.ok).toBe(false);
    expect(doc.problems.filter((p) => p.severity === 'error').map((p) => p.message)).toContain(
      "Comment is not closed: expected '*/'",
    );
  });

  it('a comma inside a string is not a trailing comma', () => {
    const doc = parseDocument('{"a": ",]", "b": "}"}');
    expect(doc.problems).toEqual([]);
    expect(doc.value).toEqual({ a: ',]', b: '}' });
  });
});

describe('parseDocument: duplicate keys', () => {
  it('warns at the later key and the last value wins', () => {
    const doc = parseDocument('{"a": 1,\n "a": 2}');
    expect(doc.ok).toBe(true);
    expect(doc.value).toEqual({ a: 2 });
    expect(doc.problems).toEqual([
      {
        severity: 'warning',
        source: 'parse',
        path: '/a',
        message: 'Duplicate property "a": this later one wins',
        range: { start: { line: 2, column: 2, offset: 10 }, end: { line: 2, column: 5, offset: 13 } },
      },
    ]);
  });

  it('gives nested duplicates their full path, and one warning per repeat', () => {
    const doc = parseDocument('{"enc": {"x/y": 1, "x/y": 2, "x/y": 3}}');
    expect(doc.value).toEqual({ enc: { 'x/y': 3 } });
    expect(doc.problems.map((p) => p.path)).toEqual(['/enc/x~1y', '/enc/x~1y']);
    expect(doc.problems.map((p) => p.range.start.offset)).toEqual([19, 29]);
  });

  it('keeps the key order of the first occurrence, like JSON.parse', () => {
    const text = '{"a": 1, "b": 2, "a": 3}';
    const doc = parseDocument(text);
    expect(Object.keys(doc.value as object)).toEqual(Object.keys(JSON.parse(text)));
    expect(doc.value).toEqual(JSON.parse(text));
  });
});

describe('parseDocument: __proto__ and friends', () => {
  it('makes "__proto__" an own property, leaving prototypes alone', () => {
    const doc = parseDocument('{"__proto__": {"polluted": true}, "mark": "bar", "encoding": {"__proto__": {"x": 1}}}');
    const value = doc.value as Record<string, unknown>;
    expect(doc.ok).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true });
    expect(value['polluted']).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const enc = value['encoding'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(enc)).toBe(Object.prototype);
    expect(Object.keys(enc)).toEqual(['__proto__']);
    expect(enc['x']).toBeUndefined();
  });

  it('reads the same value as JSON.parse, which also keeps "__proto__" as data', () => {
    const text = '{"__proto__": [1], "constructor": {"prototype": {"x": 1}}, "hasOwnProperty": 2}';
    const doc = parseDocument(text);
    expect(JSON.stringify(doc.value)).toBe(JSON.stringify(JSON.parse(text)));
    expect(Object.keys(doc.value as object)).toEqual(['__proto__', 'constructor', 'hasOwnProperty']);
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
});

describe('parseDocument: nesting depth', () => {
  it(`an error, not a stack overflow, for 100000 nested arrays (limit ${MAX_DEPTH})`, () => {
    let doc: ReturnType<typeof parseDocument> | undefined;
    expect(() => {
      doc = parseDocument('['.repeat(100_000));
    }).not.toThrow();
    expect(doc!.ok).toBe(false);
    expect(doc!.value).toBeUndefined();
    expect(doc!.problems).toEqual([
      {
        severity: 'error',
        source: 'parse',
        path: '',
        message: `Nesting is deeper than ${MAX_DEPTH} levels (Chartspec's limit): no chart spec needs that — the text is kept`,
        range: {
          start: { line: 1, column: MAX_DEPTH + 1, offset: MAX_DEPTH },
          end: { line: 1, column: MAX_DEPTH + 2, offset: MAX_DEPTH + 1 },
        },
      },
    ]);
  });

  it('an error for 100000 nested objects, balanced and valid otherwise', () => {
    const n = 100_000;
    const text = '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const doc = parseDocument(text);
    expect(doc.ok).toBe(false);
    expect(doc.problems).toHaveLength(1);
    expect(doc.problems[0]!.severity).toBe('error');
    expect(doc.problems[0]!.range.start.offset).toBe(MAX_DEPTH * 5);
  });

  it('accepts nesting exactly at the limit', () => {
    const text = '{"a":' + '['.repeat(MAX_DEPTH - 1) + ']'.repeat(MAX_DEPTH - 1) + '}';
    const doc = parseDocument(text);
    expect(doc.ok).toBe(true);
    expect(doc.problems).toEqual([]);
    let v: unknown = (doc.value as { a: unknown }).a;
    let depth = 1;
    while (Array.isArray(v) && v.length) {
      v = v[0];
      depth++;
    }
    expect(depth).toBe(MAX_DEPTH - 1);
  });

  it('rejects one level more than the limit', () => {
    const text = '{"a":' + '['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH) + '}';
    expect(parseDocument(text).ok).toBe(false);
  });

  it('counts depth, not the number of brackets', () => {
    const text = '{"a": [' + '[[]],'.repeat(5000) + '[]]}';
    const doc = parseDocument(text);
    expect(doc.ok).toBe(true);
    expect((doc.value as { a: unknown[] }).a).toHaveLength(5001);
  });
});

describe('findKeys', () => {
  const doc = parseDocument(
    '{"x": 0, "data": {"values": [{"x": 1}, {"y": 2, "x": 3}]}, "encoding": {"x": {"field": "x"}}, "a/b": {"x": 4}}',
  );

  it('gives the pointer of every property with that name, in text order', () => {
    expect(findKeys(doc, 'x', 10)).toEqual(['/x', '/data/values/0/x', '/data/values/1/x', '/encoding/x', '/a~1b/x']);
  });

  it('stops at the limit (5 by default)', () => {
    expect(findKeys(doc, 'x')).toHaveLength(5);
    expect(findKeys(doc, 'x', 2)).toEqual(['/x', '/data/values/0/x']);
    expect(findKeys(doc, 'x', 1)).toEqual(['/x']);
  });

  it('does not match string values', () => {
    expect(findKeys(doc, 'field', 10)).toEqual(['/encoding/x/field']);
    const d = parseDocument('{"a": "color"}');
    expect(findKeys(d, 'color')).toEqual([]);
  });

  it('finds nothing in an empty document', () => {
    expect(findKeys(parseDocument(''), 'x')).toEqual([]);
  });
});

describe('findStringValues', () => {
  const doc = parseDocument(
    '{"data": {"url": "data/cars.json"}, "layer": [{"mark": "bar"}, {"mark": {"type": "bar"}}], "bar": 1, "n": "1"}',
  );

  it('gives the pointers of string values matching the predicate, in text order', () => {
    expect(findStringValues(doc, (s) => s === 'bar')).toEqual(['/layer/0/mark', '/layer/1/mark/type']);
    expect(findStringValues(doc, (s) => s.endsWith('.json'))).toEqual(['/data/url']);
  });

  it('does not match keys or non-string values', () => {
    expect(findStringValues(doc, (s) => s === 'data' || s === 'url')).toEqual([]);
    expect(findStringValues(doc, (s) => s === '1')).toEqual(['/n']);
  });

  it('stops at the limit', () => {
    expect(findStringValues(doc, () => true, 2)).toEqual(['/data/url', '/layer/0/mark']);
    expect(findStringValues(doc, () => true)).toHaveLength(4);
    const many = parseDocument(JSON.stringify({ a: ['1', '2', '3', '4', '5', '6', '7'] }));
    expect(findStringValues(many, () => true)).toEqual(['/a/0', '/a/1', '/a/2', '/a/3', '/a/4']);
  });
});

describe('parseDocument: the quick way for plain JSON', () => {
  /** Both parses of a text: the quick one when it applies, and the careful one. */
  const both = (text: string) => {
    const quick = parseDocument(text);
    const careful = parseDocument(text, { careful: true });
    return { quick, careful };
  };
  const same = (text: string) => {
    const { quick, careful } = both(text);
    expect(quick.problems).toEqual(careful.problems);
    expect(quick.ok).toBe(careful.ok);
    expect(quick.value).toEqual(careful.value);
    expect(JSON.stringify(quick.value)).toBe(JSON.stringify(careful.value));
    // The tree, built only when asked for, is the careful parse's tree.
    expect(quick.root).toEqual(careful.root);
    return { quick, careful, quickWay: Object.getOwnPropertyDescriptor(quick, 'root')?.get !== undefined };
  };

  const key = fc.oneof(
    fc.constantFrom('values', 'mark', '__proto__', 'constructor', 'a:b', 'q\\":', '', '0', '10', 'data'),
    fc.string({ maxLength: 6 }),
  );
  const leaf = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\\":', 'a": 1', '\u2028', 'é\u0000'),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('tree'), { maxLength: 5 }),
    object: fc.array(fc.tuple(key, tie('tree')), { maxLength: 5 }),
  }));
  /** JSON text of generated entries, duplicate keys kept, with some spacing and a tail before `}`. */
  const text = (entries: [string, unknown][], spacing: string, tail: string) =>
    `{${spacing}${entries.map(([k, v]) => `${JSON.stringify(k)}${spacing}:${spacing}${toText(v, spacing)}`).join(`,${spacing}`)}${tail}}`;
  const toText = (v: unknown, spacing: string): string =>
    Array.isArray(v) && (v as { object?: boolean }).object
      ? text(v as [string, unknown][], spacing, '')
      : Array.isArray(v)
        ? `[${v.map((e) => toText(e, spacing)).join(`,${spacing}`)}]`
        : JSON.stringify(v);

  it('gives what the careful parse gives, for any text it takes (random JSON, duplicates, odd keys)', () => {
    let quickWays = 0;
    const objectTree: fc.Arbitrary<unknown> = tree.map(function mark(t: unknown): unknown {
      // Arrays of [key, value] pairs from the `object` arbitrary become objects (duplicates kept).
      if (
        Array.isArray(t) &&
        t.length > 0 &&
        t.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string')
      ) {
        const pairs = t.map(([k, v]) => [k, mark(v)]);
        return Object.assign(pairs, { object: true });
      }
      return Array.isArray(t) ? t.map(mark) : t;
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, objectTree), { maxLength: 6 }),
        fc.constantFrom('', ' ', '\n  ', '\t'),
        fc.constantFrom('', '', ',', ' /* c */', '\n// c\n'),
        (entries, spacing, tail) => {
          if (same(text(entries as [string, unknown][], spacing, tail)).quickWay) quickWays++;
        },
      ),
      {
        numRuns: Number(process.env.FC_RUNS ?? 400),
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
      },
    );
    // Many of the texts took the quick way (the comparison is not of the careful parse with itself).
    expect(quickWays).toBeGreaterThan(Number(process.env.FC_RUNS ?? 400) / 10);
  });

  it('takes plain JSON; leaves duplicates, limits and non-objects to the careful parse', () => {
    expect(same('{"mark": "bar", "data": {"values": [{"a": 1}]}}').quickWay).toBe(true);
    expect(same('{"a": 1, "a": 2}').quickWay).toBe(false);
    const own = same('{"__proto__": {"polluted": true}, "mark": "bar"}').quick.value as Record<string, unknown>;
    expect(Object.keys(own)).toEqual(['__proto__', 'mark']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(same('{"a": 1, "a": 2}').quick.problems.map((p) => p.message)).toEqual([
      'Duplicate property "a": this later one wins',
    ]);
    expect(same('{"a": {"b": 1, "c": {"b": 2}, "b": 3}}').quick.problems).toHaveLength(1);
    // A string value holding `":` makes the keys look more than they are: the careful parse runs, and agrees.
    same('{"expr": "datum[\\"a\\"]: 1", "b": "\\":"}');
    for (const t of ['[1, 2]', '"bar"', '3', 'null', '{"a": 1} x', '{"a": 1,}', '{"a": /* c */ 1}', '']) same(t);
    const deep = (n: number) => `{"a": ${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    expect(same(deep(MAX_DEPTH)).quick.ok).toBe(true);
    expect(same(deep(MAX_DEPTH + 1)).quick.ok).toBe(false);
    const rows = (n: number) =>
      `{"data": {"values": [${Array.from({ length: n }, () => '{"a":1}').join(',')}]}, "layer": [{"data": {"values": [1]}}]}`;
    expect(same(rows(MAX_INLINE_ROWS - 1)).quick.ok).toBe(true);
    expect(same(rows(MAX_INLINE_ROWS)).quick.problems.map((p) => p.severity)).toEqual(['error']);
  });
});
