import type { Spec as VegaSpec } from 'vega';
import type { ParsedDocument } from './parse';
import { findKeys, rangeOfPointer } from './parse';
import type { Problem } from './problem';

/**
 * Makes a compiled Vega spec safe to hand to the renderer. `usermeta.embedOptions` would let a
 * spec change how the app embeds it (switch the expression interpreter off, move the data
 * loader, turn actions on): it is removed, with a warning at its place in the text.
 */
export function prepareForRender(vega: VegaSpec, doc: ParsedDocument): { vega: VegaSpec; problems: Problem[] } {
  const usermeta = (vega as { usermeta?: Record<string, unknown> }).usermeta;
  if (!usermeta || typeof usermeta !== 'object' || !('embedOptions' in usermeta)) return { vega, problems: [] };
  const { embedOptions: _dropped, ...rest } = usermeta;
  // In the text it sits at /usermeta/embedOptions (for Vega and for Vega-Lite, which copies it).
  const direct = '/usermeta/embedOptions';
  const path = findKeys(doc, 'embedOptions', 50).find((p) => p === direct) ?? findKeys(doc, 'embedOptions', 1)[0] ?? '';
  return {
    vega: { ...vega, usermeta: rest } as VegaSpec,
    problems: [
      {
        severity: 'warning',
        message: 'usermeta.embedOptions is ignored: a spec cannot change how Chartspec draws it',
        source: 'compile',
        path,
        range: rangeOfPointer(doc, path, 'key'),
      },
    ],
  };
}
