import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { precompress } from '../../tools/vite-precompress';
import { prerenderHero } from './prerender-hero';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

// `pnpm dev`: Vite serves the app with hot reload and passes /api to the server on :3000.
export default defineConfig({
  plugins: [react(), prerenderHero(), precompress(fileURLToPath(new URL('./dist', import.meta.url)))],
  resolve: { alias: { '@memoir/shared': shared } },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    // Small assets stay files: the CSP allows no inline data for scripts.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
