import {
  BUY_FORMATS,
  FIELD_MESSAGES,
  SITE_CONTENT_LIMITS as LIMITS,
  SOCIAL_NETWORKS,
  type BuyLink,
  type SiteContent,
  type SocialLink,
  webLinkParts,
} from '@memoir/shared';

import { FieldErrors, optionalText, requiredText } from '../shared/text-fields';

/*
 * The rules of the site's content (docs/domain.md, "Site content"). Text is text: it is never
 * read as HTML, and the rules for entries apply (no control, invisible or direction-changing
 * characters, composed form, trimmed). Links are http(s) with no user name or password in
 * them. Each fault is named by its path in the request (`content.themes[1].title`) with a
 * message that names the field in words ("Theme 2 title is required.").
 */

const PREFIX = 'content.';

type Raw = Readonly<Record<string, unknown>>;

const asRecord = (value: unknown): Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {};
const asList = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Something that reads as an HTML tag (`<script>`, `</p>`, `<img src=…>`, `<!--`, `<?xml`), not
 * a lone angle bracket (`a < b`, `<3`). The page
 * would show it as typed, never run it; it is refused all the same, as no word of the page
 * needs one and its only likely author is someone pasting markup or probing.
 */
/** A host name (letters of any script, digits, hyphens, dots between labels) or an IP address. */
const HOST =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)*\.?$|^\[[0-9a-f:.]+\]$/iu;

const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:[\s/][^<>]*)?>|<!|<\?/i;

class ContentChecker {
  readonly errors = new FieldErrors();

  text(path: string, label: string, maxLength: number, value: unknown, options: { multiline?: boolean } = {}) {
    const rule = { field: PREFIX + path, label, maxLength, multiline: options.multiline };
    return this.plain(rule.field, label, requiredText(this.errors, rule, asText(value)));
  }

  optional(path: string, label: string, maxLength: number, value: unknown): string {
    return this.plain(
      PREFIX + path,
      label,
      optionalText(this.errors, { field: PREFIX + path, label, maxLength }, asText(value)),
    );
  }

  private plain(field: string, label: string, text: string | null): string {
    if (text !== null && HTML_TAG.test(text)) {
      this.errors.add(field, FIELD_MESSAGES.noMarkup(label));
      return '';
    }
    return text ?? '';
  }

  /** A link: http(s), with a host, and no user name or password; empty when `optional` allows it. */
  url(path: string, label: string, value: unknown, optional: boolean): string {
    const text = optional ? this.optional(path, label, LIMITS.url, value) : this.text(path, label, LIMITS.url, value);
    if (text === '') return '';
    const parts = webLinkParts(text);
    if (parts === null || !HOST.test(parts.host)) {
      this.errors.add(PREFIX + path, FIELD_MESSAGES.mustBeWebLink(label));
      return '';
    }
    if (parts.authority.includes('@')) {
      this.errors.add(PREFIX + path, FIELD_MESSAGES.linkWithCredentials(label));
      return '';
    }
    return text;
  }

  /** A list of `min`…`max` items, each read by `item`. */
  list<T>(
    path: string,
    label: string,
    value: unknown,
    count: { readonly min: number; readonly max: number },
    item: (raw: unknown, index: number) => T,
  ): T[] {
    const items = asList(value);
    if (!Array.isArray(value)) this.errors.add(PREFIX + path, FIELD_MESSAGES.mustBeGroupList(label));
    else if (items.length < count.min || items.length > count.max) {
      this.errors.add(PREFIX + path, FIELD_MESSAGES.countBetween(label, count.min, count.max));
    }
    return items.slice(0, count.max).map(item);
  }

  paragraphs(path: string, label: string, value: unknown): string[] {
    return this.list(path, label, value, LIMITS.paragraphs, (raw, index) =>
      this.text(`${path}[${index}]`, `${label}, paragraph ${index + 1}`, LIMITS.paragraph, raw),
    );
  }

  /** Each value once: a second "kindle" buy link or "x" profile is a fault. */
  unique<T>(path: string, label: string, items: readonly T[], key: (item: T) => string): void {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value)) this.errors.add(`${PREFIX}${path}[${index}]`, FIELD_MESSAGES.listedTwice(label, value));
      seen.add(value);
    });
  }

  oneOf<T extends string>(path: string, label: string, values: readonly T[], value: unknown): T {
    if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
    this.errors.add(PREFIX + path, FIELD_MESSAGES.mustBeOneOf(label, values));
    return values[0] as T;
  }
}

/**
 * The content as it is stored, or the faults of every field that breaks a rule. Takes any
 * value: the HTTP layer has checked the types already, the command line has not.
 */
export function checkSiteContent(value: unknown): { content: SiteContent } | { errors: FieldErrors } {
  const check = new ContentChecker();
  const raw = asRecord(value);
  const publisher = asRecord(raw.publisher);
  const crackme = asRecord(raw.crackme);
  const year = raw.copyrightYear;
  const buyLinks = check.list('buyLinks', 'Buy links', raw.buyLinks, LIMITS.buyLinks, (item, index): BuyLink => {
    const link = asRecord(item);
    const at = `buyLinks[${index}]`;
    const label = `Buy link ${index + 1}`;
    return {
      format: check.oneOf(`${at}.format`, `${label} format`, BUY_FORMATS, link.format),
      price: check.optional(`${at}.price`, `${label} price`, LIMITS.price, link.price),
      url: check.url(`${at}.url`, `${label} link`, link.url, true),
      note: check.optional(`${at}.note`, `${label} note`, LIMITS.note, link.note),
    };
  });
  const socialLinks = check.list(
    'socialLinks',
    'Social links',
    raw.socialLinks,
    LIMITS.socialLinks,
    (item, index): SocialLink => {
      const link = asRecord(item);
      const at = `socialLinks[${index}]`;
      return {
        network: check.oneOf(`${at}.network`, `Social link ${index + 1} network`, SOCIAL_NETWORKS, link.network),
        url: check.url(`${at}.url`, `Social link ${index + 1} link`, link.url, false),
      };
    },
  );
  check.unique('buyLinks', 'Format', buyLinks, (link) => link.format);
  check.unique('socialLinks', 'Network', socialLinks, (link) => link.network);
  const content: SiteContent = {
    title: check.text('title', 'Title', LIMITS.title, raw.title),
    subtitle: check.text('subtitle', 'Subtitle', LIMITS.subtitle, raw.subtitle),
    tagline: check.text('tagline', 'Tagline', LIMITS.tagline, raw.tagline),
    author: check.text('author', 'Author', LIMITS.author, raw.author),
    blurb: check.text('blurb', 'Blurb', LIMITS.blurb, raw.blurb),
    about: check.paragraphs('about', 'About the book', raw.about),
    themes: check.list('themes', 'Themes', raw.themes, { min: LIMITS.themes, max: LIMITS.themes }, (item, index) => {
      const theme = asRecord(item);
      const at = `themes[${index}]`;
      const label = `Theme ${index + 1}`;
      return {
        kicker: check.text(`${at}.kicker`, `${label} kicker`, LIMITS.themeKicker, theme.kicker),
        title: check.text(`${at}.title`, `${label} title`, LIMITS.themeTitle, theme.title),
        body: check.text(`${at}.body`, `${label} body`, LIMITS.themeBody, theme.body),
      };
    }),
    quotes: check.list('quotes', 'Quotes', raw.quotes, { min: LIMITS.quotes, max: LIMITS.quotes }, (item, index) => {
      const quote = asRecord(item);
      const at = `quotes[${index}]`;
      return {
        text: check.text(`${at}.text`, `Quote ${index + 1}`, LIMITS.quoteText, quote.text),
        chapter: check.text(`${at}.chapter`, `Quote ${index + 1} chapter`, LIMITS.quoteChapter, quote.chapter),
      };
    }),
    authorBio: check.paragraphs('authorBio', 'About the author', raw.authorBio),
    callToAction: check.text('callToAction', 'Call to action', LIMITS.callToAction, raw.callToAction),
    buyLinks,
    socialLinks,
    publisher: {
      name: check.text('publisher.name', 'Publisher', LIMITS.publisherName, publisher.name),
      url: check.url('publisher.url', 'Publisher link', publisher.url, true),
    },
    sharePosts: check.list('sharePosts', 'Share posts', raw.sharePosts, LIMITS.sharePosts, (item, index) => {
      const post = asRecord(item);
      const at = `sharePosts[${index}]`;
      return {
        network: check.text(`${at}.network`, `Share post ${index + 1} network`, LIMITS.shareNetwork, post.network),
        text: check.text(`${at}.text`, `Share post ${index + 1}`, LIMITS.shareText, post.text, { multiline: true }),
      };
    }),
    crackme: {
      intro: check.text('crackme.intro', 'Crackme intro', LIMITS.crackmeIntro, crackme.intro),
      prize: check.text('crackme.prize', 'Prize', LIMITS.crackmePrize, crackme.prize),
    },
    copyrightYear: typeof year === 'number' ? year : 0,
  };
  const { min, max } = LIMITS.copyrightYear;
  if (typeof year !== 'number' || !Number.isInteger(year) || year < min || year > max) {
    check.errors.add(`${PREFIX}copyrightYear`, FIELD_MESSAGES.mustBeWholeNumberIn('Copyright year', min, max));
  }
  return check.errors.isEmpty ? { content } : { errors: check.errors };
}
