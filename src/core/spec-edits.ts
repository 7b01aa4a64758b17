import { findNodeAtLocation, parseTree, type Edit, type Node } from 'jsonc-parser';
import type { ExploreMeta } from './explore';
import { fromPointer } from './pointer';

/**
 * Changes the page writes into the spec's text for something the user did on the chart (the
 * range in view, written as the mark's `range`): as small text edits, so the rest of the text —
 * its layout, its comments — stays as the user wrote it, and the editor can apply them as one
 * undoable step without moving the cursor.
 */
export type TextEdit = Edit;

/** A JSON pointer as jsonc-parser's path (array indices as numbers). */
const pathOf = (pointer: string) => fromPointer(pointer).map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));

/** A value on one line, spaced as people write it: `["2024-06-18", "2024-07-18"]`. */
const inline = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(inline).join(', ')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.entries(value)
          .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
          .join(', ')}}`
      : JSON.stringify(value);

/**
 * The edit that sets `key` of the object `node` to `value`: its value replaced if it has one,
 * else a property added after the last one — on a line of its own, indented as that one, when
 * the object's properties are on lines of their own.
 */
function setProperty(text: string, node: Node, key: string, value: unknown): TextEdit {
  const existing = node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
  if (existing) return { offset: existing.offset, length: existing.length, content: inline(value) };
  const last = node.children?.at(-1);
  const property = `${JSON.stringify(key)}: ${inline(value)}`;
  if (!last) return { offset: node.offset + 1, length: node.length - 2, content: property };
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const before = text.slice(lineStart, last.offset);
  const ownLine = lineStart > node.offset && /^[ \t]*$/.test(before);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return {
    offset: last.offset + last.length,
    length: 0,
    content: ownLine ? `,${eol}${before}${property}` : `, ${property}`,
  };
}

/**
 * The edits that write each unit's `range` into its mark: `"range": [start, end]` added to (or
 * replaced in) the mark object, or a mark given by name made an object:
 * `"mark": {"type": "candlestick", "range": […]}`. Units the text no longer has are left out.
 */
export function rangeEdits(
  text: string,
  ranges: readonly { meta: Pick<ExploreMeta, 'unit' | 'mark'>; range: [string | number, string | number] }[],
): TextEdit[] {
  const root = parseTree(text);
  const edits: TextEdit[] = [];
  for (const { meta, range } of ranges) {
    const mark = root && findNodeAtLocation(root, [...pathOf(meta.unit), 'mark']);
    if (mark?.type === 'object') edits.push(setProperty(text, mark, 'range', range));
    else if (mark?.type === 'string')
      edits.push({ offset: mark.offset, length: mark.length, content: inline({ type: meta.mark, range }) });
  }
  // Each edit is inside its own unit's mark: none overlaps another.
  return edits.sort((a, b) => a.offset - b.offset);
}
