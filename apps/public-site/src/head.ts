import { BUY_FORMAT_LABELS, type BuyLink, type SiteContent } from '@memoir/shared';

import { scriptJson } from './shared/script-json';
import { shareGraphicUrl } from './shared/share-key';

/**
 * The landing page's `<head>` tags that come from the site content: the title, the
 * description, the canonical address, Open Graph (`og:type=book`), the large-image X card and
 * schema.org `Book` JSON-LD with one `Offer` per buy link. The server writes them into the
 * page it renders (apps/server/src/landing-page.ts), so crawlers and link previews read the
 * published words. The share card image is the build's (share-graphics.ts).
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML attribute or element: nothing in it is read as markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

const CURRENCY_SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['A$', 'AUD'],
  ['$', 'USD'],
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
];

/** A number as the owner wrote it: "17.99", "9,99", "1,299.00", "1.299,00", "12". */
function parseAmount(text: string): number | null {
  if (!/^\d[\d.,\s]*$/.test(text)) return null;
  const compact = text.replace(/\s/g, '');
  const lastSeparator = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  // A separator followed by one or two digits at the end is the decimal one; any other groups thousands.
  const decimal = lastSeparator !== -1 && /^[.,]\d{1,2}$/.test(compact.slice(lastSeparator));
  const whole = (decimal ? compact.slice(0, lastSeparator) : compact).replace(/[.,]/g, '');
  const amount = Number(decimal ? `${whole}.${compact.slice(lastSeparator + 1)}` : whole);
  return Number.isFinite(amount) ? amount : null;
}

/**
 * A price the owner wrote, as schema.org wants it: "$17.99" is 17.99 USD, "£12" 12 GBP,
 * "€9,99" 9.99 EUR, "12.50 EUR" or "EUR 12.50" too; null for anything else ("free", "TBA").
 */
export function parsePrice(text: string): { readonly price: number; readonly currency: string } | null {
  let rest = text.trim();
  let currency: string | null = null;
  const before = /^([A-Z]{3})\s*(.+)$/.exec(rest);
  const after = /^(.+?)\s*([A-Z]{3})$/.exec(rest);
  if (before !== null) [, currency = null, rest = ''] = before;
  else if (after !== null) [, rest = '', currency = null] = after;
  else {
    for (const [symbol, iso] of CURRENCY_SYMBOLS) {
      if (rest.startsWith(symbol)) [currency, rest] = [iso, rest.slice(symbol.length).trim()];
      else if (rest.endsWith(symbol)) [currency, rest] = [iso, rest.slice(0, -symbol.length).trim()];
      if (currency !== null) break;
    }
  }
  const price = currency === null ? null : parseAmount(rest);
  return price === null || currency === null ? null : { price, currency };
}

/** One schema.org Offer per buy link that has an address and a price that parses. */
export function offers(buyLinks: readonly BuyLink[]): object[] {
  return buyLinks.flatMap((link) => {
    const parsed = link.url === '' ? null : parsePrice(link.price);
    if (parsed === null) return [];
    return [
      {
        '@type': 'Offer',
        name: BUY_FORMAT_LABELS[link.format],
        url: link.url,
        price: parsed.price,
        priceCurrency: parsed.currency,
        availability: 'https://schema.org/InStock',
      },
    ];
  });
}

/** Cut at a word, within `max` characters. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The head's tags from the content, with `base` (PUBLIC_BASE_URL, no trailing slash) for absolute
 * URLs, and the share graphics' `shareKey` in the image's address (share-key.ts).
 */
export function headTags(content: SiteContent, base: string, shareKey?: string): string {
  const name = `${content.title}: ${content.subtitle}`;
  const description = shorten(content.blurb, 200);
  const image = `${base}${shareGraphicUrl('/images/share-card.png', shareKey)}`;
  const imageAlt = `The cover of ${content.title} on a terminal-green background`;
  const author = `${base}/#author`;
  const offered = offers(content.buyLinks);
  const book = {
    '@context': 'https://schema.org',
    '@type': 'Book',
    name: content.title,
    alternateName: name,
    author: { '@type': 'Person', name: content.author, '@id': author },
    publisher: {
      '@type': 'Organization',
      name: content.publisher.name,
      ...(content.publisher.url === '' ? {} : { url: content.publisher.url }),
    },
    genre: 'Memoir',
    inLanguage: 'en',
    image,
    url: `${base}/`,
    ...(offered.length === 0 ? {} : { offers: offered }),
  };
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(name)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(`${base}/`)}" />`,
    meta('property', 'og:type', 'book'),
    meta('property', 'og:site_name', content.title),
    meta('property', 'og:title', name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', `${base}/`),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', imageAlt),
    meta('property', 'book:author', author),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    `<script type="application/ld+json">${scriptJson(book, 2)}</script>`,
  ].join('\n    ');
}
