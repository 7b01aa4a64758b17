import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Sans-serif families in order of preference: Arial's metrics first (Vega measures text as if it
 * were Helvetica/Arial), then common Linux fonts. Each is known by its regular file's name.
 */
const CANDIDATES: [RegExp, string][] = [
  [/^arial\.ttf$/i, 'Arial'],
  [/^helvetica\.ttc$/i, 'Helvetica'],
  [/^LiberationSans-Regular\.ttf$/i, 'Liberation Sans'],
  [/^Arimo-Regular\.ttf$/i, 'Arimo'],
  [/^DejaVuSans\.ttf$/i, 'DejaVu Sans'],
  [/^NotoSans-Regular\.(ttf|otf)$/i, 'Noto Sans'],
  [/^FreeSans\.(ttf|otf)$/i, 'FreeSans'],
];

const FONT_FILE = /\.(ttf|otf|ttc|otc)$/i;

/** The folders resvg (fontdb) reads system fonts from. */
export function systemFontDirs(): string[] {
  const home = homedir();
  if (process.platform === 'win32') return [join(process.env['WINDIR'] ?? 'C:\\Windows', 'Fonts')];
  if (process.platform === 'darwin') return ['/System/Library/Fonts', '/Library/Fonts', join(home, 'Library/Fonts')];
  return ['/usr/share/fonts', '/usr/local/share/fonts', join(home, '.fonts'), join(home, '.local/share/fonts')];
}

export interface FontChoice {
  /** The family to draw `sans-serif` (and unknown families) with, when one of the candidates exists. */
  sansSerif?: string;
  /** How many font files the system folders hold: 0 means text cannot be drawn into a PNG. */
  fontFiles: number;
  /** Their paths, for measuring text with the fonts it will be drawn with (text-metrics.ts). */
  files: string[];
}

/** Looks through the system font folders (a few levels deep) for a sans-serif family to use. */
export function chooseFont(dirs = systemFontDirs()): FontChoice {
  const names = new Set<string>();
  const files: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (FONT_FILE.test(e.name) && (e.isFile() || e.isSymbolicLink())) {
        files.push(join(dir, e.name));
        names.add(e.name);
      } else if ((e.isDirectory() || e.isSymbolicLink()) && depth < 4) {
        walk(join(dir, e.name), depth + 1);
      }
    }
  };
  for (const dir of dirs) walk(dir, 0);
  const found = CANDIDATES.find(([file]) => [...names].some((n) => file.test(n)));
  return { sansSerif: found?.[1], fontFiles: files.length, files };
}
