import { findNodeAtLocation, parseTree, type Edit, type Node } from 'jsonc-parser';
import type { ExploreMeta } from './explore';
import { fromPointer } from './pointer';

/**
 * Changes the page writes into the spec's text for something the user did on the chart (the
 * range in view written as the mark's `range`, a scale chosen with a toggle): as small text edits, so the rest of the text —
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

/** Where a mark's option is written: the unit (a JSON pointer) and the mark's name. */
type MarkAt = Pick<ExploreMeta, 'unit' | 'mark'>;

/**
 * The edits that set an option of each unit's mark: added to (or replaced in) the mark object,
 * or a mark given by name made an object: `"mark": {"type": "candlestick", "range": […]}`.
 * Units the text no longer has are left out.
 */
export function markOptionEdits(
  text: string,
  options: readonly { at: MarkAt; key: string; value: unknown }[],
): TextEdit[] {
  const root = parseTree(text);
  const edits: TextEdit[] = [];
  for (const { at, key, value } of options) {
    const mark = root && findNodeAtLocation(root, [...pathOf(at.unit), 'mark']);
    if (mark?.type === 'object') edits.push(setProperty(text, mark, key, value));
    else if (mark?.type === 'string')
      edits.push({ offset: mark.offset, length: mark.length, content: inline({ type: at.mark, [key]: value }) });
  }
  // Each edit is inside its own unit's mark: none overlaps another.
  return edits.sort((a, b) => a.offset - b.offset);
}

/** The edits that write each unit's range in view as its mark's `range` (`[start, end]`). */
export const rangeEdits = (
  text: string,
  ranges: readonly { meta: MarkAt; range: [string | number, string | number] }[],
): TextEdit[] =>
  markOptionEdits(
    text,
    ranges.map(({ meta, range }) => ({ at: meta, key: 'range', value: range })),
  );
