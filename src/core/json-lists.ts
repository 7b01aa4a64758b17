/**
 * Adding an element to a JSON array (or removing one from an array or object) in its text, with
 * the separating comma, laid out like its neighbours: on a line of its own when they are, else on
 * their line. Comments and trailing commas (JSONC) stay where they are.
 */
import { createScanner, SyntaxKind, type Node } from 'jsonc-parser';
import { eolOf, lineStartOf, ownLineIndent, type TextEdit } from './json-text';

const end = (node: Node) => node.offset + node.length;

/** Where the comma right after `node` is (comments may come between), if there is one. */
function commaAfter(text: string, node: Node): number | undefined {
  const scanner = createScanner(text, false);
  scanner.setPosition(end(node));
  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.CommaToken) return scanner.getTokenOffset();
    if (
      kind !== SyntaxKind.Trivia &&
      kind !== SyntaxKind.LineBreakTrivia &&
      kind !== SyntaxKind.LineCommentTrivia &&
      kind !== SyntaxKind.BlockCommentTrivia
    )
      return undefined;
  }
}

/**
 * Where the line goes on after `offset` when only blanks and comments follow on it (the offset
 * of its line break, or the text's end), else undefined: something else shares the line.
 */
function lineEndAfter(text: string, offset: number): number | undefined {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  for (;;) {
    const kind = scanner.scan();
    const at = scanner.getTokenOffset();
    if (kind === SyntaxKind.LineBreakTrivia || kind === SyntaxKind.EOF) return at;
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineCommentTrivia) continue;
    // A block comment that runs on to another line ends this one inside itself.
    if (kind === SyntaxKind.BlockCommentTrivia && !/[\r\n]/.test(text.slice(at, scanner.getPosition()))) continue;
    return undefined;
  }
}

/** The element's own-line layout: its indent and where its line (with its comma and comments) ends. */
function ownLine(text: string, list: Node, node: Node, comma: number | undefined) {
  const indent = ownLineIndent(text, node.offset);
  if (indent === undefined || lineStartOf(text, node.offset) <= list.offset) return undefined;
  const lineEnd = lineEndAfter(text, comma === undefined ? end(node) : comma + 1);
  return lineEnd === undefined ? undefined : { indent, lineEnd };
}

/** An insertion: its edits, and where the element's text starts in the text after them. */
export interface Insertion {
  edits: TextEdit[];
  offset: number;
}

/**
 * Adds an element after the `index`-th one of `list`. `element(indent)` writes it: `indent` is
 * its neighbours' when they stand on lines of their own (the element goes on a new line after
 * theirs), undefined when they share a line (it goes after them there).
 */
export function insertAfter(
  text: string,
  list: Node,
  index: number,
  element: (indent: string | undefined) => string,
): Insertion {
  const node = list.children![index]!;
  const comma = commaAfter(text, node);
  const line = ownLine(text, list, node, comma);
  const content = element(line?.indent);
  if (line) {
    const lead = eolOf(text) + line.indent;
    // A comma after it already (another element follows, or a trailing comma): the new one takes
    // one too, so the list keeps its style; else the comma goes right after the element.
    if (comma !== undefined)
      return {
        edits: [{ offset: line.lineEnd, length: 0, content: lead + content + ',' }],
        offset: line.lineEnd + lead.length,
      };
    if (line.lineEnd === end(node))
      return {
        edits: [{ offset: end(node), length: 0, content: ',' + lead + content }],
        offset: end(node) + 1 + lead.length,
      };
    return {
      edits: [
        { offset: end(node), length: 0, content: ',' },
        { offset: line.lineEnd, length: 0, content: lead + content },
      ],
      offset: line.lineEnd + 1 + lead.length,
    };
  }
  if (comma !== undefined)
    return { edits: [{ offset: comma + 1, length: 0, content: ' ' + content + ',' }], offset: comma + 2 };
  return { edits: [{ offset: end(node), length: 0, content: ', ' + content }], offset: end(node) + 2 };
}

/** Adds an element at the end of an array (into `[]` when it is empty). */
export function append(text: string, list: Node, element: (indent: string | undefined) => string): Insertion {
  const count = list.children?.length ?? 0;
  if (count > 0) return insertAfter(text, list, count - 1, element);
  return { edits: [{ offset: list.offset + 1, length: 0, content: element(undefined) }], offset: list.offset + 1 };
}

/**
 * Removes the `index`-th child of an array or object (an element, or a property) with the comma
 * that separates it: its whole line when it stands on one (with a comment after it on that line),
 * else just it and its comma; comments on lines of their own stay.
 */
export function removeAt(text: string, list: Node, index: number): TextEdit[] {
  const children = list.children ?? [];
  const node = children[index]!;
  const previous = children[index - 1];
  const next = children[index + 1];
  const comma = commaAfter(text, node);
  const previousComma = previous && commaAfter(text, previous);
  const line = ownLine(text, list, node, comma);
  if (line) {
    const from = lineStartOf(text, node.offset);
    const to = text.startsWith('\r\n', line.lineEnd)
      ? line.lineEnd + 2
      : line.lineEnd + (line.lineEnd < text.length ? 1 : 0);
    const edits: TextEdit[] = [{ offset: from, length: to - from, content: '' }];
    // The last of several, without a trailing comma: the one before it becomes the last, without its comma.
    if (comma === undefined && previousComma !== undefined)
      edits.unshift({ offset: previousComma, length: 1, content: '' });
    return edits;
  }
  if (comma !== undefined && next) return [{ offset: node.offset, length: next.offset - node.offset, content: '' }];
  if (previousComma !== undefined) {
    // The last one: from the comma before it (a trailing comma after it stays as the list's).
    const stop = comma === undefined ? end(node) : comma;
    return [{ offset: previousComma, length: stop - previousComma, content: '' }];
  }
  return [{ offset: node.offset, length: (comma === undefined ? end(node) : comma + 1) - node.offset, content: '' }];
}
