/**
 * The landing page's words, links and prices: the content the owner edits in the admin app
 * (`/admin/site`), drafts, previews and publishes (docs/site-content.md). The server renders
 * the page from the published version; the section headings, the forms' texts and the riddles
 * stay in the code, as the specification fixes them.
 *
 * `DEFAULT_SITE_CONTENT` is the first published version: the texts the page showed before the
 * owner could edit them, so nothing changes for visitors on upgrade. STORE_LINKS, SOCIAL_LINKS
 * and PUBLISHER_URL, where set, replace its links in that first version only.
 */

import { BOOK_TITLE } from './limits';

/** The formats a buy link can be for, with their names on the page, in the order it shows them. */
const BUY_FORMAT_NAMES = {
  hardcover: 'Hardcover',
  paperback: 'Paperback',
  kindle: 'Kindle',
  audiobook: 'Audiobook',
  ebook: 'Ebook',
} as const;
export type BuyFormat = keyof typeof BUY_FORMAT_NAMES;
export const BUY_FORMAT_LABELS: Readonly<Record<BuyFormat, string>> = BUY_FORMAT_NAMES;
export const BUY_FORMATS = Object.keys(BUY_FORMAT_NAMES) as readonly BuyFormat[];

/** The networks a social link can point to, with their names, in the order the editor offers them. */
const SOCIAL_NETWORK_NAMES = {
  x: 'X / Twitter',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  instagram: 'Instagram',
  facebook: 'Facebook',
  threads: 'Threads',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  website: 'Website',
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORK_NAMES;
export const SOCIAL_NETWORK_LABELS: Readonly<Record<SocialNetwork, string>> = SOCIAL_NETWORK_NAMES;
export const SOCIAL_NETWORKS = Object.keys(SOCIAL_NETWORK_NAMES) as readonly SocialNetwork[];

export interface ThemeCard {
  readonly kicker: string;
  readonly title: string;
  readonly body: string;
}

export interface Quote {
  readonly text: string;
  readonly chapter: string;
}

/** A format's buy button. An empty `url` shows the price and "coming soon". */
export interface BuyLink {
  readonly format: BuyFormat;
  readonly price: string;
  readonly url: string;
  readonly note: string;
}

export interface SocialLink {
  readonly network: SocialNetwork;
  readonly url: string;
}

export interface SharePost {
  /** Where the post is meant for, in the owner's words ("LinkedIn", "Anywhere"). */
  readonly network: string;
  readonly text: string;
}

export interface SiteContent {
  readonly title: string;
  readonly subtitle: string;
  readonly tagline: string;
  readonly author: string;
  readonly blurb: string;
  /** "About the book", one text per paragraph. */
  readonly about: readonly string[];
  /** Exactly three (the specification's three theme cards). */
  readonly themes: readonly ThemeCard[];
  /** Exactly three (the manifesto's three quotes). */
  readonly quotes: readonly Quote[];
  /** "About the author", one text per paragraph. */
  readonly authorBio: readonly string[];
  /** The line under "Get your copy". */
  readonly callToAction: string;
  readonly buyLinks: readonly BuyLink[];
  readonly socialLinks: readonly SocialLink[];
  /** The footer's publisher link; an empty `url` shows the name without a link. */
  readonly publisher: { readonly name: string; readonly url: string };
  readonly sharePosts: readonly SharePost[];
  readonly crackme: { readonly intro: string; readonly prize: string };
  /** The footer's copyright line: "© <year> <author>". */
  readonly copyrightYear: number;
}

/**
 * The longest each text may be, the counts of the lists, and the copyright years taken. The
 * domain enforces them; the editor shows them.
 */
export const SITE_CONTENT_LIMITS = {
  title: 120,
  subtitle: 200,
  tagline: 200,
  author: 100,
  blurb: 1500,
  paragraph: 2000,
  paragraphs: { min: 1, max: 8 },
  themeKicker: 40,
  themeTitle: 80,
  themeBody: 600,
  themes: 3,
  quoteText: 300,
  quoteChapter: 100,
  quotes: 3,
  callToAction: 300,
  buyLinks: { min: 1, max: BUY_FORMATS.length },
  price: 30,
  note: 120,
  url: 500,
  socialLinks: { min: 0, max: SOCIAL_NETWORKS.length },
  publisherName: 100,
  sharePosts: { min: 0, max: 6 },
  shareNetwork: 40,
  shareText: 500,
  crackmeIntro: 600,
  crackmePrize: 200,
  copyrightYear: { min: 1900, max: 2200 },
} as const;

export const DEFAULT_SITE_CONTENT: SiteContent = {
  title: BOOK_TITLE,
  subtitle: "A founder's memoir, from the digital underground to the arena",
  tagline: 'Every system has a way in. So does every person.',
  author: 'Sam Okafor',
  blurb:
    'At fifteen, Sam Okafor was breaking into bulletin boards from a bedroom in Lagos. At thirty, he was defending a startup against lawsuits, layoffs and his own worst instincts. Root Access is the story in between: the code, the crews, the money, and the people who held the whole fragile stack together.',
  about: [
    'Root Access is not a how-to. It is a first-person account of growing up inside the machine: the late-night IRC channels, the first exploit that worked, the first one that got someone hurt, and the long road from the underground to a seat at the table.',
    'It is also a book about building companies honestly. About raising money without selling your judgement, shipping software that people trust, and leading a team through the weeks when nothing works.',
    'Written for engineers, founders, and anyone who has ever stared at a blinking cursor and wondered what happens next.',
  ],
  themes: [
    {
      kicker: 'Part one',
      title: 'The Digital Underground',
      body: 'Dial-up tones, borrowed passwords and a crew that taught a teenager how systems really work, and how quickly curiosity turns into consequences.',
    },
    {
      kicker: 'Part two',
      title: 'The Arena',
      body: 'Three startups, two near-bankruptcies and one acquisition. What investors, competitors and courtrooms teach you that no codebase can.',
    },
    {
      kicker: 'Part three',
      title: 'The Human Stack',
      body: 'The layer every architecture diagram leaves out: the people. Trust, burnout, mentorship, and the protocols that keep a team alive.',
    },
  ],
  quotes: [
    {
      text: 'Every system is a conversation. Learn to listen before you learn to break it.',
      chapter: 'Chapter 2, "Handshake"',
    },
    {
      text: 'Ship the thing you can defend at 3 a.m., not the thing that demos well at 3 p.m.',
      chapter: 'Chapter 11, "Production"',
    },
    { text: 'Root access was never the goal. Being trusted with it was.', chapter: 'Chapter 19, "Privilege"' },
  ],
  authorBio: [
    'Sam Okafor is a security engineer turned founder. He started his first company from a shared flat with two laptops and a stolen Wi-Fi signal (he paid it back), and has since built and sold software used by millions of people.',
    'Today he advises early-stage teams on security and leadership, mentors young engineers across West Africa and Europe, and still writes code most mornings.',
  ],
  callToAction: 'Available now in hardcover, paperback and for Kindle.',
  buyLinks: [
    {
      format: 'hardcover',
      price: '$28.00',
      url: 'https://bookshop.example/root-access/hardcover',
      note: 'With the illustrated network maps',
    },
    {
      format: 'paperback',
      price: '$17.99',
      url: 'https://bookshop.example/root-access/paperback',
      note: 'Pocket-sized, same great exploits',
    },
    { format: 'kindle', price: '$2.99', url: 'https://kindle.example/root-access', note: 'Instant delivery' },
  ],
  socialLinks: [
    { network: 'x', url: 'https://x.example/samokafor' },
    { network: 'linkedin', url: 'https://linkedin.example/in/samokafor' },
    { network: 'github', url: 'https://github.example/samokafor' },
  ],
  publisher: { name: 'Byteline Press', url: 'https://byteline-press.example/' },
  sharePosts: [
    {
      network: 'X / Twitter',
      text: 'Just started Root Access by @samokafor: from the digital underground to the startup arena. Every system has a way in. So does every person. #RootAccess',
    },
    {
      network: 'LinkedIn',
      text: "Reading Root Access, a founder's memoir about building companies honestly, from a teenage hacker to a seat at the table. A must-read for anyone leading engineers.",
    },
    {
      network: 'Anywhere',
      text: 'Ship the thing you can defend at 3 a.m., not the thing that demos well at 3 p.m. (Root Access, Sam Okafor)',
    },
  ],
  crackme: {
    intro:
      'Think you could have kept up with the crew? Download the challenge, find the key, and the first ten people to email it in get a signed hardcover.',
    prize: 'Prize: a signed hardcover.',
  },
  copyrightYear: 2026,
};

/**
 * A web address's parts, as the content's rules read them: `http` or `https`, what stands
 * between `//` and the path (user info, host, port), and the host. Null for anything else
 * (another scheme, a space, a quote or angle bracket). Written without `URL`, which the
 * framework-free domain does not have.
 */
export function webLinkParts(
  link: string,
): { readonly scheme: string; readonly authority: string; readonly host: string } | null {
  const match = /^(https?):\/\/([^\s/?#\\<>"]*)(?:[/?#][^\s\\<>"]*)?$/i.exec(link);
  if (match === null) return null;
  const authority = match[2] ?? '';
  const host = authority.replace(/^.*@/, '').replace(/:\d{1,5}$/, '');
  return { scheme: (match[1] ?? '').toLowerCase(), authority, host: host.toLowerCase() };
}

/** RFC 2606's names for examples: the top-level domain and the three second-level ones. */
const EXAMPLE_DOMAINS = ['example', 'example.com', 'example.net', 'example.org'];

/**
 * A link on a domain reserved for examples (RFC 2606: `.example`, and `example.com`, `.net`,
 * `.org` with their subdomains), or one that is no web address: a placeholder the owner has not
 * replaced, which must not reach visitors as a link.
 */
export function isPlaceholderUrl(url: string): boolean {
  const parts = webLinkParts(url);
  if (parts === null) return true;
  const host = parts.host.replace(/\.$/, '');
  return EXAMPLE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}
