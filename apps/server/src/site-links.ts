import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  PUBLISHER_LINK_KEY,
  readSiteLinksMeta,
  SITE_LINK_KEYS,
  SOCIAL_LINK_KEYS,
  STORE_LINK_KEYS,
  type SiteLinkKey,
  type SiteLinks,
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

/** RFC 2606's names for examples: the top-level domain and the three second-level ones. */
const EXAMPLE_DOMAINS = ['example', 'example.com', 'example.net', 'example.org'];

/**
 * An address on a domain reserved for examples (RFC 2606: `.example`, and `example.com`,
 * `.net`, `.org` with their subdomains), or one that does not parse: a placeholder that must
 * not reach visitors.
 */
export function isPlaceholderUrl(href: string): boolean {
  const url = URL.parse(href);
  if (url === null) return true;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return EXAMPLE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
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
