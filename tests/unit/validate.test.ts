import { describe, expect, it, vi } from 'vitest';
// validateDocument is public API; taken from the package entry so it does not matter which module defines it.
import { validateDocument } from '../../src/core/index';
import { parseDocument } from '../../src/core/parse';
import { schemaProblems, type SchemaError } from '../../src/core/validate';
import { lc, textOf } from './helpers';

const TEXT = [
  '{',
  '  "mark": "barr",',
  '  "colour": "red",',
  '  "a/b~c": 1,',
  '  "encoding": {"x": {"field": "a", "type": 5}},',
  '  "width": "wide",',
  '  "opacity": "0.5",',
  '  "layer": [true, "x"]',
  '}',
].join('\n');
const doc = parseDocument(TEXT);

function err(
  instancePath: string,
  keyword: string,
  params: Record<string, unknown> = {},
  message?: string,
): SchemaError {
  return { instancePath, keyword, params, message, schemaPath: `#/${keyword}` };
}

/** An error from a validator that already chose among anyOf branches (explain.ts). */
function resolved(instancePath: string, keyword: string, params: Record<string, unknown> = {}): SchemaError {
  return { ...err(instancePath, keyword, params), resolved: true };
}

const messages = (errors: SchemaError[], d = doc) => schemaProblems(d, errors).map((p) => [p.path, p.message]);

describe('schemaProblems', () => {
  it('gives nothing for no errors', () => {
    expect(schemaProblems(doc, [])).toEqual([]);
  });

  it('reports an unknown property at its name', () => {
    const [p, ...rest] = schemaProblems(doc, [err('', 'additionalProperties', { additionalProperty: 'colour' })]);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      severity: 'error',
      source: 'schema',
      path: '/colour',
      message: 'Unknown property "colour"',
    });
    expect(textOf(doc, p!.range)).toBe('"colour"');
    expect(lc(p!.range)).toBe('3:3-3:11');
  });

  it('suggests the property meant, from the names the object allows', () => {
    expect(
      messages([err('', 'additionalProperties', { additionalProperty: 'colour', allowed: ['color', 'size'] })]),
    ).toEqual([['/colour', 'Unknown property "colour". Did you mean "color"?']]);
    // A suggestion the validator made is taken as it is.
    expect(messages([err('', 'additionalProperties', { additionalProperty: 'colour', suggestion: 'fill' })])).toEqual([
      ['/colour', 'Unknown property "colour". Did you mean "fill"?'],
    ]);
  });

  it('says where a misplaced property belongs', () => {
    const at = (belongs: string, suggestion?: string) =>
      messages([
        err('', 'additionalProperties', {
          additionalProperty: 'colour',
          belongs,
          ...(suggestion ? { suggestion } : {}),
        }),
      ])[0]![1];
    expect(at('channel')).toBe('"colour" is not a channel: it goes inside one, e.g. "x": {"field": …, "colour": …}');
    expect(at('encoding')).toBe('"colour" is a channel: it goes inside "encoding"');
    expect(at('encoding', 'color')).toBe('Unknown property "colour". Did you mean "color"? It goes inside "encoding"');
    expect(at('encoding-or-mark')).toBe(
      '"colour" goes inside "encoding" (to show a field) or inside "mark" (one value for all marks)',
    );
    expect(at('channel-property')).toBe(
      '"colour" goes inside an encoding channel, e.g. "encoding": {"x": {"field": …, "colour": …}}',
    );
    expect(at('mark')).toBe(
      '"colour" is a mark property: it goes inside "mark", e.g. "mark": {"type": …, "colour": …}',
    );
  });

  it('escapes "/" and "~" in an unknown property name for the path', () => {
    const [p] = schemaProblems(doc, [err('', 'additionalProperties', { additionalProperty: 'a/b~c' })]);
    expect(p!.path).toBe('/a~1b~0c');
    expect(textOf(doc, p!.range)).toBe('"a/b~c"');
  });

  it('reports a wrong enum value at the value, suggesting the one meant', () => {
    const [p] = schemaProblems(doc, [err('/mark', 'enum', { allowedValues: ['bar', 'line'] })]);
    expect(p).toMatchObject({ path: '/mark', message: 'Unknown mark "barr". Did you mean "bar"?' });
    expect(textOf(doc, p!.range)).toBe('"barr"');
  });

  it('lists up to 8 allowed values when none is close, and gives examples beyond', () => {
    expect(messages([err('/mark', 'enum', { allowedValues: ['line', 'point'] })])).toEqual([
      ['/mark', 'Unknown mark "barr". Use "line" or "point"'],
    ]);
    const many = Array.from({ length: 9 }, (_, i) => `v${i}`);
    expect(messages([err('/mark', 'enum', { allowedValues: many })])).toEqual([
      ['/mark', 'Unknown mark "barr" (for example "v0", "v1" or "v2")'],
    ]);
  });

  it('reports a wrong type at the value, in words', () => {
    const [p] = schemaProblems(doc, [err('/width', 'type', { type: 'number,string' })]);
    expect(p).toMatchObject({ path: '/width', message: '"width" must be a number or a string' });
    expect(textOf(doc, p!.range)).toBe('"wide"');
    expect(messages([err('/encoding/x/type', 'type', { type: 'boolean' })])).toEqual([
      ['/encoding/x/type', '"type" must be true or false'],
    ]);
    expect(messages([err('', 'type', { type: 'object' })])).toEqual([['', 'The spec must be an object']]);
    expect(messages([err('/layer/1', 'type', { type: 'object' })])).toEqual([
      ['/layer/1', 'Item 2 of "layer" must be an object'],
    ]);
  });

  it('says to drop the quotes around a number or a boolean', () => {
    expect(messages([err('/opacity', 'type', { type: 'number' })])).toEqual([
      ['/opacity', '"opacity" must be a number: write 0.5 without quotes'],
    ]);
    const d = parseDocument('{"bin": "true"}');
    expect(
      messages([resolved('/bin', 'expected', { alternatives: [{ type: 'boolean' }, { type: 'object' }] })], d),
    ).toEqual([['/bin', '"bin" must be true or false, without quotes']]);
  });

  it('merges what the branches of an anyOf would take into one sentence', () => {
    const alternatives = [{ type: 'number' }, { value: 'container' }, { type: 'object', definition: 'Step' }];
    expect(messages([resolved('/width', 'expected', { alternatives })])).toEqual([
      ['/width', '"width" must be a number, "container" or {"step": …}'],
    ]);
    // A string close to one of the literals is a typo of it.
    const d = parseDocument('{"width": "contianer"}');
    expect(messages([resolved('/width', 'expected', { alternatives })], d)).toEqual([
      ['/width', 'Unknown value "contianer" for "width". Did you mean "container"?'],
    ]);
  });

  it('names the kind of a "type" by its owner', () => {
    const d = parseDocument(
      '{"mark": {"type": "x"}, "scale": {"type": "x"}, "marks": [{"type": "x"}], "encoding": {"x": {"type": "x"}}}',
    );
    const e = (path: string) => resolved(path, 'enum', { allowedValues: ['a', 'b'] });
    expect(
      messages([e('/mark/type'), e('/scale/type'), e('/marks/0/type'), e('/encoding/x/type')], d).map((m) => m[1]),
    ).toEqual([
      'Unknown mark type "x". Use "a" or "b"',
      'Unknown scale type "x". Use "a" or "b"',
      'Unknown mark type "x". Use "a" or "b"',
      'Unknown type "x". Use "a" or "b"',
    ]);
  });

  it('reports const and required', () => {
    const problems = schemaProblems(doc, [
      err('/encoding/x/type', 'const', { allowedValue: 'quantitative' }),
      err('/encoding', 'required', { missingProperty: 'y' }),
    ]);
    // The required error sits above the const one, so only the deeper one stays.
    expect(problems.map((p) => [p.path, p.message])).toEqual([['/encoding/x/type', '"type" must be "quantitative"']]);
    const [req] = schemaProblems(doc, [err('/encoding', 'required', { missingProperty: 'y' })]);
    expect(req).toMatchObject({ path: '/encoding', message: 'Missing required property "y"' });
    expect(lc(req!.range)).toBe('5:15-5:47');
    expect(messages([resolved('/encoding', 'required', { missingProperty: 'y', alternatives: ['y', 'x'] })])).toEqual([
      ['/encoding', 'Missing required property "y" or "x"'],
    ]);
  });

  it("words limits, and uses AJV's own message, capitalized, for other keywords", () => {
    expect(messages([err('/width', 'minimum', { comparison: '>=', limit: 0 })])).toEqual([
      ['/width', '"width" must be at least 0'],
    ]);
    expect(messages([err('/layer', 'minItems', { limit: 3 })])).toEqual([
      ['/layer', '"layer" must have at least 3 items'],
    ]);
    const [p] = schemaProblems(doc, [err('/width', 'minimum', {}, 'must be >= 0')]);
    expect(p!.message).toBe('Must be >= 0');
    const [q] = schemaProblems(doc, [err('/width', 'uniqueItems', {})]);
    expect(q!.message).toBe('Fails "uniqueItems"');
  });

  it('drops anyOf, oneOf and if errors, which only say that a branch failed', () => {
    expect(schemaProblems(doc, [err('', 'anyOf'), err('/mark', 'oneOf'), err('/x', 'if')])).toEqual([]);
  });

  it('keeps the deepest errors: a place with errors inside it is not the mistake', () => {
    const problems = schemaProblems(doc, [
      err('', 'required', { missingProperty: 'layer' }),
      err('/encoding', 'type', { type: 'array' }),
      err('/encoding/x/type', 'type', { type: 'string' }),
    ]);
    expect(problems.map((p) => p.path)).toEqual(['/encoding/x/type']);
  });

  it('takes resolved errors as they are: each is one mistake, shallow or deep', () => {
    const problems = schemaProblems(doc, [
      resolved('', 'required', { missingProperty: 'data' }),
      resolved('/encoding/x/type', 'type', { type: 'string' }),
    ]);
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['', 'Missing required property "data"'],
      ['/encoding/x/type', '"type" must be a string'],
    ]);
  });

  it('reports independent mistakes that sit at different depths', () => {
    const problems = schemaProblems(doc, [
      err('', 'additionalProperties', { additionalProperty: 'colour' }),
      err('/encoding/x/type', 'type', { type: 'string' }),
    ]);
    expect(problems.map((p) => p.path).sort()).toEqual(['/colour', '/encoding/x/type']);
  });

  it('does not treat a sibling with a common prefix as deeper', () => {
    const problems = schemaProblems(parseDocument('{"mark": 1, "markdown": 2}'), [
      err('/mark', 'type', { type: 'string' }),
      err('/markdown', 'type', { type: 'string' }),
    ]);
    expect(problems.map((p) => p.path).sort()).toEqual(['/mark', '/markdown']);
  });

  it('gives one problem per place, preferring unknown property, then enum, then type', () => {
    const problems = schemaProblems(doc, [
      err('/mark', 'type', { type: 'object' }),
      err('/mark', 'enum', { allowedValues: ['bar'] }),
      err('/mark', 'const', { allowedValue: 'boxplot' }),
      err('/width', 'type', { type: 'number' }),
      err('/width', 'minimum', {}, 'must be >= 0'),
    ]);
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/mark', 'Unknown mark "barr". Did you mean "bar"?'],
      ['/width', '"width" must be a number'],
    ]);
  });

  it('places a missing path at its nearest ancestor', () => {
    const [p] = schemaProblems(doc, [err('/encoding/y/field', 'type', { type: 'string' })]);
    expect(p!.path).toBe('/encoding/y/field');
    expect(lc(p!.range)).toBe('5:15-5:47');
  });
});

describe('validateDocument', () => {
  it('skips texts that did not parse and validates the parsed value otherwise', () => {
    const validate = vi.fn(() => [{ instancePath: '', keyword: 'x', params: {}, schemaPath: '' }]);
    expect(validateDocument(parseDocument('{"a": '), 'vega-lite', { validate })).toEqual([]);
    expect(validate).not.toHaveBeenCalled();
    const doc = parseDocument('{"a": 1}');
    expect(validateDocument(doc, 'vega', { validate })).toHaveLength(1);
    expect(validate).toHaveBeenCalledWith('vega', { a: 1 });
  });

  it("turns the validator's errors into located problems", () => {
    const d = parseDocument('{"mark": "bar", "colour": 1}');
    const problems = validateDocument(d, 'vega-lite', {
      validate: () => [err('', 'additionalProperties', { additionalProperty: 'colour' })],
    });
    expect(problems.map((p) => [p.path, p.message, textOf(d, p.range)])).toEqual([
      ['/colour', 'Unknown property "colour"', '"colour"'],
    ]);
  });
});
