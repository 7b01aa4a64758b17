#!/usr/bin/env node
// The `chartspec` command. The command line is TypeScript (src/cli/), bundled for Node by
// vite.cli.config.ts into dist-cli/chartspec.mjs (npm run build:cli); the first run builds that
// file if it is missing. After changing src/, run npm run build:cli (or npm run build) again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = fileURLToPath(new URL('../dist-cli/chartspec.mjs', import.meta.url));

if (!existsSync(bundle)) {
  process.stderr.write('chartspec: building the command line into dist-cli/ (first run)…\n');
  // Built apart and moved into place in one step: several first runs at once must not see a
  // half-written file or empty each other's folder.
  const temp = `dist-cli/.build-${process.pid}`;
  const build = spawnSync(
    'npx',
    [
      '--no',
      'vite',
      'build',
      '--config',
      'vite.cli.config.ts',
      '--logLevel',
      'error',
      '--outDir',
      temp,
      '--emptyOutDir',
    ],
    // Standard output stays the command's own (`chartspec compile x > out.json`).
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', shell: process.platform === 'win32' },
  );
  const tempDir = join(root, temp);
  if (build.status === 0 && existsSync(join(tempDir, 'chartspec.mjs'))) {
    // The chunks first (their names carry a content hash), the entry last: once it is there,
    // everything it imports is too.
    const chunks = readdirSync(tempDir).filter((f) => f !== 'chartspec.mjs');
    for (const f of chunks) renameSync(join(tempDir, f), join(root, 'dist-cli', f));
    renameSync(join(tempDir, 'chartspec.mjs'), bundle);
  }
  rmSync(tempDir, { recursive: true, force: true });
  if (!existsSync(bundle)) {
    process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
    process.stderr.write(
      `chartspec: the build failed${build.error ? ` (${build.error.message})` : ''}; try npm run build:cli\n`,
    );
    process.exit(2);
  }
}

await import(new URL('../dist-cli/chartspec.mjs', import.meta.url).href);
