import { tooDeep } from './limits';
import { propertyNames } from './schema-hints';
import { boundedWalk } from './walk';

/** The mark types Vega draws (vega-scenegraph's marks). */
export const VEGA_MARK_TYPES = [
  'arc',
  'area',
  'group',
  'image',
  'line',
  'path',
  'rect',
  'rule',
  'shape',
  'symbol',
  'text',
  'trail',
] as const;

/** Mark properties Vega reads that its schema does not list (vega-parser's marks/definition.js). */
const EXTRA_MARK_PROPERTIES = ['zindex'];

/** What a value reference in an encode block may hold (vega-parser's encode/entry.js and rule.js). */
const VALUE_REF_PROPERTIES = [
  'test',
  'signal',
  'value',
  'field',
  'range',
  'scale',
  'band',
  'offset',
  'mult',
  'exponent',
  'round',
  'extra',
  'color',
  'gradient',
  'start',
  'stop',
  'count',
];

type Node = Record<string, unknown>;

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Lists `names` beside an `allOf` and closes the object to them; what the `allOf` demands stays. */
function close(node: Node, names: Iterable<string>): void {
  if (node['properties'] || node['additionalProperties'] !== undefined)
    throw new Error('expected an open allOf composition');
  node['properties'] = Object.fromEntries([...names].map((n) => [n, {}]));
  node['additionalProperties'] = false;
}

const allOfWalk = boundedWalk<[Node[]], void>((node, next, out) => {
  if (Array.isArray(node)) for (const n of node) next(n, out);
  else if (node && typeof node === 'object') {
    const n = node as Node;
    if (Array.isArray(n['allOf']) && !n['properties'] && n['additionalProperties'] === undefined) out.push(n);
    for (const [k, v] of Object.entries(n)) if (k !== 'enum' && k !== 'const' && k !== 'default') next(v, out);
  }
}, tooDeep);

/** Every `allOf` node inside a definition (not through `$ref`). */
export function allOfNodes(node: unknown, out: Node[] = []): Node[] {
  allOfWalk(node, out);
  return out;
}

/**
 * Vega's schema, stricter where Vega's own is open only because of how it is written. The spec
 * itself, marks, event handlers (`on`), event streams and value references (`{"field": …,
 * "scale": …}` in encode blocks) are `allOf` compositions, and JSON Schema draft-07 cannot close
 * a composition, so any property passes: `"encod"` for `"encode"` draws nothing and says
 * nothing. Each is closed here by listing its properties beside the `allOf` (so
 * `additionalProperties: false` knows them) without changing what the `allOf` demands. Mark
 * types are a plain string in Vega's schema; here they are the list Vega can draw. Encode
 * blocks themselves stay open, as Vega's schema means them to be (items may carry any
 * property). A valid Vega spec stays valid: the conformance corpus checks that.
 */
export function strictVegaSchema(vegaSchema: object): Node {
  const schema = clone(vegaSchema) as Node;
  const defs = schema['definitions'] as Record<string, Node>;
  const namesOf = (node: Node) => propertyNames(defs, { allOf: node['allOf'] });

  defs['marktype'] = { type: 'string', enum: [...VEGA_MARK_TYPES] };
  close(schema, namesOf(schema));
  for (const mark of ['markGroup', 'markVisual'])
    close(defs[mark]!, [...namesOf(defs[mark]!), ...EXTRA_MARK_PROPERTIES]);
  const onItems = (defs['onEvents'] as { items: Node }).items;
  close(onItems, namesOf(onItems));
  close(defs['stream']!, namesOf(defs['stream']!));
  for (const [name, def] of Object.entries(defs)) {
    if (name.endsWith('Value')) for (const node of allOfNodes(def)) close(node, VALUE_REF_PROPERTIES);
  }
  return schema;
}
