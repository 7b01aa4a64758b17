import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { precompiledValidators, quickSchemas } from './scripts/standalone-validators.mjs';

const require = createRequire(import.meta.url);
/** vega-datasets' data folder: served at /data/ so `data/cars.json` in a spec works offline. */
const DATASETS_DIR = join(dirname(require.resolve('vega-datasets')), '..', 'data');

/**
 * The page's Content-Security-Policy. No 'unsafe-eval' and no inline script: Vega runs with its
 * expression interpreter. Monaco needs inline styles and data: images (its squiggles). Specs may
 * name data URLs on other hosts, so connect-src allows https.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' https: data: blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

const MIME: Record<string, string> = {
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.png': 'image/png',
  '.arrow': 'application/vnd.apache.arrow.file',
  '.parquet': 'application/octet-stream',
};

function datasets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'chartspec-datasets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/data/', (req, res, next) => {
        const rel = normalize(decodeURIComponent((req.url ?? '').split('?')[0] ?? '')).replace(/^([/\\])+/, '');
        const file = join(DATASETS_DIR, rel);
        if (!file.startsWith(DATASETS_DIR + sep) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', MIME[extname(file)] ?? 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    async writeBundle() {
      await cp(DATASETS_DIR, join(outDir, 'data'), { recursive: true });
    },
  };
}

function contentSecurityPolicy(): Plugin {
  return {
    name: 'chartspec-csp',
    // Vite's dev server injects inline scripts, so the policy goes into the built page only.
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`);
    },
  };
}

/**
 * Keeps the bundles apart. vega-embed imports vega-lite to compile specs itself, but Chartspec compiles in its pipeline
 * worker and hands vega-embed only Vega. Giving vega-embed a stand-in keeps vega-lite (and its
 * ~100 KB gzip) out of the page's first download.
 */
function vegaLiteOutOfEmbed(): Plugin {
  const STUB = '\0chartspec:vega-lite-stub';
  return {
    name: 'chartspec-vega-lite-out-of-embed',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'vega-lite' && importer && /[\\/]vega-embed[\\/]/.test(importer)) return STUB;
      // vega-lite takes four small helpers (isObject, isString, stringValue, hasOwnProperty)
      // from 'vega', which would pull all of Vega into the pipeline worker; vega-util has them.
      if (source === 'vega' && importer && /[\\/]vega-lite[\\/]/.test(importer))
        return this.resolve('vega-util', importer);
      return null;
    },
    load(id) {
      if (id !== STUB) return null;
      return [
        "export const version = 'compiled by the Chartspec pipeline';",
        'export function compile() {',
        "  throw new Error('Chartspec compiles Vega-Lite in its pipeline; the renderer only takes Vega');",
        '}',
      ].join('\n');
    },
  };
}

/**
 * The page's `vega` is src/render/vega-lean.js: Vega with its rarely used transforms loaded on
 * demand (about 30 kB gzip less before the first chart). The page only: workers and the command
 * line keep the package (vega-lite's imports of it are answered by `vegaLiteOutOfEmbed`).
 */
function leanVega(): Plugin {
  const LEAN = resolve('src/render/vega-lean.js');
  return {
    name: 'chartspec-lean-vega',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'vega' || !importer || importer === LEAN || /[\\/]vega-lite[\\/]/.test(importer)) return null;
      return LEAN;
    },
  };
}

/**
 * `virtual:chartspec-gallery`: the gallery's list of examples (title, description, tags read
 * from each spec) and a thumbnail URL per example. The thumbnails are drawn from the specs at
 * build time (and by the dev server) with the command line's headless Vega renderer, written to
 * `gallery/<name>.svg` in the build: never committed images, never stale.
 */
function gallery(): Plugin {
  const ID = 'virtual:chartspec-gallery';
  const RESOLVED = '\0' + ID;
  const EXAMPLES = resolve('examples');
  let command: 'build' | 'serve' = 'serve';
  /** name → SVG, for the dev server. */
  const thumbnails = new Map<string, string>();
  return {
    name: 'chartspec-gallery',
    configResolved(config) {
      command = config.command;
    },
    configureServer(server) {
      server.middlewares.use('/gallery/', (req, res, next) => {
        const name = decodeURIComponent((req.url ?? '').split('?')[0] ?? '')
          .replace(/^\/+/, '')
          .replace(/\.svg$/, '');
        const svg = thumbnails.get(name);
        if (svg === undefined) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(svg);
      });
      server.watcher.add(EXAMPLES);
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(EXAMPLES + sep) || file.includes(`${sep}normalized${sep}`)) return;
        const mod = server.moduleGraph.getModuleById(RESOLVED);
        if (mod) server.moduleGraph.invalidateModule(mod);
      });
    },
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      const { module } = await runnerImport<typeof import('./src/cli/gallery')>('/src/cli/gallery.ts', {
        configFile: false,
        logLevel: 'error',
      });
      const entries = await module.buildGallery(
        EXAMPLES,
        resolve('node_modules/.cache/chartspec/gallery'),
        module.drawingCodeDigest(resolve('src')),
      );
      const list = entries.map(({ svg, hash, ...info }) => {
        const fileName = `gallery/${info.name}.svg`;
        if (svg !== undefined) {
          if (command === 'build') this.emitFile({ type: 'asset', fileName, source: svg });
          else thumbnails.set(info.name, svg);
        }
        return { ...info, thumbnail: svg === undefined ? null : `${fileName}?v=${hash}` };
      });
      return `export const examples = ${JSON.stringify(list)};\n`;
    },
  };
}

/** The vega package's version, for `version` in src/render/vega-lean.js. */
const VEGA_VERSION: string = JSON.parse(
  readFileSync(join(dirname(require.resolve('vega')), '..', 'package.json'), 'utf8'),
).version;

/** Monaco's exports map hides its CSS files (every subpath maps to `*.js`); reach them directly. */
const MONACO_ESM = join(dirname(require.resolve('monaco-editor')), '..', '..', 'esm', 'vs');

export default defineConfig({
  // The validators are imported by the schema worker only; listed here too because the dev
  // server serves worker modules through the main plugins (worker.plugins are for the build).
  plugins: [
    react(),
    vegaLiteOutOfEmbed(),
    leanVega(),
    precompiledValidators(),
    quickSchemas(),
    datasets(),
    gallery(),
    contentSecurityPolicy(),
  ],
  resolve: {
    alias: [{ find: /^monaco-css\/(.*)$/, replacement: `${MONACO_ESM}/$1` }],
  },
  define: { __VEGA_VERSION__: JSON.stringify(VEGA_VERSION) },
  server: { host: '127.0.0.1', port: 5173 },
  // The preview (which the browser tests use) also sends the policy as a header, as a server
  // would: workers obey their own response's policy, not the page's meta tag.
  preview: { host: '127.0.0.1', port: 4173, headers: { 'Content-Security-Policy': CSP } },
  worker: { format: 'es', plugins: () => [vegaLiteOutOfEmbed(), precompiledValidators(), quickSchemas()] },
  // The precompiled validators import these; listed so the dev server bundles them up front.
  optimizeDeps: { include: ['ajv/dist/runtime/equal', 'ajv/dist/runtime/ucs2length'] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    sourcemap: false,
  },
});
