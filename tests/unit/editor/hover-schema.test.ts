import { describe, expect, it } from 'vitest';
import schema from '../../../schemas/chartspec.schema.json';
import { schemaForHover } from '../../../src/editor/hover-schema';

type Node = Record<string, unknown>;

/** Every object node of a schema, with its JSON pointer. */
function* nodes(node: unknown, path = ''): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* nodes(v, `${path}/${i}`);
  } else if (node && typeof node === 'object') {
    yield [path, node as Node];
    for (const [k, v] of Object.entries(node)) yield* nodes(v, `${path}/${k}`);
  }
}

const at = (root: unknown, path: string) =>
  path
    .split('/')
    .slice(1)
    .reduce<unknown>((n, k) => (n as Node)[k], root);

describe('the schema Monaco reads for completion and hover', () => {
  const shown = schemaForHover(schema);

  it('keeps a property’s own description beside a $ref (the JSON service would copy the definition’s over it)', () => {
    const documented = [...nodes(schema)].filter(
      ([, n]) => typeof n['$ref'] === 'string' && typeof n['description'] === 'string',
    );
    // The extension marks document their channels and points this way (a level's x, a candlestick's open …).
    expect(documented.length).toBeGreaterThan(10);
    for (const [path, before] of documented) {
      const after = at(shown, path) as Node;
      expect(after['$ref']).toBeUndefined();
      expect(after['markdownDescription']).toBe(before['description']);
      expect(after['allOf']).toEqual(expect.arrayContaining([{ $ref: before['$ref'] }]));
    }
  });

  it('leaves no $ref beside words of its own, and gives every description its markdown', () => {
    for (const [, n] of nodes(shown)) {
      if (typeof n['$ref'] === 'string') expect(n['markdownDescription']).toBeUndefined();
      if (typeof n['description'] === 'string') expect(n['markdownDescription']).toBeDefined();
    }
  });
});
