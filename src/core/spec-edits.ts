import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { ExploreMeta } from './explore';
import { inline, pathOf, setProperty, type TextEdit } from './json-text';

/**
 * Changes the page writes into the spec's text for something the user did on the chart (the
 * range in view written as the mark's `range`, a scale chosen with a toggle): as small text edits,
 * through the helpers of json-text.ts, so the rest of the text stays as the user wrote it.
 */
export type { TextEdit };

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
