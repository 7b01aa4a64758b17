import { expandMarks } from './expand';
import { marks } from './marks/index';
import { parseDocument } from './parse';

/**
 * The committed expansion of an example (examples/normalized/<name>): plain Vega-Lite that
 * opens in any Vega tool, kept in the repository so a change to a mark shows in review. Also the
 * standard Vega-Lite export, so it is expanded for export (the crosshair drawn by Vega-Lite).
 */
export function normalizedExampleText(text: string): string {
  const doc = parseDocument(text);
  const { spec } = expandMarks(doc.value, doc, marks, { target: 'export' });
  const plain = { ...(spec as Record<string, unknown>), $schema: 'https://vega.github.io/schema/vega-lite/v6.json' };
  return JSON.stringify(plain, null, 2) + '\n';
}
