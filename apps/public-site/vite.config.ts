import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { precompress } from '../../tools/vite-precompress';
import type * as EntryServer from './src/entry-server';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

/** A plugin of the browser's build only, not of the server entry's (`vite build --ssr`). */
const clientBuildOnly = (plugin: Plugin): Plugin => ({
  ...plugin,
  apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
});

/**
 * Under Vite's dev server, the page as the server renders it (src/entry-server.tsx), from the
 * first version's words: no published content and no entries there (Recent Visitors asks the
 * API on :3000).
 */
function devServerRendering(): Plugin {
  return {
    name: 'memoir-dev-server-rendering',
    apply: 'serve',
    async transformIndexHtml(html, context) {
      const server = context.server;
      if (server === undefined) return html;
      const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as typeof EntryServer;
      return entry.renderLandingPage(html, entry.FALLBACK_SITE_DATA, { base: 'http://127.0.0.1:5173' });
    },
  };
}

// The browser's build into dist/; `vite build --ssr src/entry-server.tsx` (package.json) builds
// the server's rendering of the page into ssr/dist/entry-server.cjs, outside what the server
// serves as files.
// `pnpm dev`: Vite serves the app with hot reload and passes /api to the server on :3000.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    devServerRendering(),
    clientBuildOnly(precompress(fileURLToPath(new URL('./dist', import.meta.url))) as Plugin),
  ],
  resolve: { alias: { '@memoir/shared': shared } },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000', '/images/share-': 'http://127.0.0.1:3000' } },
  // The server entry is one file with React and everything it uses: the server needs no
  // node_modules of this app to run it. (The dev server loads them from node_modules.)
  ssr: isSsrBuild ? { noExternal: true } : {},
  build: isSsrBuild
    ? {
        target: 'node24',
        outDir: 'ssr/dist',
        emptyOutDir: true,
        copyPublicDir: false,
        reportCompressedSize: false,
        // One CommonJS file: the server (CommonJS) and its tests require it as it is.
        rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false } },
      }
    : {
        target: 'es2022',
        // Small assets stay files: the CSP allows no inline data for scripts.
        assetsInlineLimit: 0,
        reportCompressedSize: false,
      },
}));
