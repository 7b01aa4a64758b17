/**
 * Chartspec's limits, in one place (SECURITY.md lists them). Each keeps a page responsive and a
 * worker within its memory when a text is far beyond any chart spec; each, when hit, is named in
 * a Problem with the figures, and the text itself is always kept.
 */

/** The longest spec text drawn, in UTF-8 bytes. Bigger data belongs in a data file (`data.url`). */
export const MAX_TEXT_BYTES = 10 * 1024 * 1024;

/** How deep objects and arrays may nest; deeper texts would overflow the recursive parser. */
export const MAX_DEPTH = 512;

/**
 * Whether `text` nests objects and arrays deeper than `limit`, counting the brackets outside
 * strings and comments: a scan of the characters, no parse (the editor asks on every pasted
 * bracket). Unbalanced text counts as far as it goes.
 */
export function nestsDeeperThan(text: string, limit = MAX_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote (escapes skipped) or the line's end.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22 || d === 0x0a) break;
      }
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return false;
}

/**
 * The most inline data rows (items of all `values` arrays together). Each row becomes several
 * syntax-tree nodes, a compiled copy and marks on screen; 100,000 rows already take seconds.
 */
export const MAX_INLINE_ROWS = 100_000;

/** How long a data URL may take to start answering (until its headers arrive). */
export const DATA_RESPONSE_TIMEOUT_MS = 20_000;

const MB = 1024 * 1024;

/** `52.4 MB`: sizes as the messages say them. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** UTF-8 length of a text, without building the bytes. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** The size of a text when it is over MAX_TEXT_BYTES, else undefined (cheap for short texts). */
export function oversize(text: string): number | undefined {
  // UTF-8 never takes fewer bytes than UTF-16 code units, nor more than three per unit.
  if (text.length * 3 <= MAX_TEXT_BYTES) return undefined;
  if (text.length > MAX_TEXT_BYTES) return utf8Length(text);
  const bytes = utf8Length(text);
  return bytes > MAX_TEXT_BYTES ? bytes : undefined;
}

export const limitMessages = {
  text: (bytes: number) =>
    `This spec is ${formatBytes(bytes)}; Chartspec draws specs up to ${formatBytes(MAX_TEXT_BYTES)} — the text is kept. Put big data in a file and name it with "data": {"url": …}`,
  depth: () =>
    `Nesting is deeper than ${MAX_DEPTH} levels (Chartspec's limit): no chart spec needs that — the text is kept`,
  rows: (rows: number) =>
    `The inline data has more than ${MAX_INLINE_ROWS.toLocaleString('en-US')} rows (Chartspec's limit for "values"; counted ${rows.toLocaleString('en-US')} so far) — the text is kept. Put the rows in a file and name it with "data": {"url": …}`,
  dataTimeout: () =>
    `no answer within ${DATA_RESPONSE_TIMEOUT_MS / 1000} s (Chartspec's limit for a data URL to start answering)`,
};

/**
 * What a walk answers past MAX_DEPTH when no answer would be right: the parser never yields such
 * a value, so one built in code fails loudly here instead of overflowing the stack or being
 * read in part.
 */
export function tooDeep(): never {
  throw new RangeError(limitMessages.depth());
}
