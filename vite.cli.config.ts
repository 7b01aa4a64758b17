import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * Builds the command line (src/cli/main.ts) into dist-cli/chartspec.mjs for Node 20, which
 * cannot run TypeScript. npm packages stay imports (Node loads them from node_modules), except
 * JSON files such as the schemas, which are bundled: Node 20 would warn that JSON modules are
 * experimental.
 */
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

function isExternal(id: string): boolean {
  if (builtins.has(id) || id.startsWith('node:')) return true;
  const bare = !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[a-zA-Z]:[\\/]/.test(id);
  return bare && !id.endsWith('.json');
}

export default defineConfig({
  // Only src/: no public/ folder, no app plugins.
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/cli/main.ts',
    target: 'node20',
    outDir: 'dist-cli',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
      external: isExternal,
      // Chunks (loaded on demand, so --help does not load Vega) sit beside the entry.
      output: { format: 'es', entryFileNames: 'chartspec.mjs', chunkFileNames: 'chartspec-[name]-[hash].mjs' },
    },
  },
});
