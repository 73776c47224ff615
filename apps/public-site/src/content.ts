/**
 * The words of the landing page that the specification fixes: the section headings, the
 * crackme's rules, the forms' texts and riddles, the labels. Everything the owner edits (the
 * title, tagline, blurb, about text, theme cards, quotes, author bio, crackme intro and prize,
 * buy links and prices, share posts, social and publisher links) is the site content
 * (`SiteContent` of `@memoir/shared`), published in the admin app and given to the page by the
 * server (src/shared/site-data.tsx); its first version is `DEFAULT_SITE_CONTENT`.
 */

export interface Riddle {
  readonly question: string;
  /** The hint under the field. The answer itself is only on the server. */
  readonly hint: string;
  readonly letters: number;
}

export const ABOUT = { heading: 'About the book' } as const;

export const THEMES = { heading: 'Three parts, one system' } as const;

export const MANIFESTO = { heading: 'The manifesto' } as const;

export const AUTHOR = { heading: 'About the author' } as const;

export const CRACKME = {
  heading: 'The crackme challenge',
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
  /** Beside a format whose link the owner has not set yet. */
  comingSoon: 'coming soon',
} as const;

export const SHARE = {
  heading: 'Spread the word',
  intro: 'Ready-made graphics and posts. Copy, paste, tag a friend who still remembers dial-up.',
  // Made by the build from the cover and the first version's words (share-graphics.ts): one
  // for link previews (Open Graph, X), a square post, a story.
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
  adminLabel: 'Admin',
  privacyLabel: PRIVACY.label,
} as const;
