import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Spec as VegaSpec } from 'vega';
import { MAX_DEPTH } from '../../../src/core/limits';
import { runPipeline } from '../../../src/core/pipeline';
import { fuseMarkTransforms } from '../../../src/render/fused-transforms';
import { lazyPackagesOf } from '../../../src/render/vega-transforms';
import { inlineRows, withoutDescriptions } from '../../../src/render/vega-runtime';

/**
 * The render layer's walks over compiled specs reach as deep as a parsed text can nest
 * (MAX_DEPTH levels of JSON; a group mark inside another takes two: the `marks` array and the
 * group), and a deeper value built in code neither overflows the stack nor is walked past the limit.
 */
type Node = Record<string, unknown>;

/** `inner` as the innermost of `groups` nested group marks. */
function nested(groups: number, inner: Node): VegaSpec {
  let node: Node = { type: 'group', ...inner };
  for (let i = 1; i < groups; i++) node = { type: 'group', marks: [node] };
  return { marks: [node] } as unknown as VegaSpec;
}

/** The innermost group mark of a spec made by `nested`. */
function innermost(spec: VegaSpec): Node {
  let node = spec as Node;
  while (Array.isArray(node['marks'])) node = (node['marks'] as Node[])[0]!;
  return node;
}

/** As many groups as a text at the nesting limit holds. */
const DEEPEST = Math.floor(MAX_DEPTH / 2) - 1;

describe('render walks at the nesting limit', () => {
  it('inlineRows counts the rows of the deepest group', () => {
    const spec = nested(DEEPEST, { data: [{ name: 'd', values: [{ a: 1 }, { a: 2 }, { a: 3 }] }] });
    expect(inlineRows(spec)).toBe(3);
    expect(inlineRows(nested(50_000, { data: [{ name: 'd', values: [{ a: 1 }] }] }))).toBe(0);
  });

  it('withoutDescriptions strips the deepest mark, and leaves a deeper one as it is', () => {
    const mark = { type: 'symbol', encode: { update: { description: { value: 'x' }, size: { value: 4 } } } };
    const spec = nested(DEEPEST, { marks: [mark] });
    const stripped = innermost(withoutDescriptions(spec));
    expect(stripped['encode']).toEqual({ update: { size: { value: 4 } } });
    const tooDeep = nested(50_000, { marks: [mark] });
    expect(() => withoutDescriptions(tooDeep)).not.toThrow();
  });

  it('lazyPackagesOf finds a transform in the deepest group', () => {
    const spec = nested(DEEPEST, { data: [{ name: 'd', transform: [{ type: 'force' }] }] });
    expect(lazyPackagesOf(spec)).toEqual(['vega-force']);
    expect(lazyPackagesOf(nested(50_000, { data: [{ name: 'd', transform: [{ type: 'force' }] }] }))).toEqual([]);
  });

  it("fuseMarkTransforms fuses a candlestick's transforms in the deepest group", () => {
    const text = readFileSync(new URL('../../../examples/candlestick-hollow-dark.vl.json', import.meta.url), 'utf8');
    const data = (runPipeline(text).vega as Node)['data'];
    const fused = JSON.stringify(innermost(fuseMarkTransforms(nested(DEEPEST, { data }))));
    expect(fused).toContain('"type":"chartspecslots"');
    const deeper = nested(50_000, { data });
    expect(fuseMarkTransforms(deeper)).toBe(deeper);
  });
});
