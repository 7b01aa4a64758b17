import { describe, expect, it } from 'vitest';
import { expandMarks } from '../../../src/core/expand';
import { MAX_DEPTH } from '../../../src/core/limits';

/** A unit `levels` layers down: each layer is one step of the walk. */
function nested(levels: number, unit: object): object {
  let node: object = unit;
  for (let i = 0; i < levels; i++) node = { layer: [node] };
  return node;
}

const unknownMark = { mark: 'nope', encoding: {} };

describe('the expansion walk at the nesting limit', () => {
  it('still reads a unit MAX_DEPTH levels down', () => {
    const result = expandMarks(nested(MAX_DEPTH, unknownMark));
    expect(result.problems.map((p) => p.message)).toEqual([expect.stringMatching(/Unknown mark "nope"/)]);
  });

  it('leaves a unit below the limit as it is, without overflowing the stack', () => {
    const spec = nested(MAX_DEPTH + 1, unknownMark);
    const result = expandMarks(spec);
    expect(result.problems).toEqual([]);
    expect(result.spec).toBe(spec);
    expect(() => expandMarks(nested(100_000, unknownMark))).not.toThrow();
  });
});
