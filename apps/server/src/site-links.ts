import {
  DEFAULT_SITE_CONTENT,
  isPlaceholderUrl,
  PUBLISHER_LINK_KEY,
  SOCIAL_LINK_KEYS,
  STORE_LINK_KEYS,
  type BuyFormat,
  type SiteContent,
  type SiteLinks,
  type SocialNetwork,
  type StoreLinkKey,
} from '@memoir/shared';

/**
 * The landing page's store, social and publisher links (docs/public-site.md, "Store and social
 * links"): STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL as the first version's, and the
 * placeholders the page leaves out once the site has a real address.
 */
export interface SiteLinksConfig {
  /** STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL, by key: the first published version's links. */
  readonly configured: SiteLinks;
  /** PUBLIC_BASE_URL is set: a placeholder address is not shown as a link. */
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

/** The variable that sets a link on the first start, and its key there. */
export function linkSetting(key: string): string {
  if (key === PUBLISHER_LINK_KEY) return 'PUBLISHER_URL';
  if ((STORE_LINK_KEYS as readonly string[]).includes(key)) return `STORE_LINKS ${key}`;
  return (SOCIAL_LINK_KEYS as readonly string[]).includes(key) ? `SOCIAL_LINKS ${key}` : key;
}

/** The keys of the links whose addresses are placeholders: buy formats, networks, `publisher`. */
export function placeholderLinks(content: SiteContent): Array<BuyFormat | SocialNetwork | 'publisher'> {
  return [
    ...content.buyLinks.filter((buy) => buy.url !== '' && isPlaceholderUrl(buy.url)).map((buy) => buy.format),
    ...content.socialLinks.filter((social) => isPlaceholderUrl(social.url)).map((social) => social.network),
    ...(content.publisher.url !== '' && isPlaceholderUrl(content.publisher.url)
      ? [PUBLISHER_LINK_KEY as 'publisher']
      : []),
  ];
}

/**
 * The content as the page shows it. With `leaveOutPlaceholders` (PUBLIC_BASE_URL set), no
 * placeholder address is a link: a buy link's format shows its price and "coming soon", a
 * social link is left out, the publisher is its name alone. Without it (a lab on localhost,
 * the tests), every link shows, so the page looks complete in development.
 */
export function servedContent(content: SiteContent, leaveOutPlaceholders: boolean): SiteContent {
  if (!leaveOutPlaceholders) return content;
  const real = (url: string) => (url === '' || isPlaceholderUrl(url) ? '' : url);
  return {
    ...content,
    buyLinks: content.buyLinks.map((buy) => ({ ...buy, url: real(buy.url) })),
    socialLinks: content.socialLinks.filter((social) => real(social.url) !== ''),
    publisher: { ...content.publisher, url: real(content.publisher.url) },
  };
}
