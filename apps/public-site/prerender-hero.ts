import { fileURLToPath } from 'node:url';

import type { Plugin } from 'vite';
import { runnerImport } from 'vite';

import type * as HeroModule from './src/features/hero/hero-content';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Writes the skip link and the hero (title, tagline, buy buttons, cover) into index.html
 * before #root, so the first screen paints as soon as the HTML and the stylesheet have
 * arrived, before the entry bundle has come over the network and run (Lighthouse's LCP). The
 * markup is React's own rendering of `StaticHero`, so it cannot drift from the app's texts.
 * It stays outside React's root: were React to replace it, even with the same text, the
 * browser would count the new nodes as a later largest paint. No inline script or style is
 * added (the CSP allows neither).
 */
export function prerenderHero(): Plugin {
  return {
    name: 'memoir-prerender-hero',
    async transformIndexHtml(html) {
      if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
      const [{ module: hero }, react, server] = await Promise.all([
        runnerImport<typeof HeroModule>(
          fileURLToPath(new URL('./src/features/hero/hero-content.tsx', import.meta.url)),
          {
            configFile: false,
            logLevel: 'silent',
            resolve: {
              alias: {
                '@memoir/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
              },
            },
          },
        ),
        import('react'),
        import('react-dom/server'),
      ]);
      const markup = server.renderToStaticMarkup(react.createElement(hero.StaticHero));
      return html.replace(ROOT_ELEMENT, `${markup}\n    ${ROOT_ELEMENT}`);
    },
  };
}
