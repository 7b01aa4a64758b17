import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compareExamples, type ExampleInfo } from '../core/gallery';
import { exampleInfo } from '../core/gallery-info';
import { runPipeline } from '../core/pipeline';
import { marks } from '../core/marks/index';
import { datasetsLoader } from './datasets';
import { renderSvg } from './render';

export interface GalleryEntry extends ExampleInfo {
  /** The example's file name in examples/. */
  file: string;
  /** The thumbnail: the chart as Vega draws it, fitted into THUMBNAIL (absent if it could not be drawn). */
  svg?: string;
  /** A short hash of the thumbnail, for cache-busting URLs. */
  hash: string;
}

/** Every example in `dir` (not its `normalized/` folder), in gallery order. */
export function exampleFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

/**
 * The gallery: each example's title, description and tags, and a thumbnail drawn from the spec
 * itself by the same pipeline and Vega the app and the command line use. Thumbnails are cached
 * by the spec's text and `salt` (a digest of the code that draws them), so a rebuild redraws
 * only what changed.
 */
export async function buildGallery(dir: string, cacheDir?: string, salt = ''): Promise<GalleryEntry[]> {
  const loader = datasetsLoader();
  const entries: GalleryEntry[] = [];
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  for (const file of exampleFiles(dir)) {
    const text = readFileSync(join(dir, file), 'utf8');
    const info = exampleInfo(file, text);
    const key = createHash('sha256').update(salt).update(text).digest('hex').slice(0, 16);
    const cached = cacheDir ? join(cacheDir, `${info.name}-${key}.svg`) : undefined;
    let svg: string | undefined;
    if (cached && existsSync(cached)) svg = readFileSync(cached, 'utf8');
    else {
      const { vega } = runPipeline(text, { registry: marks });
      const drawn = vega && (await renderSvg(vega, loader)).svg;
      if (drawn) svg = thumbnailSvg(drawn);
      if (svg && cached) writeFileSync(cached, svg);
    }
    const hash = svg ? createHash('sha256').update(svg).digest('hex').slice(0, 10) : 'none';
    entries.push({ ...info, file, svg, hash });
  }
  return entries.sort(compareExamples);
}

/** The thumbnail's size: twice the gallery's 160 px high box, in the proportions of its cards. */
export const THUMBNAIL = { width: 480, height: 320 };

/**
 * The chart drawn into a thumbnail-sized picture, scaled to fit and centered (the SVG's own
 * `preserveAspectRatio`, meet). Every thumbnail then has the box's proportions, so the gallery
 * shows each chart whole, however tall or wide it is, and no style can crop it.
 */
export function thumbnailSvg(svg: string, box = THUMBNAIL): string {
  return svg.replace(/<svg\b[^>]*>/, (root) => {
    const attrs = root
      .replace(/\s(width|height|preserveAspectRatio)="[^"]*"/g, '')
      .replace(/>$/, ` width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid meet">`);
    // Vega writes a viewBox for its own size; one is needed to scale the drawing into the box.
    if (/\sviewBox="/.test(attrs)) return attrs;
    const width = /\swidth="([\d.]+)"/.exec(root)?.[1];
    const height = /\sheight="([\d.]+)"/.exec(root)?.[1];
    return width && height ? attrs.replace(/>$/, ` viewBox="0 0 ${width} ${height}">`) : attrs;
  });
}

/**
 * A digest of the code that draws thumbnails (the core pipeline and the renderer): a change to
 * a mark redraws every thumbnail instead of serving a cached picture of the old drawing.
 */
export function drawingCodeDigest(srcDir: string): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name)) hash.update(relative(srcDir, path)).update(readFileSync(path));
    }
  };
  visit(join(srcDir, 'core'));
  for (const file of ['render.ts', 'text-metrics.ts', 'font-file.ts', 'fonts.ts', 'gallery.ts'])
    hash.update(readFileSync(join(srcDir, 'cli', file)));
  return hash.digest('hex');
}
