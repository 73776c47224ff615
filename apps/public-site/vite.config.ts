import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every text asset of the build; the server sends them with
 * Content-Encoding to browsers that accept them, so nothing is compressed per request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|xml)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'memoir-precompress',
    apply: 'build',
    closeBundle() {
      const outDir = fileURLToPath(new URL('./dist', import.meta.url));
      for (const file of walk(outDir).filter((path) => compressible.test(path))) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

// `pnpm dev`: Vite serves the app with hot reload and passes /api to the server on :3000.
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@memoir/shared': shared } },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    // Small assets stay files: the CSP allows no inline data for scripts.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
