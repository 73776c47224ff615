import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport } from 'vite';

import { precompress } from '../../tools/vite-precompress';
import { prerenderHero } from './prerender-hero';
import { shareGraphics, type ShareText } from './share-graphics';
import { siteLinksMeta } from './site-links-meta';
import type * as Content from './src/content';
import type { SiteLinks } from '../../packages/shared/src/site-links';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

/** The content module the page shows, as the build's plugins read it. */
async function content(): Promise<typeof Content> {
  const { module } = await runnerImport<typeof Content>(fileURLToPath(new URL('./src/content.ts', import.meta.url)), {
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@memoir/shared': shared } },
  });
  return module;
}

/** The book's words for the share graphics. */
async function shareText(): Promise<ShareText> {
  const { title, subtitle, tagline, author } = (await content()).BOOK;
  return { title, subtitle, tagline, author };
}

/** The store, social and publisher links, by key. */
async function siteLinks(): Promise<SiteLinks> {
  const { BOOK, CALL_TO_ACTION, FOOTER } = await content();
  return {
    ...Object.fromEntries([...CALL_TO_ACTION.links, ...FOOTER.social].map((link) => [link.key, link.href])),
    publisher: BOOK.publisher.href,
  };
}

// `pnpm dev`: Vite serves the app with hot reload and passes /api to the server on :3000.
export default defineConfig({
  plugins: [
    react(),
    prerenderHero(),
    shareGraphics(shareText),
    siteLinksMeta(siteLinks),
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
