import { findKeys, findStringValues, rangeOfPointer, type ParsedDocument } from './parse';
import type { Range } from './problem';

/**
 * Vega-Lite and Vega log plain messages without a path. Guess the place in the text they talk
 * about: a channel they name, or a quoted field, URL or expression that appears in the spec.
 * Falls back to the start of the spec.
 */
export function locateMessage(doc: ParsedDocument, message: string): { path: string; range: Range } {
  const channel = /channel "?([a-zA-Z0-9]+)"?/.exec(message);
  if (channel) {
    const keys = findKeys(doc, channel[1]!, 1);
    if (keys[0]) return { path: keys[0], range: rangeOfPointer(doc, keys[0], 'key') };
  }
  // Quoted fragments, longest first: a URL or a field name is more telling than a short word.
  const quoted = [...message.matchAll(/"([^"]{2,200})"|'([^']{2,200})'/g)]
    .map((m) => m[1] ?? m[2]!)
    .sort((a, b) => b.length - a.length);
  for (const q of quoted) {
    const hits = findStringValues(doc, (s) => s === q, 1);
    if (hits[0]) return { path: hits[0], range: rangeOfPointer(doc, hits[0]) };
  }
  // Loader errors name the URL unquoted ("Loading failed: data/x.json ...").
  const url = /(?:^|\s)((?:https?:\/\/|\.{0,2}\/)?[\w./%-]+\.(?:json|csv|tsv|dsv|txt|arrow|topojson|geojson|parquet))\b/i.exec(message);
  if (url) {
    const u = url[1]!;
    const hits = findStringValues(doc, (s) => s === u || s.endsWith(u) || u.endsWith(s), 1);
    if (hits[0]) return { path: hits[0], range: rangeOfPointer(doc, hits[0]) };
  }
  // Expression errors quote part of the expression: find a string that contains it.
  for (const q of quoted) {
    const hits = findStringValues(doc, (s) => s.length > q.length && s.includes(q), 1);
    if (hits[0]) return { path: hits[0], range: rangeOfPointer(doc, hits[0]) };
  }
  return { path: '', range: rangeOfPointer(doc, '') };
}
