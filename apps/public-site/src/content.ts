/**
 * Every word of the landing page, in one place: edit the text here, not in the components.
 * Links on an `.example` domain are placeholders: set the real store, profile and publisher
 * addresses here, or in the server's STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL (which win).
 * With PUBLIC_BASE_URL set, the server leaves out a placeholder nobody configured
 * (docs/public-site.md, "Store and social links").
 */

import { BOOK_TITLE, type SocialLinkKey, type StoreLinkKey } from '@memoir/shared';

export interface BuyLink {
  /** STORE_LINKS names the link by this key. */
  readonly key: StoreLinkKey;
  readonly format: 'Hardcover' | 'Paperback' | 'Kindle';
  readonly price: string;
  readonly href: string;
  readonly note: string;
}

export interface ThemeCard {
  readonly title: string;
  readonly kicker: string;
  readonly body: string;
}

export interface Quote {
  readonly text: string;
  readonly chapter: string;
}

export interface SharePost {
  readonly network: string;
  readonly text: string;
}

export interface SocialLink {
  /** SOCIAL_LINKS names the link by this key. */
  readonly key: SocialLinkKey;
  readonly label: string;
  readonly href: string;
}

export interface Riddle {
  readonly question: string;
  /** The hint under the field. The answer itself is only on the server. */
  readonly hint: string;
  readonly letters: number;
}

export const BOOK = {
  title: BOOK_TITLE,
  subtitle: "A founder's memoir, from the digital underground to the arena",
  tagline: 'Every system has a way in. So does every person.',
  author: 'Sam Okafor',
  blurb:
    'At fifteen, Sam Okafor was breaking into bulletin boards from a bedroom in Lagos. At thirty, he was defending a startup against lawsuits, layoffs and his own worst instincts. Root Access is the story in between: the code, the crews, the money, and the people who held the whole fragile stack together.',
  /** PUBLISHER_URL replaces `href`. */
  publisher: { name: 'Byteline Press', href: 'https://byteline-press.example/' },
  copyrightYear: 2026,
} as const;

export const ABOUT = {
  heading: 'About the book',
  paragraphs: [
    'Root Access is not a how-to. It is a first-person account of growing up inside the machine: the late-night IRC channels, the first exploit that worked, the first one that got someone hurt, and the long road from the underground to a seat at the table.',
    'It is also a book about building companies honestly. About raising money without selling your judgement, shipping software that people trust, and leading a team through the weeks when nothing works.',
    'Written for engineers, founders, and anyone who has ever stared at a blinking cursor and wondered what happens next.',
  ],
} as const;

export const THEMES: readonly ThemeCard[] = [
  {
    title: 'The Digital Underground',
    kicker: 'Part one',
    body: 'Dial-up tones, borrowed passwords and a crew that taught a teenager how systems really work, and how quickly curiosity turns into consequences.',
  },
  {
    title: 'The Arena',
    kicker: 'Part two',
    body: 'Three startups, two near-bankruptcies and one acquisition. What investors, competitors and courtrooms teach you that no codebase can.',
  },
  {
    title: 'The Human Stack',
    kicker: 'Part three',
    body: 'The layer every architecture diagram leaves out: the people. Trust, burnout, mentorship, and the protocols that keep a team alive.',
  },
];

export const MANIFESTO = {
  heading: 'The manifesto',
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
  ] satisfies Quote[],
} as const;

export const AUTHOR = {
  heading: 'About the author',
  name: BOOK.author,
  bio: [
    'Sam Okafor is a security engineer turned founder. He started his first company from a shared flat with two laptops and a stolen Wi-Fi signal (he paid it back), and has since built and sold software used by millions of people.',
    'Today he advises early-stage teams on security and leadership, mentors young engineers across West Africa and Europe, and still writes code most mornings.',
  ],
} as const;

export const CRACKME = {
  heading: 'The crackme challenge',
  intro:
    'Think you could have kept up with the crew? Download the challenge, find the key, and the first ten people to email it in get a signed hardcover.',
  rules: [
    'A small Linux x86-64 program asks for a key. Find it; brute force will not get you far.',
    'Any tools you like: a disassembler, a debugger, patience.',
    'Found it? Claim your prize below with the key the program accepted.',
  ],
  download: {
    href: '/downloads/memoir-crackme',
    label: 'Download the crackme (Linux x86-64)',
    fileName: 'memoir-crackme',
  },
  prize: 'Prize: a signed hardcover.',
  claim: {
    heading: 'Claim your prize',
    submit: 'Claim your prize',
    accepted: 'Key accepted',
    refused: 'Claim not accepted',
    fallback: 'Please check the key and try again.',
  },
} as const;

export const CALL_TO_ACTION = {
  heading: 'Get your copy',
  text: 'Available now in hardcover, paperback and for Kindle.',
  links: [
    {
      key: 'hardcover',
      format: 'Hardcover',
      price: '$28.00',
      href: 'https://bookshop.example/root-access/hardcover',
      note: 'With the illustrated network maps',
    },
    {
      key: 'paperback',
      format: 'Paperback',
      price: '$17.99',
      href: 'https://bookshop.example/root-access/paperback',
      note: 'Pocket-sized, same great exploits',
    },
    {
      key: 'kindle',
      format: 'Kindle',
      price: '$2.99',
      href: 'https://kindle.example/root-access',
      note: 'Instant delivery',
    },
  ] satisfies BuyLink[],
} as const;

export const SHARE = {
  heading: 'Spread the word',
  intro: 'Ready-made graphics and posts. Copy, paste, tag a friend who still remembers dial-up.',
  // Made by the build from the cover and the words above (share-graphics.ts): one for link
  // previews (Open Graph, X), a square post, a story.
  graphics: [
    {
      src: '/images/share-card.png',
      alt: 'Root Access share card: the book cover on terminal green',
      width: 1200,
      height: 630,
      label: 'Link preview (1200 x 630)',
    },
    {
      src: '/images/share-square.png',
      alt: 'Root Access square post: the cover above the title and tagline',
      width: 1080,
      height: 1080,
      label: 'Square post (1080 x 1080)',
    },
    {
      src: '/images/share-story.png',
      alt: 'Root Access story: the cover above the title and tagline, upright',
      width: 1080,
      height: 1920,
      label: 'Story (1080 x 1920)',
    },
  ],
  posts: [
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
  ] satisfies SharePost[],
} as const;

export const SCHOLARSHIP_FORM = {
  heading: 'Free PDF for those who need it',
  intro:
    'Money should not stand between you and this book. If you cannot afford a copy right now, ask for the PDF: no questions beyond the ones below, and it is sent within 24 hours.',
  riddle: {
    question: 'I sit at the heart of every operating system, and of every seed. What am I?',
    hint: 'One word, 6 letters. Any case.',
    letters: 6,
  } satisfies Riddle,
  submit: 'Request the free PDF',
  privacyNote: 'What is kept about you, and for how long:',
} as const;

export const GUESTBOOK = {
  heading: 'Guestbook',
  intro: 'Sign the guestbook like it is 1997. Entries appear once the author has read them.',
  riddle: {
    question: 'I am made of nodes and links, and I carried this page to you. What am I?',
    hint: 'One word, 7 letters. Any case.',
    letters: 7,
  } satisfies Riddle,
  submit: '[ SIGN GUESTBOOK ]',
  recentHeading: 'Recent Visitors',
  privacyNote: 'What is kept about you, and for how long:',
} as const;

/** The privacy notice: served by the server from its running settings (so its periods are the real ones). */
export const PRIVACY = { href: '/privacy', label: 'Privacy' } as const;

export const FOOTER = {
  social: [
    { key: 'x', label: 'X / Twitter', href: 'https://x.example/samokafor' },
    { key: 'linkedin', label: 'LinkedIn', href: 'https://linkedin.example/in/samokafor' },
    { key: 'github', label: 'GitHub', href: 'https://github.example/samokafor' },
  ] satisfies SocialLink[],
  adminLabel: 'Admin',
  privacyLabel: PRIVACY.label,
} as const;
