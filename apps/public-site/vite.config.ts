import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport } from 'vite';

import { precompress } from '../../tools/vite-precompress';
import { prerenderHero } from './prerender-hero';
import { shareGraphics, type ShareText } from './share-graphics';
import type * as Content from './src/content';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

/** The book's words for the share graphics, from the content module the page shows. */
async function shareText(): Promise<ShareText> {
  const { module } = await runnerImport<typeof Content>(fileURLToPath(new URL('./src/content.ts', import.meta.url)), {
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@memoir/shared': shared } },
  });
  const { title, subtitle, tagline, author } = module.BOOK;
  return { title, subtitle, tagline, author };
}

// `pnpm dev`: Vite serves the app with hot reload and passes /api to the server on :3000.
export default defineConfig({
  plugins: [
    react(),
    prerenderHero(),
    shareGraphics(shareText),
    precompress(fileURLToPath(new URL('./dist', import.meta.url))),
  ],
  resolve: { alias: { '@memoir/shared': shared } },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    // Small assets stay files: the CSP allows no inline data for scripts.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
