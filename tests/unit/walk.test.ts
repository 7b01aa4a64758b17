import { describe, expect, it } from 'vitest';
import { boundedWalk } from '../../src/core/walk';
import { MAX_DEPTH } from '../../src/core/limits';
import { isObject } from '../../src/core/json';

/** `{"a": {"a": … {"leaf": true}}}`, `levels` objects deep. */
function nested(levels: number): unknown {
  let node: unknown = { leaf: true };
  for (let i = 1; i < levels; i++) node = { a: node };
  return node;
}

const countLevels = boundedWalk<[], number>(
  (node, next) => (isObject(node) && 'a' in node ? 1 + next(node['a']) : 1),
  () => Number.NEGATIVE_INFINITY,
);

describe('boundedWalk', () => {
  it('reaches a node at the project nesting limit', () => {
    expect(countLevels(nested(MAX_DEPTH))).toBe(MAX_DEPTH);
  });

  it('answers with tooDeep below the limit, without overflowing', () => {
    expect(countLevels(nested(MAX_DEPTH + 2))).toBe(Number.NEGATIVE_INFINITY);
    expect(countLevels(nested(100_000))).toBe(Number.NEGATIVE_INFINITY);
  });

  it('passes arguments down and honours a smaller limit', () => {
    const paths = boundedWalk<[string], string[]>(
      (node, next, at) => (isObject(node) ? Object.entries(node).flatMap(([k, v]) => next(v, `${at}/${k}`)) : [at]),
      (_node, at) => [`${at} (too deep)`],
      2,
    );
    expect(paths({ x: 1, y: { z: { w: 2 } } }, '')).toEqual(['/x', '/y/z/w (too deep)']);
  });
});
