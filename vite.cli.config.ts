import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import { precompiledValidators } from './scripts/standalone-validators.mjs';

/**
 * Builds the command line (src/cli/main.ts) into dist-cli/chartspec.mjs for Node 20, which
 * cannot run TypeScript. npm packages stay imports (Node loads them from node_modules), except
 * JSON files such as the schemas, which are bundled: Node 20 would warn that JSON modules are
 * experimental. The validators AJV generates for the schemas are bundled too (the app's
 * `virtual:chartspec-validators`), so validating compiles no schema.
 */
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

function isExternal(id: string): boolean {
  if (builtins.has(id) || id.startsWith('node:')) return true;
  const bare =
    !id.startsWith('.') &&
    !id.startsWith('/') &&
    !id.startsWith('\0') &&
    !id.startsWith('virtual:') &&
    !/^[a-zA-Z]:[\\/]/.test(id);
  // AJV's run-time helpers are imported by the precompiled validators without a file extension,
  // which Node's ESM loader refuses: they are bundled, like the JSON files.
  return bare && !id.endsWith('.json') && !id.startsWith('ajv/dist/runtime/');
}

export default defineConfig({
  // Only src/: no public/ folder; of the app's plugins only the precompiled validators.
  publicDir: false,
  plugins: [precompiledValidators()],
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
