import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

export type HashRoute =
  | { kind: 'spec'; text: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'none' };

const SHARE_PREFIX = '#/s/';

/** The link fragment that carries a spec: `#/s/<lz-string>`. */
export function encodeShareHash(text: string): string {
  return SHARE_PREFIX + compressToEncodedURIComponent(text);
}

/** Reads a location hash. Damaged links give a message, never an exception. */
export function decodeHash(hash: string): HashRoute {
  if (!hash.startsWith(SHARE_PREFIX)) return { kind: 'none' };
  const payload = hash.slice(SHARE_PREFIX.length);
  if (payload === '') return { kind: 'invalid', message: 'This link carries no spec.' };
  let text: string | null = null;
  try {
    text = decompressFromEncodedURIComponent(payload);
  } catch {
    text = null;
  }
  if (text === null || text === '') {
    return { kind: 'invalid', message: 'This link is damaged (perhaps cut short when it was copied): its spec could not be read.' };
  }
  return { kind: 'spec', text };
}
