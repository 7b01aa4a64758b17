/**
 * Annotations drawn on a chart are written into the spec's text, and the ones written there are
 * found, moved and removed through it: the text stays the single source of truth.
 * Every function reads the text's syntax tree and answers with small edits that leave the rest of
 * the text — layout, comments, trailing commas, line ends — as it was; a text that does not
 * parse gets no edit at all.
 *
 * "Next to a unit" means on the same scales: the other elements of the layer array holding the
 * unit, and of each enclosing layer array up to the first concat, facet or repeat (whose views
 * have scales of their own). A `resolve` that makes a layer's scales independent is not looked at.
 */
import { getNodePath, getNodeValue, type Node } from 'jsonc-parser';
import { append, insertAfter, removeAt } from './json-lists';
import {
  addProperties,
  eolOf,
  indentUnitOf,
  inline,
  nodeAt,
  ownLineIndent,
  pathOf,
  treeOf,
  type TextEdit,
} from './json-text';
import { isObject, type JsonObject } from './json';
import { KIND_DEFS } from './marks/annotation-schema';
import { MAX_DEPTH } from './limits';
import { ANNOTATION, ANNOTATION_KINDS, type AnnotationItem, type AnnotationPoint } from './marks/annotation-types';
import { toPointer, type PathSegment } from './pointer';

/** An annotation item written literally in the text, near an explorable unit. */
export interface SpecAnnotation {
  /** JSON pointer of the item, e.g. "/layer/2/mark/items/1". */
  pointer: string;
  /** Its parsed value. */
  item: AnnotationItem;
  /** The item's text range (for selecting it in the editor). */
  offset: number;
  length: number;
}

/** The positions of an item, as `moveAnnotation` writes them. */
export type AnnotationPosition = {
  x?: string | number;
  x2?: string | number;
  y?: number;
  y2?: number;
  points?: AnnotationPoint[];
};

const propertyOf = (node: Node | undefined, key: string): Node | undefined =>
  node?.type === 'object' ? node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1] : undefined;

/** The `items` array of a layer element that is a literal annotation (`"mark": {"type": "annotation", "items": […]}`). */
function literalItems(element: Node | undefined): Node | undefined {
  const mark = propertyOf(element, 'mark');
  const items = propertyOf(mark, 'items');
  // With `items` the mark draws them, even beside a `kind` (which it then warns about).
  return propertyOf(mark, 'type')?.value === ANNOTATION && items?.type === 'array' ? items : undefined;
}

/** A layer array around the unit: the array, its path, and which of its elements holds the unit. */
interface Scope {
  list: Node;
  path: PathSegment[];
  index: number;
}

/** The layer arrays whose elements share the unit's scales, the innermost first. */
function scopesOf(root: Node, unitPath: PathSegment[]): Scope[] {
  const scopes: Scope[] = [];
  let path = unitPath;
  while (path.length >= 2 && path.at(-2) === 'layer' && typeof path.at(-1) === 'number') {
    const list = nodeAt(root, toPointer(path.slice(0, -1)));
    if (list?.type !== 'array') break;
    scopes.push({ list, path: path.slice(0, -1), index: path.at(-1) as number });
    path = path.slice(0, -2);
  }
  return scopes;
}

/** The items arrays of literal annotations in a layer element, or in the layers nested inside it. */
function itemArraysIn(element: Node, depth = 0): Node[] {
  const items = literalItems(element);
  if (items) return [items];
  const layer = propertyOf(element, 'layer');
  if (layer?.type !== 'array' || depth > MAX_DEPTH) return [];
  return (layer.children ?? []).flatMap((child) => itemArraysIn(child, depth + 1));
}

/** The unit at `unit` (an object with a `mark`), and where it sits. */
function unitAt(root: Node, unit: string): { node: Node; path: PathSegment[] } | undefined {
  const node = nodeAt(root, unit);
  if (node?.type !== 'object' || !propertyOf(node, 'mark')) return undefined;
  return { node, path: pathOf(unit) };
}

const isX = (v: unknown) => typeof v === 'string' || typeof v === 'number';
const isPoint = (p: unknown) => isObject(p) && isX(p['x']) && typeof p['y'] === 'number';

/** Each kind's required properties and its fewest points, read from its schema definition. */
const NEEDS = new Map(
  Object.values(KIND_DEFS).map((def) => {
    const props = def['properties'] as Record<string, JsonObject>;
    const points = props['points']?.['minItems'];
    return [props['kind']!['const'], { required: def['required'] as string[], points: Number(points ?? 0) }];
  }),
);

/**
 * Whether an item has the positions its kind requires, of the types the mark reads, and a
 * label the mark can write (what the schema asks of them): an item the schema refuses (`"points": "x"`, one point of a trend line)
 * has a Problem in the text and is not drawn, so it is neither picked nor moved on the chart.
 */
function positionsReadable(item: unknown): item is AnnotationItem {
  if (!isObject(item)) return false;
  const needs = NEEDS.get(item['kind']);
  if (!needs || needs.required.some((key) => !(key in item))) return false;
  const points = item['points'];
  if (points !== undefined && !(Array.isArray(points) && points.length >= needs.points && points.every(isPoint)))
    return false;
  for (const key of ['x', 'x2'] as const) if (key in item && !isX(item[key])) return false;
  for (const key of ['y', 'y2'] as const) if (key in item && typeof item[key] !== 'number') return false;
  return !('label' in item) || isText(item['label']) || (isObject(item['label']) && isText(item['label']['text']));
}

/** A label's text: a line, or lines. */
const isText = (v: unknown) =>
  typeof v === 'string' || (Array.isArray(v) && v.every((line) => typeof line === 'string'));

/**
 * The literal annotation items drawn on the same scales as the unit at `unit` (a JSON pointer to
 * the unit that holds the candlestick/ohlc mark, e.g. "" or "/layer/1" or "/vconcat/0/layer/0"),
 * in the order of the text. Data-driven annotations (a `kind` with field mappings, no `items`)
 * are left out, and so are items that are not objects with a known kind or whose positions are
 * not of the types the mark reads (`positionsReadable`). A text that does not
 * parse, or has no unit there, has none.
 */
export function annotationsOf(text: string, unit: string): SpecAnnotation[] {
  const root = treeOf(text);
  const at = root && unitAt(root, unit);
  if (!root || !at) return [];
  const found: SpecAnnotation[] = [];
  for (const { list, index } of scopesOf(root, at.path))
    (list.children ?? []).forEach((element, i) => {
      if (i === index) return;
      for (const items of itemArraysIn(element))
        for (const node of items.children ?? []) {
          const kind = propertyOf(node, 'kind')?.value;
          if (!(ANNOTATION_KINDS as readonly unknown[]).includes(kind)) continue;
          const item: unknown = getNodeValue(node);
          if (!positionsReadable(item)) continue;
          found.push({
            pointer: toPointer(getNodePath(node)),
            item,
            offset: node.offset,
            length: node.length,
          });
        }
    });
  return found.sort((a, b) => a.offset - b.offset);
}

/** Where an insertion's text lands once all the edits are applied (they do not overlap). */
function landed(edits: readonly TextEdit[], offsetBefore: number): number {
  let shift = 0;
  for (const e of edits)
    if (e.offset + e.length <= offsetBefore && e.offset < offsetBefore) shift += e.content.length - e.length;
  return offsetBefore + shift;
}

/** Lines of a block, each but the first prefixed by `indent` (the first goes where the cursor is). */
const block = (lines: readonly [depth: number, text: string][], indent: string, unit: string, eol: string) =>
  lines.map(([depth, line], i) => (i === 0 ? '' : indent + unit.repeat(depth)) + line).join(eol);

/** A new annotation layer holding the item: on one line, or laid out over lines at `indent`. */
function newLayer(itemText: string, indent: string | undefined, unit: string, eol: string): string {
  if (indent === undefined) return `{"mark": {"type": "annotation", "items": [${itemText}]}}`;
  return block(
    [
      [0, '{'],
      [1, '"mark": {'],
      [2, '"type": "annotation",'],
      [2, '"items": ['],
      [3, itemText],
      [2, ']'],
      [1, '}'],
      [0, '}'],
    ],
    indent,
    unit,
    eol,
  );
}

/** Properties that Vega-Lite takes on a unit but not on a layer: they go into the unit's new first layer with its mark. */
const UNIT_ONLY = ['mark', 'params'];

/**
 * The unit (not in a layer) made a layer of itself and the annotation: its `"mark": X` becomes
 * `"layer": [{"mark": X}, {"mark": {"type": "annotation", "items": [item]}}]`, written where the
 * mark was. Everything else stays on the unit, so both layers share its data, encoding, size and
 * title. Its transforms stay too: the annotation's items bring their own data, which a parent's
 * transforms do not reach in Vega-Lite. Its `params` (selections) move with the mark: a layer
 * cannot hold them.
 */
function layered(text: string, unit: { node: Node; path: PathSegment[] }, itemText: string) {
  const keys = (unit.node.children ?? []).map((p) => p.children?.[0]?.value as string);
  // A key written twice, or a unit that has a layer already: which one counts is not clear from
  // the text, so it gets no edit.
  if (keys.includes('layer') || UNIT_ONLY.some((k) => keys.indexOf(k) !== keys.lastIndexOf(k))) return undefined;
  const props = (unit.node.children ?? []).filter((p) => UNIT_ONLY.includes(p.children?.[0]?.value as string));
  const mark = props.find((p) => p.children?.[0]?.value === 'mark')!;
  const eol = eolOf(text);
  const step = indentUnitOf(text);
  const indent = ownLineIndent(text, mark.offset);
  const moved = props.map((p) => text.slice(p.offset, p.offset + p.length));
  let content: string;
  if (indent === undefined) {
    content = `"layer": [{${moved.join(', ')}}, ${newLayer(itemText, undefined, step, eol)}]`;
  } else {
    const inner = indent + step;
    // Lines after a property's first move in as far as the property does (two steps).
    const deeper = (s: string) => s.replace(/\r?\n/g, (nl) => nl + step + step);
    const first = moved.every((m) => !m.includes('\n'))
      ? `{${moved.join(', ')}}`
      : ['{', ...moved.map((m, i) => inner + step + deeper(m) + (i < moved.length - 1 ? ',' : '')), inner + '}'].join(
          eol,
        );
    content = ['"layer": [', inner + first + ',', inner + newLayer(itemText, inner, step, eol), indent + ']'].join(eol);
  }
  const edits: TextEdit[] = [{ offset: mark.offset, length: mark.length, content }];
  const children = unit.node.children ?? [];
  for (const p of props)
    if (p !== mark) {
      // Removing `params` touches only its own text and the comma beside it, never the mark's.
      edits.push(...removeAt(text, unit.node, children.indexOf(p)));
    }
  edits.sort((a, b) => a.offset - b.offset);
  const offset = landed(edits, mark.offset) + content.lastIndexOf(itemText);
  return { edits, offset, pointer: toPointer([...unit.path, 'layer', 1, 'mark', 'items', 0]) };
}

/** What `insertAnnotation` answers. */
export interface AnnotationInsertion {
  edits: TextEdit[];
  /** Where the item's text is once the edits are applied (for selecting it in the editor). */
  inserted: { offset: number; length: number };
  /** The item's JSON pointer once the edits are applied. */
  pointer: string;
  /** The unit's JSON pointer once the edits are applied: `<unit>/layer/0` when it was made a layer, else as it was. */
  unit: string;
}

/**
 * The edit that adds `item` to the spec where a person would put it: at the end of the `items`
 * of the last literal annotation in the innermost layer array next to the unit that has one
 * (annotations inside nested layers are found by `annotationsOf` but not written into); else a
 * new annotation layer right after the unit in its layer array; else (a top-level unit, or one
 * inside concat, facet or repeat) the unit made a layer of itself and the annotation (see
 * `layered`). Answers with the edits, where the item's text is once they are applied (to select
 * it) and its pointer; undefined when the text does not parse or has no unit at `unit`.
 */
export function insertAnnotation(text: string, unit: string, item: AnnotationItem): AnnotationInsertion | undefined {
  const root = treeOf(text);
  const at = root && unitAt(root, unit);
  if (!root || !at) return undefined;
  const itemText = inline(item);
  const inserted = (offset: number) => ({ offset, length: itemText.length });
  const scopes = scopesOf(root, at.path);
  for (const { list } of scopes) {
    const items = (list.children ?? []).map(literalItems).findLast((n) => n !== undefined);
    if (!items) continue;
    const { edits, offset } = append(text, items, () => itemText);
    return {
      edits,
      inserted: inserted(offset),
      pointer: toPointer([...getNodePath(items), items.children?.length ?? 0]),
      unit,
    };
  }
  const scope = scopes[0];
  if (scope) {
    const eol = eolOf(text);
    const step = indentUnitOf(text);
    let element = '';
    const { edits, offset } = insertAfter(text, scope.list, scope.index, (indent) => {
      element = newLayer(itemText, indent, step, eol);
      return element;
    });
    return {
      edits,
      inserted: inserted(offset + element.indexOf(itemText)),
      pointer: toPointer([...scope.path, scope.index + 1, 'mark', 'items', 0]),
      unit,
    };
  }
  const made = layered(text, at, itemText);
  return (
    made && {
      edits: made.edits,
      inserted: inserted(made.offset),
      pointer: made.pointer,
      unit: toPointer([...at.path, 'layer', 0]),
    }
  );
}

/** The item at `pointer` when it is one in the `items` of a literal annotation, with its array. */
function literalItemAt(root: Node, pointer: string): { node: Node; items: Node; index: number } | undefined {
  const path = pathOf(pointer);
  const index = path.at(-1);
  if (typeof index !== 'number' || path.at(-2) !== 'items' || path.at(-3) !== 'mark') return undefined;
  const items = literalItems(nodeAt(root, toPointer(path.slice(0, -3))));
  const node = items?.children?.[index];
  return items && node?.type === 'object' ? { node, items, index } : undefined;
}

/**
 * The edits that set the positions of the item at `pointer` (only the keys given: `x`, `x2`,
 * `y`, `y2`, `points`), each value replaced in place so the rest of the item's text (label,
 * color, comments) stays; a key it lacks is added after its last property. Points are replaced
 * one coordinate at a time when the item has as many, written as objects with `x` and `y`; else
 * the whole list. Undefined when there is no literal annotation item at `pointer`.
 */
export function moveAnnotation(text: string, pointer: string, position: AnnotationPosition): TextEdit[] | undefined {
  const root = treeOf(text);
  const at = root && literalItemAt(root, pointer);
  if (!at) return undefined;
  const edits: TextEdit[] = [];
  const added: [string, unknown][] = [];
  const put = (node: Node | undefined, key: string, value: unknown) => {
    if (node) edits.push({ offset: node.offset, length: node.length, content: inline(value) });
    else added.push([key, value]);
  };
  for (const key of ['x', 'x2', 'y', 'y2'] as const)
    if (position[key] !== undefined) put(propertyOf(at.node, key), key, position[key]);
  const points = position.points;
  if (points) {
    const written = propertyOf(at.node, 'points');
    const each = written?.children?.map((p) => ({ x: propertyOf(p, 'x'), y: propertyOf(p, 'y') }));
    if (each?.length === points.length && each.every((p) => p.x && p.y))
      each.forEach((p, i) => {
        put(p.x, 'x', points[i]!.x);
        put(p.y, 'y', points[i]!.y);
      });
    else put(written, 'points', points);
  }
  // All in one edit: several added at one place keep their order.
  if (added.length) edits.push(addProperties(text, at.node, added));
  return edits.sort((a, b) => a.offset - b.offset);
}

/**
 * The edits that remove the item at `pointer` with its separating comma, leaving the text
 * well-formed. When it is the only item of its annotation, the whole layer element goes (unless
 * it is the only element of its layer array, which then keeps an empty `items`). A unit that
 * `insertAnnotation` made a layer stays one. Undefined when there is no literal annotation item
 * at `pointer`.
 */
export function deleteAnnotation(text: string, pointer: string): TextEdit[] | undefined {
  const root = treeOf(text);
  const at = root && literalItemAt(root, pointer);
  if (!root || !at) return undefined;
  if (at.items.children?.length === 1) {
    const elementPath = pathOf(pointer).slice(0, -3);
    const index = elementPath.at(-1);
    const list = nodeAt(root, toPointer(elementPath.slice(0, -1)));
    if (
      typeof index === 'number' &&
      elementPath.at(-2) === 'layer' &&
      list?.type === 'array' &&
      list.children!.length > 1
    )
      return removeAt(text, list, index);
  }
  return removeAt(text, at.items, at.index);
}
