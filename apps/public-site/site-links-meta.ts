import type { Plugin } from 'vite';

import { siteLinksMetaTag, type SiteLinks } from '../../packages/shared/src/site-links';

/**
 * Names the content module's store, social and publisher links in the built index.html
 * (`<meta name="memoir:links">`). The server reads them there, puts the configured ones
 * (STORE_LINKS, SOCIAL_LINKS, PUBLISHER_URL) in their place, leaves placeholders out when
 * PUBLIC_BASE_URL is set, and serves the page with the links it settled on; the page shows
 * those. Build only: under Vite's dev server the page shows the content module as is.
 */
export function siteLinksMeta(links: () => Promise<SiteLinks>): Plugin {
  return {
    name: 'memoir-site-links',
    apply: 'build',
    async transformIndexHtml(html) {
      if (!html.includes('</head>')) throw new Error('index.html has no </head> to name the site links in');
      return html.replace('</head>', `  ${siteLinksMetaTag(await links())}\n  </head>`);
    },
  };
}
