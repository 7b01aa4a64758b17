/**
 * Writing into a spec's JSON text as a person would: small edits that keep the rest of the text
 * (its layout, its comments, its line ends) as the user wrote it, so the editor can apply them as
 * one undoable step. The text may be JSONC (comments, trailing commas), as the editor allows.
 */
import { findNodeAtLocation, parseTree, type Edit, type Node, type ParseError } from 'jsonc-parser';
import { fromPointer } from './pointer';

export type TextEdit = Edit;

/** A JSON pointer as jsonc-parser's path (array indices as numbers). */
export const pathOf = (pointer: string) => fromPointer(pointer).map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));

/** The syntax tree of a text, or undefined when it does not parse: an edit needs every offset right. */
export function treeOf(text: string): Node | undefined {
  const errors: ParseError[] = [];
  try {
    const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
    return root && errors.length === 0 ? root : undefined;
  } catch {
    // A text nested past what the parser's recursion holds (the editor refuses those anyway).
    return undefined;
  }
}

/** The node at a JSON pointer, if the text has one there. */
export const nodeAt = (root: Node, pointer: string): Node | undefined =>
  pointer === '' || pointer.startsWith('/') ? findNodeAtLocation(root, pathOf(pointer)) : undefined;

/** A value on one line, spaced as people write it: `["2024-06-18", "2024-07-18"]`. */
export const inline = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(inline).join(', ')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.entries(value)
          .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
          .join(', ')}}`
      : JSON.stringify(value);

/** The text's line end: a Windows text keeps its CRLF in what is written into it. */
export const eolOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');

/** Where the line holding `offset` starts. */
export const lineStartOf = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;

/** Where the line holding `offset` ends (before its `\r\n` or `\n`). */
export function lineEndOf(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  if (nl < 0) return text.length;
  return nl > 0 && text[nl - 1] === '\r' ? nl - 1 : nl;
}

/** The whitespace before `offset` on its line, when nothing else is: the node starts a line of its own. */
export function ownLineIndent(text: string, offset: number): string | undefined {
  const start = lineStartOf(text, offset);
  const before = text.slice(start, offset);
  return start > 0 && /^[ \t]*$/.test(before) ? before : undefined;
}

/**
 * The text's indent step: a tab when lines are indented with tabs, else the number of spaces a
 * line most often goes in by from the one above (2 when nothing says).
 */
export function indentUnitOf(text: string): string {
  const counts = new Map<number, number>();
  let previous = 0;
  for (const line of text.split('\n')) {
    const lead = /^[ \t]*/.exec(line)?.[0] ?? '';
    if (lead.length === line.replace(/\r$/, '').length) continue;
    if (lead.startsWith('\t')) return '\t';
    if (lead.length > previous) counts.set(lead.length - previous, (counts.get(lead.length - previous) ?? 0) + 1);
    previous = lead.length;
  }
  let best = 2;
  let most = 0;
  for (const [step, n] of counts) if (n > most || (n === most && step < best)) [best, most] = [step, n];
  return ' '.repeat(best);
}

/**
 * The edit that sets `key` of the object `node` to `value`: its value replaced if it has one,
 * else a property added after the last one — on a line of its own, indented as that one, when
 * the object's properties are on lines of their own.
 */
export function setProperty(text: string, node: Node, key: string, value: unknown): TextEdit {
  const existing = node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
  if (existing) return { offset: existing.offset, length: existing.length, content: inline(value) };
  return addProperties(text, node, [[key, value]]);
}

/** The edit that adds properties after the object's last one (one edit, so several keep their order). */
export function addProperties(text: string, node: Node, entries: readonly (readonly [string, unknown])[]): TextEdit {
  const last = node.children?.at(-1);
  const properties = entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`);
  if (!last) return { offset: node.offset + 1, length: node.length - 2, content: properties.join(', ') };
  const before = ownLineIndent(text, last.offset);
  const ownLine = before !== undefined && lineStartOf(text, last.offset) > node.offset;
  const eol = eolOf(text);
  return {
    offset: last.offset + last.length,
    length: 0,
    content: ownLine
      ? properties.map((p) => `,${eol}${before}${p}`).join('')
      : properties.map((p) => `, ${p}`).join(''),
  };
}
