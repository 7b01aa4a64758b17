import { parseExpression } from 'vega-expression';
import { findKeys, findStringValues, rangeOfPointer, type ParsedDocument } from './parse';
import type { Range } from './problem';

/**
 * Vega-Lite and Vega log plain messages without a path. Guess the place in the text they talk
 * about: a channel they name, or a quoted field, URL or expression that appears in the spec.
 * Falls back to the start of the spec.
 */
/** The ways vega-lite's warnings name a channel. */
const CHANNEL_PATTERNS = [
  /\bchannel "?([a-zA-Z0-9]+)"?/i,
  /^([a-zA-Z0-9]+) dropped as it is incompatible/,
  /^([a-zA-Z0-9]+)-encoding is dropped/,
  /^Dropping .* from channel "?([a-zA-Z0-9]+)"?/,
];

/** Properties whose string values are Vega expressions. */
const EXPRESSION_KEYS = new Set(['expr', 'filter', 'calculate', 'test', 'update', 'signal']);

/** Pointers of strings under expression properties that Vega cannot parse, in text order. */
export function findBadExpressions(doc: ParsedDocument): string[] {
  return findStringValues(doc, () => true, 10_000).filter((pointer) => {
    const key = pointer.slice(pointer.lastIndexOf('/') + 1);
    if (!EXPRESSION_KEYS.has(key)) return false;
    const value = valueAt(doc.value, pointer);
    if (typeof value !== 'string') return false;
    try {
      parseExpression(value);
      return false;
    } catch {
      return true;
    }
  });
}

function valueAt(root: unknown, pointer: string): unknown {
  let v: unknown = root;
  for (const seg of pointer.slice(1).split('/')) {
    const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Pointers of a channel: keys named so directly under an `encoding` object. */
function channelKeys(doc: ParsedDocument, channel: string): string[] {
  return findKeys(doc, channel, 50).filter((p) => p.endsWith(`/encoding/${channel}`) || p === `/encoding/${channel}`);
}

export function locateMessage(doc: ParsedDocument, message: string): { path: string; range: Range } {
  for (const pattern of CHANNEL_PATTERNS) {
    const m = pattern.exec(message);
    if (!m) continue;
    const keys = channelKeys(doc, m[1]!);
    if (keys[0]) return { path: keys[0], range: rangeOfPointer(doc, keys[0], 'key') };
  }
  const field = /\bfield "([^"]+)"/.exec(message);
  if (field) {
    const hits = findStringValues(doc, (s) => s === field[1], 50).filter((p) => p.endsWith('/field'));
    if (hits[0]) return { path: hits[0], range: rangeOfPointer(doc, hits[0]) };
  }
  // An expression that does not parse: the parser's message quotes nothing we can find.
  if (/^(Unexpected|Unterminated|Illegal|Invalid|Expected|Unrecognized)\b|[Ee]xpression/.test(message)) {
    const bad = findBadExpressions(doc)[0];
    if (bad) return { path: bad, range: rangeOfPointer(doc, bad) };
  }
  // Quoted fragments, longest first: a URL or a field name is more telling than a short word.
  const quoted = [...message.matchAll(/"([^"]*)"|'([^']*)'/g)]
    .map((m) => m[1] ?? m[2]!)
    .filter((q) => q.length >= 2 && q.length <= 200)
    .sort((a, b) => b.length - a.length);
  for (const q of quoted) {
    const hits = findStringValues(doc, (s) => s === q, 1);
    if (hits[0]) return { path: hits[0], range: rangeOfPointer(doc, hits[0]) };
  }
  // Loader errors name the URL unquoted, right after what failed.
  const failed = /^(?:Loading failed|Data ingestion failed):? (\S+)/.exec(message);
  if (failed) {
    const u = failed[1]!;
    const hits = findStringValues(doc, (s) => s === u || s.endsWith(u) || u.endsWith(s), 1);
    if (hits[0]) return { path: hits[0], range: rangeOfPointer(doc, hits[0]) };
  }
  const url =
    /(?:^|\s)((?:https?:\/\/|\.{0,2}\/)?[\w./%-]+\.(?:json|csv|tsv|dsv|txt|arrow|topojson|geojson|parquet))\b/i.exec(
      message,
    );
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
