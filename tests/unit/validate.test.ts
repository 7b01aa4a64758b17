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
  '  "width": "wide"',
  '}',
].join('\n');
const doc = parseDocument(TEXT);

function err(instancePath: string, keyword: string, params: Record<string, unknown> = {}, message?: string): SchemaError {
  return { instancePath, keyword, params, message, schemaPath: `#/${keyword}` };
}

describe('schemaProblems', () => {
  it('gives nothing for no errors', () => {
    expect(schemaProblems(doc, [])).toEqual([]);
  });

  it('reports an unknown property at its name', () => {
    const [p, ...rest] = schemaProblems(doc, [err('', 'additionalProperties', { additionalProperty: 'colour' })]);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ severity: 'error', source: 'schema', path: '/colour', message: 'Unknown property "colour"' });
    expect(textOf(doc, p!.range)).toBe('"colour"');
    expect(lc(p!.range)).toBe('3:3-3:11');
  });

  it('escapes "/" and "~" in an unknown property name for the path', () => {
    const [p] = schemaProblems(doc, [err('', 'additionalProperties', { additionalProperty: 'a/b~c' })]);
    expect(p!.path).toBe('/a~1b~0c');
    expect(textOf(doc, p!.range)).toBe('"a/b~c"');
  });

  it('reports a wrong enum value at the value, listing the allowed values', () => {
    const [p] = schemaProblems(doc, [err('/mark', 'enum', { allowedValues: ['bar', 'line'] })]);
    expect(p).toMatchObject({ path: '/mark', message: 'Must be one of "bar", "line"' });
    expect(textOf(doc, p!.range)).toBe('"barr"');
  });

  it('lists at most 12 allowed values', () => {
    const allowed = Array.from({ length: 14 }, (_, i) => `v${i}`);
    const [p] = schemaProblems(doc, [err('/mark', 'enum', { allowedValues: allowed })]);
    expect(p!.message).toBe(`Must be one of ${allowed.slice(0, 12).map((v) => `"${v}"`).join(', ')}, …`);
  });

  it('reports a wrong type at the value, joining alternatives with "or"', () => {
    const [p] = schemaProblems(doc, [err('/width', 'type', { type: 'number,string' })]);
    expect(p).toMatchObject({ path: '/width', message: 'Must be number or string' });
    expect(textOf(doc, p!.range)).toBe('"wide"');
  });

  it('reports const and required', () => {
    const problems = schemaProblems(doc, [
      err('/encoding/x/type', 'const', { allowedValue: 'quantitative' }),
      err('/encoding', 'required', { missingProperty: 'y' }),
    ]);
    // The required error sits above the const one, so only the deeper one stays.
    expect(problems.map((p) => [p.path, p.message])).toEqual([['/encoding/x/type', 'Must be "quantitative"']]);
    const [req] = schemaProblems(doc, [err('/encoding', 'required', { missingProperty: 'y' })]);
    expect(req).toMatchObject({ path: '/encoding', message: 'Missing required property "y"' });
    expect(lc(req!.range)).toBe('5:15-5:47');
  });

  it('uses AJV\'s own message, capitalized, for other keywords', () => {
    const [p] = schemaProblems(doc, [err('/width', 'minimum', {}, 'must be >= 0')]);
    expect(p!.message).toBe('Must be >= 0');
    const [q] = schemaProblems(doc, [err('/width', 'pattern', {})]);
    expect(q!.message).toBe('Fails "pattern"');
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

  it('reports independent mistakes that sit at different depths', () => {
    const problems = schemaProblems(doc, [
      err('', 'additionalProperties', { additionalProperty: 'colour' }),
      err('/encoding/x/type', 'type', { type: 'string' }),
    ]);
    expect(problems.map((p) => p.path).sort()).toEqual(['/colour', '/encoding/x/type']);
  });

  it('does not treat a sibling with a common prefix as deeper', () => {
    const problems = schemaProblems(
      parseDocument('{"mark": 1, "markdown": 2}'),
      [err('/mark', 'type', { type: 'string' }), err('/markdown', 'type', { type: 'string' })],
    );
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
      ['/mark', 'Must be one of "bar"'],
      ['/width', 'Must be number'],
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

  it('turns the validator\'s errors into located problems', () => {
    const d = parseDocument('{"mark": "bar", "colour": 1}');
    const problems = validateDocument(d, 'vega-lite', {
      validate: () => [err('', 'additionalProperties', { additionalProperty: 'colour' })],
    });
    expect(problems.map((p) => [p.path, p.message, textOf(d, p.range)])).toEqual([['/colour', 'Unknown property "colour"', '"colour"']]);
  });
});
