/** The landing page's section headings, in the specification's order. */
export const SECTION_HEADINGS = [
  'About the book',
  'Three parts, one system',
  'The manifesto',
  'About the author',
  'The crackme challenge',
  'Get your copy',
  'Spread the word',
  'Free PDF for those who need it',
  'Guestbook',
];
