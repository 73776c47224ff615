/**
 * The landing page's outside links as the server's STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL
 * name them (docs/public-site.md, "Store and social links"): the first published version's
 * links (the site content's buy formats, social networks and publisher).
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

/** Each link's address by key. */
export type SiteLinks = Partial<Record<SiteLinkKey, string>>;
