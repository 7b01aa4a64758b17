import { applyEdits, modify, parseTree } from 'jsonc-parser';

/**
 * The Vega Editor says in the link whether a spec is Vega; Chartspec reads it from `$schema`.
 * A Vega spec without one gets Vega's `$schema` as its first property (an edit of the text, as
 * the editor would make it; the values are untouched). `schema`: Vega's (src/io/share.ts).
 */
export function withVegaSchema(text: string, schema: string): string {
  const root = parseTree(text);
  if (!root || root.type !== 'object') return text;
  if (root.children?.some((p) => p.children?.[0]?.value === '$schema')) return text;
  const edits = modify(text, ['$schema'], schema, {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' },
    getInsertionIndex: () => 0,
  });
  return applyEdits(text, edits);
}
