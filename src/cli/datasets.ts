import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, resolve, isAbsolute } from 'node:path';
import type { Loader } from 'vega';
import * as vega from 'vega';
import { bundledDatasetFile, bundledDatasetUrl } from '../core/dataset-url';

/** vega-datasets' data folder, which the app serves at /data/ (see vite.config.ts). */
export function datasetsDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('vega-datasets')), '..', 'data');
}

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

const HTTP = /^https?:\/\//i;

/**
 * Where a relative URL points in the data folder, as the app resolves it against its own origin:
 * `data/cars.json`, `./data/cars.json` and `/data/cars.json` name `<datasets>/cars.json`.
 * Undefined for anything else, including paths that climb out of the folder.
 */
export function datasetFile(uri: string, dir: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('//')) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(uri.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
  const m = /^(?:\.\/|\/)?data\/(.+)$/.exec(path.replace(/\\/g, '/'));
  if (!m) return undefined;
  const file = resolve(dir, m[1]!);
  const rel = relative(dir, file);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return file;
}

type Sanitized = { href: string; localFile?: boolean };

/**
 * A Vega loader for the command line: `data/…` URLs read vega-datasets' files, and so do the
 * web addresses of those files (jsDelivr, unpkg, GitHub: see core/dataset-url.ts), as in the
 * app; other http(s) URLs are fetched, and nothing else on the disk is reachable (a spec from a
 * stranger cannot pull ~/.ssh into a chart). Images from the data folder are inlined, so the SVG
 * stands alone.
 */
export function datasetsLoader(dir = datasetsDir()): Loader {
  const http = vega.loader({ mode: 'http' });
  // The URL is quoted so that the Problem can be placed on it in the text.
  const unreachable = (uri: string) =>
    new Error(`the command line loads only data/… files (from vega-datasets) and http(s) URLs, not "${uri}"`);

  const sanitize = async (uri: string, options?: { context?: string }): Promise<Sanitized> => {
    if (typeof uri !== 'string') throw new Error(`Invalid URL: ${String(uri)}`);
    const context = options?.context;
    if (context === 'href') {
      // Links in the SVG are written as they are; only harmless schemes.
      if (HTTP.test(uri) || /^mailto:/i.test(uri) || !/^[a-z][a-z0-9+.-]*:/i.test(uri.trim())) return { href: uri };
      throw new Error(`Link not allowed: ${uri}`);
    }
    const bundled = bundledDatasetFile(uri);
    if (bundled === undefined && HTTP.test(uri)) return withLocal({ href: uri }, false);
    if (/^data:/i.test(uri)) return withLocal({ href: uri }, false);
    const file = datasetFile(bundled === undefined ? uri : bundledDatasetUrl(bundled), dir);
    if (!file) throw unreachable(uri);
    if (context === 'image') {
      const type = IMAGE_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      return { href: `data:${type};base64,${(await readFile(file)).toString('base64')}` };
    }
    return withLocal({ href: file }, true);
  };

  const loader = {
    sanitize,
    async load(uri: string, options?: { context?: string }) {
      const opt = await sanitize(uri, options);
      return opt.localFile ? loader.file(opt.href) : loader.http(opt.href, {});
    },
    // Buffers, as vega-loader's own file reader gives: binary formats (arrow, parquet) need them.
    file: async (filename: string) => {
      try {
        return (await readFile(filename)) as unknown as string;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR')
          throw new Error(`vega-datasets has no such file (${filename})`, { cause: e });
        throw e;
      }
    },
    http: (url: string, init: Partial<RequestInit>) => http.http(url, init),
  };
  return loader as Loader;
}

/** Vega marks where a sanitized URL points with a non-enumerable flag. */
function withLocal(result: Sanitized, local: boolean): Sanitized {
  Object.defineProperty(result, 'localFile', { value: local });
  return result;
}
