import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  PUBLISHER_LINK_KEY,
  readSiteLinksMeta,
  SITE_LINK_KEYS,
  SOCIAL_LINK_KEYS,
  STORE_LINK_KEYS,
  DEFAULT_SITE_CONTENT,
  isPlaceholderUrl,
  type SiteContent,
  type SiteLinkKey,
  type SiteLinks,
  type StoreLinkKey,
} from '@memoir/shared';

/**
 * The landing page's store, social and publisher links (docs/public-site.md, "Store and social
 * links"): the content module's, with the configured ones in their place, and without the
 * placeholders nobody configured once the site has a real address.
 */
export interface SiteLinksConfig {
  /** STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL, by key: each replaces the content module's. */
  readonly configured: SiteLinks;
  /** PUBLIC_BASE_URL is set: a placeholder address that is not configured is left out of the page. */
  readonly leaveOutPlaceholders: boolean;
}

/**
 * The site's first published version: the shipped texts with the links STORE_LINKS,
 * SOCIAL_LINKS and PUBLISHER_URL set, so a deployment that configured them keeps them when the
 * content moves into the database. Later the owner edits the links in the admin app, and these
 * settings are read no more.
 */
export function firstSiteContent(configured: SiteLinks): SiteContent {
  const base = DEFAULT_SITE_CONTENT;
  const buyLinks = base.buyLinks.map((link) => {
    const url = (STORE_LINK_KEYS as readonly string[]).includes(link.format)
      ? configured[link.format as StoreLinkKey]
      : undefined;
    return url === undefined ? link : { ...link, url };
  });
  const socialLinks = SOCIAL_LINK_KEYS.flatMap((network) => {
    const url = configured[network] ?? base.socialLinks.find((link) => link.network === network)?.url;
    return url === undefined ? [] : [{ network, url }];
  });
  const publisherUrl = configured[PUBLISHER_LINK_KEY];
  return {
    ...base,
    buyLinks,
    socialLinks,
    publisher: publisherUrl === undefined ? base.publisher : { ...base.publisher, url: publisherUrl },
  };
}

/** The variable that sets a link, and its key there: what an owner sets to give it back. */
export function linkSetting(key: SiteLinkKey): string {
  if (key === PUBLISHER_LINK_KEY) return 'PUBLISHER_URL';
  if ((STORE_LINK_KEYS as readonly string[]).includes(key)) return `STORE_LINKS ${key}`;
  return (SOCIAL_LINK_KEYS as readonly string[]).includes(key) ? `SOCIAL_LINKS ${key}` : key;
}

/** The links the page is served with, and the keys of those left out. */
export function servedLinks(
  content: SiteLinks,
  config: SiteLinksConfig,
): { readonly links: SiteLinks; readonly leftOut: readonly SiteLinkKey[] } {
  const links: SiteLinks = {};
  const leftOut: SiteLinkKey[] = [];
  for (const key of SITE_LINK_KEYS) {
    const configured = config.configured[key];
    const href = configured ?? content[key];
    if (href === undefined) continue;
    if (configured === undefined && config.leaveOutPlaceholders && isPlaceholderUrl(href)) leftOut.push(key);
    else links[key] = href;
  }
  return { links, leftOut };
}

/**
 * What the server will leave out of the built page (apps/public-site/dist/index.html), as the
 * settings that give each link back; 'not built' before the site is built; 'not named' when its
 * page names no links (a build from before they were named: the page shows the content
 * module's as they are, placeholders included).
 */
export function linksLeftOut(distDir: string, config: SiteLinksConfig): readonly string[] | 'not built' | 'not named' {
  let html: string;
  try {
    html = readFileSync(join(distDir, 'index.html'), 'utf8');
  } catch {
    return 'not built';
  }
  const named = readSiteLinksMeta(html);
  return named === null ? 'not named' : servedLinks(named.links, config).leftOut.map(linkSetting);
}
