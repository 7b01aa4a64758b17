// The production build and the small static server the bench drives Chromium against.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { BenchError, FINANCIAL_DIR, PAGE_CSP, ROOT, STRATEGIES_DIR, WORKER_CSP, log } from './config.mjs';

export function build() {
  log('building: npx vite build');
  const r = spawnSync('npx', ['vite', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  });
  if (r.status !== 0)
    throw new BenchError(`the production build failed (npx vite build exited with ${r.status ?? r.signal})`);
}

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/octet-stream',
  '.arrow': 'application/octet-stream',
  '.parquet': 'application/octet-stream',
};

/**
 * Serves dist/ as it is: no compression (the bench gzips bodies itself), no caching. Also the
 * bench's own experiment routes: /__bench/blank.html (an empty page to start workers from) and
 * /__bench/w/… (the strategy workers in bench/.out/strategies). Any response whose URL has the
 * query parameter `bench-csp` carries `Content-Security-Policy: script-src 'self'`.
 */
export function serve(dir) {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let rel;
    let csp;
    try {
      const u = new URL(req.url ?? '/', 'http://x');
      rel = decodeURIComponent(u.pathname);
      csp = u.searchParams.has('bench-csp');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const extra = { 'Cache-Control': 'no-store', ...(csp ? { 'Content-Security-Policy': WORKER_CSP } : {}) };
    // The experiment pages and workers are cross-origin isolated, so performance.now() in them
    // has 5 µs resolution (100 µs otherwise): the per-validation times are sub-millisecond. A
    // worker started from such a page must carry these headers too (the app's schema worker in
    // the CSP check is fetched with ?bench-csp).
    if (rel.startsWith('/__bench/') || csp)
      Object.assign(extra, {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
    if (rel === '/__bench/blank.html') {
      const body = Buffer.from(
        '<!doctype html><html><head><meta charset="utf-8"><title>Chartspec bench</title></head><body></body></html>\n',
      );
      res.writeHead(200, { 'Content-Type': MIME['.html'], 'Content-Length': body.length, ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    let root = dir;
    if (rel.startsWith('/__bench/w/')) {
      root = STRATEGIES_DIR;
      rel = rel.slice('/__bench/w'.length);
    } else if (rel.startsWith('/__bench/f/')) {
      root = FINANCIAL_DIR;
      rel = rel.slice('/__bench/f'.length);
      extra['Content-Security-Policy'] = PAGE_CSP;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(root, rel));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': statSync(file).size,
      ...extra,
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok(server));
  });
}
