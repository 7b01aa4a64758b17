import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

/** Where a spec that arrives by link came from. */
export type LinkSource = 'share' | 'vega-editor';

export type HashRoute =
  /** `vega`: a Vega Editor link in Vega mode, whose text may still need Vega's `$schema` (see `linkText`). */
  | { kind: 'spec'; text: string; source: LinkSource; vega?: true }
  | { kind: 'example'; name: string }
  | { kind: 'gallery' }
  | { kind: 'invalid'; message: string }
  | { kind: 'none' };

const SHARE_PREFIX = '#/s/';
/** The Vega Editor's own link format: `#/url/<mode>/<lz-string>`, sometimes followed by `/view`. */
const VEGA_EDITOR = /^#\/url\/(vega-lite|vega)\/([^/]*)(?:\/.*)?$/;
const EXAMPLE = /^#\/example\/([\w.-]+)$/;

export const VEGA_SCHEMA = 'https://vega.github.io/schema/vega/v6.json';

/**
 * Links longer than this are cut short or refused by some chat tools, mail clients and
 * servers (2,000-odd characters is the classic limit); the share panel says so.
 */
export const LINK_WARN_LENGTH = 2000;

/** The link fragment that carries a spec: `#/s/<lz-string>`. */
export function encodeShareHash(text: string): string {
  return SHARE_PREFIX + compressToEncodedURIComponent(text);
}

export interface ShareLink {
  url: string;
  /** Characters in the whole link. */
  length: number;
  /** Set when the link is long enough to be cut short in chat tools. */
  warning?: string;
}

/** A link to this page that opens `text`, with its length and a warning when it is too long. */
export function shareLink(text: string, base: string): ShareLink {
  const url = base.replace(/#.*$/, '') + encodeShareHash(text);
  const length = url.length;
  const warning =
    length > LINK_WARN_LENGTH
      ? `This link is ${length.toLocaleString('en')} characters long: chat tools and mail clients often cut links over ${LINK_WARN_LENGTH.toLocaleString('en')} characters. Save the spec to a file and send that instead.`
      : undefined;
  return { url, length, warning };
}

function decompress(payload: string): string | null {
  try {
    return decompressFromEncodedURIComponent(payload);
  } catch {
    return null;
  }
}

const DAMAGED = 'This link is damaged (perhaps cut short when it was copied): its spec could not be read.';

/** Reads a location hash. Damaged links give a message, never an exception. */
export function decodeHash(hash: string): HashRoute {
  if (hash === '#/gallery' || hash === '#/gallery/') return { kind: 'gallery' };
  const example = EXAMPLE.exec(hash);
  if (example) return { kind: 'example', name: example[1]! };
  const editor = VEGA_EDITOR.exec(hash);
  if (editor) {
    const payload = editor[2]!;
    if (payload === '') return { kind: 'invalid', message: 'This Vega Editor link carries no spec.' };
    const text = decompress(payload);
    if (text === null || text === '') return { kind: 'invalid', message: DAMAGED };
    return { kind: 'spec', text, source: 'vega-editor', ...(editor[1] === 'vega' ? { vega: true as const } : {}) };
  }
  if (!hash.startsWith(SHARE_PREFIX)) return { kind: 'none' };
  const payload = hash.slice(SHARE_PREFIX.length);
  if (payload === '') return { kind: 'invalid', message: 'This link carries no spec.' };
  const text = decompress(payload);
  if (text === null || text === '') return { kind: 'invalid', message: DAMAGED };
  return { kind: 'spec', text, source: 'share' };
}

/**
 * The text a spec link opens: as it came, or for a Vega Editor link in Vega mode with Vega's
 * `$schema` (src/io/vega-link.ts, loaded only then: its JSON editing is not needed at start).
 */
export async function linkText(route: { text: string; vega?: true }): Promise<string> {
  if (!route.vega) return route.text;
  const { withVegaSchema } = await import('./vega-link');
  return withVegaSchema(route.text, VEGA_SCHEMA);
}
