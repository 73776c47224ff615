/**
 * The landing page's outside links (docs/public-site.md, "Store and social links"): each has a
 * stable key, used by the content module, by the server's STORE_LINKS, SOCIAL_LINKS and
 * PUBLISHER_URL, and by the page element in which the server names the links it serves.
 */

/** The buy buttons (STORE_LINKS). */
export const STORE_LINK_KEYS = ['hardcover', 'paperback', 'kindle'] as const;
/** The footer's profiles (SOCIAL_LINKS). */
export const SOCIAL_LINK_KEYS = ['x', 'linkedin', 'github'] as const;
/** The publisher's logo in the footer (PUBLISHER_URL). */
export const PUBLISHER_LINK_KEY = 'publisher';

export type StoreLinkKey = (typeof STORE_LINK_KEYS)[number];
export type SocialLinkKey = (typeof SOCIAL_LINK_KEYS)[number];
export type SiteLinkKey = StoreLinkKey | SocialLinkKey | typeof PUBLISHER_LINK_KEY;

export const SITE_LINK_KEYS: readonly SiteLinkKey[] = [...STORE_LINK_KEYS, ...SOCIAL_LINK_KEYS, PUBLISHER_LINK_KEY];

/** Each link's address by key; a key that is absent is a link the page leaves out. */
export type SiteLinks = Partial<Record<SiteLinkKey, string>>;

/**
 * `<meta name="memoir:links" content="{JSON of SiteLinks}">`: the build writes the content
 * module's links there, and the server replaces them with the links it serves.
 */
export const SITE_LINKS_META = 'memoir:links';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const HTML_UNESCAPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(HTML_ESCAPES).map(([char, entity]) => [entity, char]),
);

/** The page element naming `links`: their JSON, HTML-escaped, so no address can end the attribute. */
export function siteLinksMetaTag(links: SiteLinks): string {
  const json = JSON.stringify(links).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
  return `<meta name="${SITE_LINKS_META}" content="${json}" />`;
}

const META_TAG = new RegExp(`<meta name="${SITE_LINKS_META}" content="([^"<>]*)" />`);

/**
 * The links named in a page written with `siteLinksMetaTag`, and the element itself; null when
 * the page has none, or one that does not hold an object of addresses by known key.
 */
export function readSiteLinksMeta(html: string): { readonly links: SiteLinks; readonly tag: string } | null {
  const match = META_TAG.exec(html);
  if (match === null) return null;
  const json = (match[1] ?? '').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => HTML_UNESCAPES[entity] ?? entity);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const links: SiteLinks = {};
  for (const [key, href] of Object.entries(parsed)) {
    if (!(SITE_LINK_KEYS as readonly string[]).includes(key) || typeof href !== 'string') return null;
    links[key as SiteLinkKey] = href;
  }
  return { links, tag: match[0] };
}
