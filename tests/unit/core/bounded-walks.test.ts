import { describe, expect, it } from 'vitest';
import { createAjvValidator } from '../../../src/core/ajv';
import { SchemaExplainer } from '../../../src/core/explain';
import { deepEqual } from '../../../src/core/json-types';
import { MAX_DEPTH } from '../../../src/core/limits';
import { findKeys, findStringValues, parseDocument, type JsonNode, type ParsedDocument } from '../../../src/core/parse';
import { propertyNames } from '../../../src/core/schema-hints';
import { allOfNodes } from '../../../src/core/vega-schema';

/**
 * Every walk over spec trees, parse trees and schemas (see core/walk.ts): a value as deep as the
 * parser accepts is handled in full, and a deeper one built in code fails with the depth message
 * instead of overflowing the stack or being read in part.
 */

/** `{"a": {"a": … {"leaf": "x"}}}`, `levels` objects deep. */
function nested(levels: number, leaf: unknown = 'x'): unknown {
  let node: unknown = { leaf };
  for (let i = 1; i < levels; i++) node = { a: node };
  return node;
}

const textOf = (levels: number) => '{"a":'.repeat(levels - 1) + '{"leaf":"x"}' + '}'.repeat(levels - 1);
const deepestPointer = (levels: number) => '/a'.repeat(levels - 1) + '/leaf';
const TOO_DEEP = /Nesting is deeper than 512 levels/;

/** A parse tree of `levels` objects built in code, past anything the parser yields. */
function treeOf(levels: number): JsonNode {
  let node = { type: 'string', value: 'x', offset: 0, length: 3 } as JsonNode;
  let key = 'leaf';
  for (let i = 0; i < levels; i++) {
    const obj = { type: 'object', offset: 0, length: 1, children: [] } as unknown as JsonNode;
    const prop = { type: 'property', offset: 0, length: 1, parent: obj, children: [] } as unknown as JsonNode;
    prop.children!.push({ type: 'string', value: key, offset: 0, length: 1, parent: prop } as JsonNode, node);
    obj.children!.push(prop);
    node = obj;
    key = 'a';
  }
  return node;
}

const docOf = (root: JsonNode): ParsedDocument => ({ ...parseDocument('{}'), root });

describe('the parser at the nesting limit', () => {
  it('builds the whole value of a text MAX_DEPTH deep, the careful way and the quick way', () => {
    for (const careful of [true, false]) {
      const doc = parseDocument(textOf(MAX_DEPTH), { careful });
      expect(doc.ok).toBe(true);
      expect(deepEqual(doc.value, nested(MAX_DEPTH))).toBe(true);
    }
  });

  it('refuses one level more with the depth message', () => {
    const doc = parseDocument(textOf(MAX_DEPTH + 1), { careful: true });
    expect(doc.ok).toBe(false);
    expect(doc.problems[0]!.message).toMatch(TOO_DEEP);
  });
});

describe('findStringValues and findKeys at the nesting limit', () => {
  const doc = parseDocument(textOf(MAX_DEPTH), { careful: true });

  it('reach the deepest value and key of a text MAX_DEPTH deep', () => {
    expect(findStringValues(doc, (s) => s === 'x')).toEqual([deepestPointer(MAX_DEPTH)]);
    expect(findKeys(doc, 'leaf')).toEqual([deepestPointer(MAX_DEPTH)]);
  });

  it('throw the depth message on a deeper tree built in code', () => {
    for (const levels of [MAX_DEPTH + 2, 50_000]) {
      const deep = docOf(treeOf(levels));
      expect(() => findStringValues(deep, (s) => s === 'x')).toThrow(TOO_DEEP);
      expect(() => findKeys(deep, 'leaf')).toThrow(TOO_DEEP);
    }
  });
});

describe('deepEqual at the nesting limit', () => {
  it('compares values MAX_DEPTH deep in full', () => {
    expect(deepEqual(nested(MAX_DEPTH), nested(MAX_DEPTH))).toBe(true);
    expect(deepEqual(nested(MAX_DEPTH), nested(MAX_DEPTH, 'y'))).toBe(false);
  });

  it('throws the depth message on deeper values, unless they are the same object', () => {
    expect(() => deepEqual(nested(MAX_DEPTH + 2), nested(MAX_DEPTH + 2))).toThrow(TOO_DEEP);
    expect(() => deepEqual(nested(100_000), nested(100_000))).toThrow(TOO_DEEP);
    const same = nested(100_000);
    expect(deepEqual({ a: same }, { a: same })).toBe(true);
  });
});

describe('SchemaExplainer and validation at the nesting limit', () => {
  const root = {
    definitions: {
      T: {
        type: 'object',
        properties: { a: { $ref: '#/definitions/T' }, leaf: { type: 'string' } },
        additionalProperties: false,
      },
    },
    $ref: '#/definitions/T',
  };

  it('explains a mistake at the bottom of a value 100 levels deep', () => {
    const x = new SchemaExplainer(root);
    expect(x.explain(nested(100)).length).toBe(0);
    expect(x.explain(nested(100, 1)).map((e) => [e.instancePath, e.keyword])).toEqual([[deepestPointer(100), 'type']]);
  });

  it('gives up with an error of its own, not a stack overflow, on values MAX_DEPTH deep and deeper', () => {
    const x = new SchemaExplainer(root);
    for (const levels of [MAX_DEPTH, 100_000]) {
      expect(() => x.explain(nested(levels, 1))).toThrow('schema nesting too deep to explain');
    }
    // And it still explains the next value.
    expect(x.explain(nested(3, 1)).length).toBe(1);
  });

  it('reports a mistake in a Vega-Lite filter nested MAX_DEPTH deep (AJV says it, past the explainer)', () => {
    let filter: unknown = { field: 'a', equal: 1, bogus: true };
    // The spec, transform list, transform and filter take four levels; each "not" one more.
    for (let i = 4; i < MAX_DEPTH - 1; i++) filter = { not: filter };
    const spec = { data: { values: [] }, transform: [{ filter }], mark: 'point' };
    const text = JSON.stringify(spec);
    expect(parseDocument(text).ok).toBe(true);
    const errors = createAjvValidator().validate('vega-lite', spec);
    expect(errors.length).toBeGreaterThan(0);
  });
});

/** `{"allOf": [{"allOf": [… {"properties": {"deepest": {}}}]}]}`, `levels` nodes deep. */
function allOfChain(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { properties: { deepest: {} } };
  for (let i = 1; i < levels; i++) node = { allOf: [node] };
  return node;
}

describe('schema walks at the nesting limit', () => {
  it('propertyNames reaches a name MAX_DEPTH schema nodes down, and throws the depth message past it', () => {
    expect([...propertyNames({}, allOfChain(MAX_DEPTH))]).toEqual(['deepest']);
    expect(() => propertyNames({}, allOfChain(100_000))).toThrow(TOO_DEEP);
  });

  it('allOfNodes finds every allOf of a definition MAX_DEPTH deep, and throws the depth message past it', () => {
    // Each level is an object and its allOf array: half as many levels fit.
    expect(allOfNodes(allOfChain(MAX_DEPTH / 2)).length).toBe(MAX_DEPTH / 2 - 1);
    expect(() => allOfNodes(allOfChain(100_000))).toThrow(TOO_DEEP);
  });
});
