import { SITE_LINKS_META, type SiteLinkKey, type SiteLinks } from '@memoir/shared';

let named: SiteLinks | null | undefined;

/** The links the server named in the page, once read; null without that element. */
function linksInPage(): SiteLinks | null {
  if (named === undefined) {
    const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SITE_LINKS_META}"]`);
    try {
      const parsed: unknown = meta === null ? null : JSON.parse(meta.content);
      named = typeof parsed === 'object' && parsed !== null ? (parsed as SiteLinks) : null;
    } catch {
      named = null;
    }
  }
  return named;
}

/**
 * Where a store, profile or publisher link goes: the address the server names in the page
 * (the content module's, or STORE_LINKS, SOCIAL_LINKS, PUBLISHER_URL), or null when it leaves
 * the link out (a placeholder with PUBLIC_BASE_URL set). Without the server's element (Vite's
 * dev server), the content module's `contentHref` as is.
 */
export function siteLink(key: SiteLinkKey, contentHref: string): string | null {
  const links = linksInPage();
  if (links === null) return contentHref;
  const href = links[key];
  return typeof href === 'string' && /^https?:\/\//i.test(href) ? href : null;
}

/** Of the content module's `links`, those the page shows, each with the address to show (siteLink). */
export const served = <T extends { readonly key: SiteLinkKey; readonly href: string }>(links: readonly T[]): T[] =>
  links.flatMap((link) => {
    const href = siteLink(link.key, link.href);
    return href === null ? [] : [{ ...link, href }];
  });
