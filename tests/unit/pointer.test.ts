import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromPointer, joinPointer, toPointer } from '../../src/core/pointer';

describe('toPointer', () => {
  it('is empty for the whole document', () => {
    expect(toPointer([])).toBe('');
  });

  it('joins segments with "/" and writes numbers as indices', () => {
    expect(toPointer(['layer', 1, 'encoding', 'x'])).toBe('/layer/1/encoding/x');
  });

  it('escapes "~" as "~0" and "/" as "~1" (RFC 6901)', () => {
    expect(toPointer(['a/b', 'c~d', '~1'])).toBe('/a~1b/c~0d/~01');
    expect(toPointer([''])).toBe('/');
  });
});

describe('fromPointer', () => {
  it('reads the empty pointer as the whole document', () => {
    expect(fromPointer('')).toEqual([]);
  });

  it('reads "/" as the empty key', () => {
    expect(fromPointer('/')).toEqual(['']);
  });

  it('unescapes "~1" before "~0", so "~01" is the key "~1"', () => {
    expect(fromPointer('/a~1b/c~0d/~01')).toEqual(['a/b', 'c~d', '~1']);
  });

  it('gives segments as strings, indices included', () => {
    expect(fromPointer('/layer/0')).toEqual(['layer', '0']);
  });

  it('inverts toPointer for any keys', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', '/', '~', '0', '1', ' ') })), (keys) => {
        expect(fromPointer(toPointer(keys))).toEqual(keys);
      }),
      { numRuns: 300 },
    );
  });
});

describe('joinPointer', () => {
  it('appends a relative pointer to a base pointer', () => {
    expect(joinPointer('/layer/1', '/mark')).toBe('/layer/1/mark');
    expect(joinPointer('', '/mark')).toBe('/mark');
    expect(joinPointer('/layer/1', '')).toBe('/layer/1');
  });
});
