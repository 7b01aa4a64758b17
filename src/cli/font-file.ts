import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

/**
 * Just enough of the OpenType/TrueType format to measure text: the face's name, weight and
 * style (to pick the file a family, weight and style are drawn with), and each character's
 * advance width. The PNG is drawn by resvg with these very files, so a chart laid out with
 * these widths fits what is drawn. Kerning is left out: it moves a label by a fraction of a
 * pixel, not a chart's layout.
 */

/** One face in a font file (a .ttc collection holds several). */
export interface FaceInfo {
  file: string;
  /** Offset of the face's table directory in the file (0 except in collections). */
  offset: number;
  /** The typographic family (`Liberation Sans`, `DejaVu Sans`), lower case. */
  family: string;
  /** 100 … 900. */
  weight: number;
  italic: boolean;
  /** 1 (ultra-condensed) … 9 (ultra-expanded); 5 is normal. */
  stretch: number;
}

/** Reads `length` bytes at `position` of an open file. */
function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

type Tables = Map<string, { offset: number; length: number }>;

function tableDirectory(read: (position: number, length: number) => Buffer, at: number): Tables {
  const tables: Tables = new Map();
  const head = read(at, 12);
  if (head.length < 12) return tables;
  const count = head.readUInt16BE(4);
  const records = read(at + 12, count * 16);
  for (let i = 0; i + 16 <= records.length; i += 16) {
    tables.set(records.toString('latin1', i, i + 4), {
      offset: records.readUInt32BE(i + 8),
      length: records.readUInt32BE(i + 12),
    });
  }
  return tables;
}

/** Offsets of the faces in a file: one, or each face of a collection (`ttcf`). */
function faceOffsets(read: (position: number, length: number) => Buffer): number[] {
  const head = read(0, 12);
  if (head.length < 12) return [];
  if (head.toString('latin1', 0, 4) !== 'ttcf') return [0];
  const count = Math.min(head.readUInt32BE(8), 64);
  const offsets = read(12, count * 4);
  return Array.from({ length: Math.floor(offsets.length / 4) }, (_, i) => offsets.readUInt32BE(i * 4));
}

/** The family name from the `name` table: the typographic family (16) if given, else 1. */
function familyName(name: Buffer): string | undefined {
  if (name.length < 6) return undefined;
  const count = name.readUInt16BE(2);
  const strings = name.readUInt16BE(4);
  let best: { rank: number; value: string } | undefined;
  for (let i = 0; i < count; i++) {
    const r = 6 + i * 12;
    if (r + 12 > name.length) break;
    const platform = name.readUInt16BE(r);
    const language = name.readUInt16BE(r + 4);
    const id = name.readUInt16BE(r + 6);
    const length = name.readUInt16BE(r + 8);
    const start = strings + name.readUInt16BE(r + 10);
    if ((id !== 1 && id !== 16) || start + length > name.length) continue;
    let value: string;
    if (platform === 3 || platform === 0)
      value = name
        .subarray(start, start + length)
        .swap16()
        .toString('utf16le');
    else if (platform === 1) value = name.toString('latin1', start, start + length);
    else continue;
    // Typographic family before legacy family; Windows English before other languages.
    const rank = (id === 16 ? 0 : 4) + (platform === 3 && language === 0x409 ? 0 : platform === 3 ? 1 : 2);
    if (!best || rank < best.rank) best = { rank, value };
  }
  return best?.value.trim().toLowerCase();
}

/**
 * The faces a font file holds, read from its headers only (a few small reads, not the file), so
 * that a system's font folders can be indexed quickly. Empty for a file that is not a font.
 */
export function readFaces(file: string): FaceInfo[] {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return [];
  }
  try {
    const read = (position: number, length: number) => readAt(fd, position, length);
    const faces: FaceInfo[] = [];
    for (const offset of faceOffsets(read)) {
      const tables = tableDirectory(read, offset);
      const nameTable = tables.get('name');
      if (!nameTable || !tables.has('hmtx') || !tables.has('cmap')) continue;
      const family = familyName(read(nameTable.offset, Math.min(nameTable.length, 1 << 16)));
      if (!family) continue;
      const os2Table = tables.get('OS/2');
      const os2 = os2Table ? read(os2Table.offset, 64) : Buffer.alloc(0);
      const weight = os2.length >= 6 ? os2.readUInt16BE(4) : 400;
      const stretch = os2.length >= 8 ? os2.readUInt16BE(6) : 5;
      // fsSelection: bit 0 italic, bit 9 oblique.
      const selection = os2.length >= 64 ? os2.readUInt16BE(62) : 0;
      faces.push({ file, offset, family, weight, italic: (selection & 0x201) !== 0, stretch });
    }
    return faces;
  } catch {
    return [];
  } finally {
    closeSync(fd);
  }
}

/** A face's advance widths: `width(text)` in em (multiply by the font size for pixels). */
export interface FaceMetrics {
  /** The advance of each character, summed, in em; characters the face lacks count 0.6 em. */
  width(text: string): number;
}

/** The glyph of a code point, from a `cmap` subtable of format 4 or 12. */
function glyphLookup(data: Buffer, cmap: number): ((codePoint: number) => number) | undefined {
  const count = data.readUInt16BE(cmap + 2);
  const subtables: { platform: number; encoding: number; offset: number; format: number }[] = [];
  for (let i = 0; i < count; i++) {
    const r = cmap + 4 + i * 8;
    const offset = cmap + data.readUInt32BE(r + 4);
    subtables.push({
      platform: data.readUInt16BE(r),
      encoding: data.readUInt16BE(r + 2),
      offset,
      format: data.readUInt16BE(offset),
    });
  }
  const unicode = (s: (typeof subtables)[number]) =>
    s.platform === 0 || (s.platform === 3 && (s.encoding === 1 || s.encoding === 10));
  const full = subtables.find((s) => unicode(s) && s.format === 12);
  if (full) {
    const groups = data.readUInt32BE(full.offset + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const g = full.offset + 16 + mid * 12;
        if (cp < data.readUInt32BE(g)) hi = mid - 1;
        else if (cp > data.readUInt32BE(g + 4)) lo = mid + 1;
        else return data.readUInt32BE(g + 8) + cp - data.readUInt32BE(g);
      }
      return 0;
    };
  }
  const basic = subtables.find((s) => unicode(s) && s.format === 4);
  if (!basic) return undefined;
  const at = basic.offset;
  const segments = data.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let i = 0; i < segments; i++) {
      if (data.readUInt16BE(ends + i * 2) < cp) continue;
      const start = data.readUInt16BE(starts + i * 2);
      if (start > cp) return 0;
      const delta = data.readUInt16BE(deltas + i * 2);
      const rangeOffset = data.readUInt16BE(rangeOffsets + i * 2);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const glyph = data.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** Reads a face's advance widths; undefined if the file is not a font this reader understands. */
export function readMetrics(face: Pick<FaceInfo, 'file' | 'offset'>): FaceMetrics | undefined {
  try {
    const data = readFileSync(face.file);
    const tables = tableDirectory((position, length) => data.subarray(position, position + length), face.offset);
    const head = tables.get('head');
    const hhea = tables.get('hhea');
    const hmtx = tables.get('hmtx');
    const cmap = tables.get('cmap');
    if (!head || !hhea || !hmtx || !cmap) return undefined;
    const unitsPerEm = data.readUInt16BE(head.offset + 18) || 1000;
    const metricCount = data.readUInt16BE(hhea.offset + 34);
    const glyph = glyphLookup(data, cmap.offset);
    if (!glyph || metricCount === 0) return undefined;
    // Glyphs past the last metric share its advance (monospaced tails).
    const advance = (g: number) => data.readUInt16BE(hmtx.offset + Math.min(g, metricCount - 1) * 4) / unitsPerEm;
    const cache = new Map<number, number>();
    const charWidth = (cp: number) => {
      let w = cache.get(cp);
      if (w === undefined) {
        const g = glyph(cp);
        w = g === 0 ? 0.6 : advance(g);
        cache.set(cp, w);
      }
      return w;
    };
    return {
      width(text) {
        let sum = 0;
        for (const ch of text) sum += charWidth(ch.codePointAt(0)!);
        return sum;
      },
    };
  } catch {
    return undefined;
  }
}
