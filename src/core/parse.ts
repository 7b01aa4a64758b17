import {
  createScanner,
  parseTree,
  ParseErrorCode,
  SyntaxKind,
  type Node as JsonNode,
  type ParseError,
} from 'jsonc-parser';
import type { Problem } from './problem';
import { LineIndex } from './text';
import { fromPointer, toPointer, type PathSegment } from './pointer';
import { limitMessages, MAX_DEPTH, MAX_INLINE_ROWS, oversize, tooDeep } from './limits';
import { boundedWalk } from './walk';

export type { JsonNode };
export { MAX_DEPTH };

/** The parsed text: the value, the syntax tree with offsets, and what parsing found. */
export interface ParsedDocument {
  readonly text: string;
  readonly lines: LineIndex;
  readonly root: JsonNode | undefined;
  /** The spec as a plain value (`undefined` when the text holds no value). */
  readonly value: unknown;
  readonly problems: Problem[];
  /** True when the text has no syntax error (warnings about comments allowed). */
  readonly ok: boolean;
}

const parseMessages: Record<number, string> = {
  [ParseErrorCode.InvalidSymbol]: 'Unexpected character',
  [ParseErrorCode.InvalidNumberFormat]: 'This number is not valid JSON',
  [ParseErrorCode.PropertyNameExpected]: 'Expected a property name in double quotes',
  [ParseErrorCode.ValueExpected]: 'Expected a value',
  [ParseErrorCode.ColonExpected]: "Expected ':' after the property name",
  [ParseErrorCode.CommaExpected]: "Expected ',' before this",
  [ParseErrorCode.CloseBraceExpected]: "Expected '}' to close the object",
  [ParseErrorCode.CloseBracketExpected]: "Expected ']' to close the array",
  [ParseErrorCode.EndOfFileExpected]: 'Unexpected text after the end of the spec',
  [ParseErrorCode.InvalidCommentToken]: 'Invalid comment',
  [ParseErrorCode.UnexpectedEndOfComment]: "Comment is not closed: expected '*/'",
  [ParseErrorCode.UnexpectedEndOfString]: "String is not closed: expected '\"'",
  [ParseErrorCode.UnexpectedEndOfNumber]: 'Number ends too early',
  [ParseErrorCode.InvalidUnicode]: 'Invalid unicode escape (expected \\uXXXX)',
  [ParseErrorCode.InvalidEscapeCharacter]: 'Invalid escape character in string',
  [ParseErrorCode.InvalidCharacter]: 'Control character in string: write it escaped (\\n, \\t)',
};

/** The parser's complaint, said for the mistakes people make most. */
function syntaxMessage(text: string, e: ParseError, root: JsonNode | undefined): string {
  const token = text.slice(e.offset, e.offset + e.length);
  if (e.error === ParseErrorCode.InvalidSymbol) {
    if (root && e.offset >= root.offset + root.length) return parseMessages[ParseErrorCode.EndOfFileExpected]!;
    if (token.startsWith("'")) return `JSON needs double quotes: write "${token.replace(/^'|'$/g, '')}", not ${token}`;
    if (/^[A-Za-z_$][\w$]*$/.test(token)) {
      const after = text.slice(e.offset + e.length).trimStart();
      if (after.startsWith(':')) return `Property names need double quotes: write "${token}"`;
      return `Unexpected word ${token}: strings need double quotes ("${token}")`;
    }
  }
  return parseMessages[e.error] ?? 'Syntax error';
}

function problemAt(
  lines: LineIndex,
  severity: Problem['severity'],
  message: string,
  offset: number,
  length: number,
  path = '',
): Problem {
  return { severity, message, source: 'parse', path, range: lines.range(offset, length) };
}

const VALUE_START = new Set([
  SyntaxKind.OpenBraceToken,
  SyntaxKind.OpenBracketToken,
  SyntaxKind.StringLiteral,
  SyntaxKind.NumericLiteral,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
]);

/** Where the text is over a limit the tree parser must not meet. */
type Overrun = { limit: 'depth'; offset: number } | { limit: 'rows'; offset: number; rows: number };

/**
 * One pass of the scanner, without recursion: finds comments, trailing commas, nesting too
 * deep for the tree parser and more inline data rows than Chartspec draws (items of arrays
 * under a `values` key), before any tree is built.
 */
function scan(text: string, lines: LineIndex, problems: Problem[]): Overrun | undefined {
  const scanner = createScanner(text, false);
  let depth = 0;
  let firstComment = true;
  let pendingComma: { offset: number } | undefined;
  // For each open container: is it an array under a "values" key?
  const inValues: boolean[] = [];
  let lastString: string | undefined;
  let afterColonKey: string | undefined;
  let rows = 0;
  let firstValues: number | undefined;
  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF)
      return rows > MAX_INLINE_ROWS ? { limit: 'rows', offset: firstValues ?? 0, rows } : undefined;
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) {
      if (firstComment) {
        problems.push(
          problemAt(
            lines,
            'warning',
            'Comments are not standard JSON: Chartspec keeps them here, but other tools may reject the file',
            scanner.getTokenOffset(),
            scanner.getTokenLength(),
          ),
        );
        firstComment = false;
      }
      continue;
    }
    if (pendingComma && (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken)) {
      problems.push(
        problemAt(
          lines,
          'warning',
          'Trailing comma: standard JSON does not allow a comma before a closing bracket',
          pendingComma.offset,
          1,
        ),
      );
    }
    pendingComma = kind === SyntaxKind.CommaToken ? { offset: scanner.getTokenOffset() } : undefined;
    if (inValues[inValues.length - 1] && VALUE_START.has(kind)) rows++;
    const key = afterColonKey;
    afterColonKey = kind === SyntaxKind.ColonToken ? lastString : undefined;
    lastString = kind === SyntaxKind.StringLiteral ? scanner.getTokenValue() : undefined;
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      depth++;
      if (depth > MAX_DEPTH) return { limit: 'depth', offset: scanner.getTokenOffset() };
      const values = kind === SyntaxKind.OpenBracketToken && key === 'values';
      if (values) firstValues ??= scanner.getTokenOffset();
      inValues.push(values);
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
      depth = Math.max(0, depth - 1);
      inValues.pop();
    }
  }
}

/**
 * Builds the plain value from the tree. Keys such as `__proto__` become own properties rather
 * than changing an object's prototype, and later duplicates win, as in `JSON.parse`.
 */
const toValue = boundedWalk<[LineIndex, Problem[], PathSegment[]], unknown>((at, next, lines, problems, path) => {
  const node = at as JsonNode;
  switch (node.type) {
    case 'object': {
      const obj: Record<string, unknown> = {};
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const keyNode = prop.children?.[0];
        const valueNode = prop.children?.[1];
        if (!keyNode || typeof keyNode.value !== 'string') continue;
        const key = keyNode.value;
        if (seen.has(key)) {
          problems.push(
            problemAt(
              lines,
              'warning',
              `Duplicate property "${key}": this later one wins`,
              keyNode.offset,
              keyNode.length,
              toPointer([...path, key]),
            ),
          );
        }
        seen.add(key);
        const v = valueNode ? next(valueNode, lines, problems, [...path, key]) : undefined;
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return obj;
    }
    case 'array':
      return (node.children ?? []).map((child, i) => next(child, lines, problems, [...path, i]));
    default:
      return node.value;
  }
}, tooDeep);

/**
 * Where a key ends in the text: a closing quote, then a colon. Every key matches once; a string
 * value can hold `\":` too, which only makes the count larger.
 */
const KEY_END = /"[ \t\n\r]*:/g;

/**
 * The spec's value the quick way, for the common text that is plain JSON with none of the
 * remarks the tree parser makes: the browser's own `JSON.parse`, then one walk of the value for
 * the limits (depth, inline rows) and for duplicate keys, which `JSON.parse` drops without a
 * word — the text must hold exactly as many keys as the value. Undefined whenever the careful
 * parse has something to say (a syntax error, comments, trailing commas, a duplicate, a limit,
 * a root that is not an object): then that parse runs and says it.
 */
function plainValue(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  let keys = 0;
  let rows = 0;
  const stack: { node: object; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) return undefined;
    if (Array.isArray(node)) {
      for (const item of node)
        if (item !== null && typeof item === 'object') stack.push({ node: item as object, depth: depth + 1 });
      continue;
    }
    const names = Object.keys(node);
    keys += names.length;
    for (const name of names) {
      const item = (node as Record<string, unknown>)[name];
      if (item === null || typeof item !== 'object') continue;
      if (name === 'values' && Array.isArray(item)) rows += item.length;
      stack.push({ node: item, depth: depth + 1 });
    }
  }
  if (rows > MAX_INLINE_ROWS) return undefined;
  let found = 0;
  KEY_END.lastIndex = 0;
  while (KEY_END.exec(text)) if (++found > keys) return undefined;
  return found === keys ? (value as Record<string, unknown>) : undefined;
}

const treeOf = (text: string) => parseTree(text, [], { allowTrailingComma: true, disallowComments: false });

/**
 * Parses spec text, tolerating comments and trailing commas (each with a warning). Plain JSON
 * takes the quick way (`plainValue`), and its syntax tree, which only placing a problem needs,
 * is built when first asked for; `careful: true` always builds it (tests compare the two).
 */
export function parseDocument(text: string, options: { careful?: boolean } = {}): ParsedDocument {
  const lines = new LineIndex(text);
  const problems: Problem[] = [];

  if (!options.careful && text.length > 0 && oversize(text) === undefined) {
    const value = plainValue(text);
    if (value) {
      let root: JsonNode | undefined | null = null;
      return {
        text,
        lines,
        get root() {
          if (root === null) root = treeOf(text);
          return root;
        },
        value,
        problems,
        ok: true,
      };
    }
  }

  if (text.trim() === '') {
    problems.push(problemAt(lines, 'error', 'The spec is empty: write a JSON object such as {"mark": "bar"}', 0, 0));
    return { text, lines, root: undefined, value: undefined, problems, ok: false };
  }

  // Limits first: past them the tree would cost more memory and time than a page can spare.
  const bytes = oversize(text);
  if (bytes !== undefined) {
    problems.push(problemAt(lines, 'error', limitMessages.text(bytes), 0, 0));
    return { text, lines, root: undefined, value: undefined, problems, ok: false };
  }
  const overrun = scan(text, lines, problems);
  if (overrun) {
    const message = overrun.limit === 'depth' ? limitMessages.depth() : limitMessages.rows(overrun.rows);
    problems.push(problemAt(lines, 'error', message, overrun.offset, 1));
    return { text, lines, root: undefined, value: undefined, problems, ok: false };
  }

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  // Only the first syntax error: after it the parser guesses how to go on, and what it reports
  // next is mostly the same mistake again (single quotes give four errors otherwise). Once the
  // first is fixed, the next real one shows.
  const first = errors[0];
  if (first) problems.push(problemAt(lines, 'error', syntaxMessage(text, first, root), first.offset, first.length));
  const value = root ? toValue(root, lines, problems, []) : undefined;
  if (errors.length === 0 && root && root.type !== 'object') {
    problems.push(
      problemAt(
        lines,
        'error',
        `A spec must be a JSON object, not ${root.type === 'array' ? 'an array' : 'a ' + root.type}`,
        root.offset,
        root.length,
      ),
    );
  }
  const ok = !problems.some((p) => p.severity === 'error');
  return { text, lines, root, value, problems, ok };
}

function childByKey(node: JsonNode, key: string): JsonNode | undefined {
  // The last property with that key is the one that counts.
  const props = node.children ?? [];
  for (let i = props.length - 1; i >= 0; i--) {
    const prop = props[i]!;
    if (prop.children?.[0]?.value === key) return prop;
  }
  return undefined;
}

/**
 * The text range for a JSON pointer. `part: 'key'` gives the property name (for "unknown
 * property" problems), `'value'` the value. Falls back to the nearest existing ancestor.
 */
export function rangeOfPointer(doc: ParsedDocument, pointer: string, part: 'key' | 'value' = 'value') {
  const segments = fromPointer(pointer);
  let node = doc.root;
  let propNode: JsonNode | undefined;
  for (const seg of segments) {
    if (!node) break;
    if (node.type === 'object') {
      const prop = childByKey(node, seg);
      if (!prop) break;
      propNode = prop;
      node = prop.children?.[1];
    } else if (node.type === 'array') {
      const child = node.children?.[Number(seg)];
      if (!child) break;
      propNode = undefined;
      node = child;
    } else break;
  }
  if (!node) return doc.lines.range(0, 0);
  const target = part === 'key' && propNode && propNode.children?.[1] === node ? propNode.children[0]! : node;
  // A whole object or array is too big to underline: mark its first line only.
  if (target.type === 'object' || target.type === 'array') {
    const rest = doc.text.slice(target.offset, target.offset + target.length);
    const nl = rest.search(/[\r\n]/);
    const end = nl === -1 ? -1 : target.offset + nl;
    const len = end === -1 || end > target.offset + target.length ? target.length : Math.max(1, end - target.offset);
    return doc.lines.range(target.offset, len);
  }
  return doc.lines.range(target.offset, target.length);
}

/** Depth-first search for string values equal to `needle`; returns their pointers. */
export function findStringValues(doc: ParsedDocument, predicate: (s: string) => boolean, limit = 5): string[] {
  const out: string[] = [];
  const walk = boundedWalk<[PathSegment[]], void>((at, next, path) => {
    const node = at as JsonNode | undefined;
    if (!node || out.length >= limit) return;
    if (node.type === 'string' && typeof node.value === 'string' && predicate(node.value)) out.push(toPointer(path));
    else if (node.type === 'object')
      for (const prop of node.children ?? []) {
        const k = prop.children?.[0]?.value;
        if (typeof k === 'string') next(prop.children?.[1], [...path, k]);
      }
    else if (node.type === 'array') node.children?.forEach((c, i) => next(c, [...path, i]));
  }, tooDeep);
  walk(doc.root, []);
  return out;
}

/** Pointers of every property named `key`, in text order. */
export function findKeys(doc: ParsedDocument, key: string, limit = 5): string[] {
  const out: string[] = [];
  const walk = boundedWalk<[PathSegment[]], void>((at, next, path) => {
    const node = at as JsonNode | undefined;
    if (!node || out.length >= limit) return;
    if (node.type === 'object')
      for (const prop of node.children ?? []) {
        const k = prop.children?.[0]?.value;
        if (typeof k !== 'string') continue;
        if (k === key) out.push(toPointer([...path, k]));
        next(prop.children?.[1], [...path, k]);
      }
    else if (node.type === 'array') node.children?.forEach((c, i) => next(c, [...path, i]));
  }, tooDeep);
  walk(doc.root, []);
  return out;
}
