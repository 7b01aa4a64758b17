import type { ExplainOptions } from './explain';
import { tooDeep } from './limits';
import { didYouMean } from './suggest';
import { boundedWalk } from './walk';

type Defs = Record<string, Record<string, unknown>>;

const ENCODINGS = ['Encoding', 'FacetedEncoding', 'SharedEncoding'];
/** Spec definitions: `TopLevelUnitSpec`, `LayerSpec`, `GenericUnitSpec<Encoding,AnyMark>`… */
const SPEC = /Spec(<|$)/;
/** Specs made of views: concatenations, facets, repeats. */
const COMPOSED = /(Concat|Facet|Repeat)Spec/;
/** Channels that place marks: at the top level they belong in `encoding`, hardly ever in `mark`. */
const POSITION = /^(x|y|x2|y2|xOffset|yOffset|theta|theta2|radius|radius2|longitude|latitude|longitude2|latitude2)$/;

const namesWalk = boundedWalk<[Defs, Set<string>, Set<unknown>], void>((node, next, defs, out, seen) => {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  const n = node as Record<string, unknown>;
  if (typeof n['$ref'] === 'string') {
    const name = decodeURIComponent(n['$ref'].replace(/^#\/definitions\//, ''));
    next(defs[name], defs, out, seen);
  }
  if (n['properties'] && typeof n['properties'] === 'object') for (const k of Object.keys(n['properties'])) out.add(k);
  for (const k of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(n[k])) for (const sub of n[k] as unknown[]) next(sub, defs, out, seen);
}, tooDeep);

/** Property names a schema node allows, through `$ref`, `allOf`, `anyOf` and `oneOf`. */
export function propertyNames(
  defs: Defs,
  node: unknown,
  out = new Set<string>(),
  seen = new Set<unknown>(),
): Set<string> {
  namesWalk(node, defs, out, seen);
  return out;
}

/**
 * Where a property that is unknown in one Vega-Lite object belongs instead: `"axis"` directly in
 * `encoding` belongs in a channel, `"x"` at the top level in `encoding`, `"filled"` in `mark`.
 * Read from the schema, so extension marks' channels count too.
 */
export function vegaLitePlacement(schema: { definitions?: unknown }): NonNullable<ExplainOptions['placement']> {
  const defs = (schema.definitions ?? {}) as Defs;
  const channels = new Set<string>();
  const channelProps = new Set<string>();
  for (const name of ENCODINGS) {
    const props = (defs[name]?.['properties'] ?? {}) as Record<string, unknown>;
    for (const [channel, def] of Object.entries(props)) {
      channels.add(channel);
      propertyNames(defs, def, channelProps);
    }
  }
  const markProps = propertyNames(defs, defs['MarkDef']);
  markProps.delete('type');
  // "type" at the top level is as likely the mark's type as a channel's: no guess.
  channelProps.delete('type');

  return (definition, key) => {
    if (!definition) return undefined;
    if (ENCODINGS.includes(definition)) {
      return channelProps.has(key) ? { belongs: 'channel' } : undefined;
    }
    if (!SPEC.test(definition)) return undefined;
    // Old specs (and old examples on the web) still have Vega-Lite 4's selections.
    if (key === 'selection') return { belongs: 'params' };
    // A layer's units have the marks; the layer itself has none.
    if (key === 'mark' && /LayerSpec/.test(definition)) return { belongs: 'layer' };
    // A concatenation, facet or repeat has no size of its own: each view has one ("width" is a
    // bar mark's width too, so without this the mark would be suggested).
    if ((key === 'width' || key === 'height') && COMPOSED.test(definition)) return { belongs: 'views' };
    if (channels.has(key))
      return { belongs: markProps.has(key) && !POSITION.test(key) ? 'encoding-or-mark' : 'encoding' };
    if (channelProps.has(key)) return { belongs: 'channel-property' };
    if (markProps.has(key)) return { belongs: 'mark' };
    const channel = didYouMean(key, [...channels]);
    return channel ? { belongs: 'encoding', suggestion: channel } : undefined;
  };
}
