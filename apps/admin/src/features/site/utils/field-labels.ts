import type { SiteContent } from '@memoir/shared';

/**
 * Each content field in the editor's words: the labels of its sections, so a version's
 * "what changed" reads as the screen does. A Record over the content's keys: a field added to
 * SiteContent fails the typecheck here until it has its words.
 */
export const CONTENT_FIELD_LABELS: Readonly<Record<keyof SiteContent, string>> = {
  title: 'Title',
  subtitle: 'Subtitle',
  tagline: 'Tagline',
  author: 'Author',
  blurb: 'Blurb',
  about: 'About the book',
  themes: 'Themes',
  quotes: 'Quotes',
  authorBio: 'About the author',
  callToAction: 'Call to action',
  buyLinks: 'Buy links',
  socialLinks: 'Social links',
  publisher: 'Publisher',
  sharePosts: 'Share posts',
  crackme: 'Crackme',
  copyrightYear: 'Copyright year',
};

const isContentField = (name: string): name is keyof SiteContent => Object.hasOwn(CONTENT_FIELD_LABELS, name);

/** A field name in words: its label, or (a field this app does not know yet) the name split at its capitals. */
export function fieldInWords(name: string): string {
  if (isContentField(name)) return CONTENT_FIELD_LABELS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a published version changed, in words and in the editor's order: "Tagline, Buy links". */
export function changedInWords(changed: readonly string[]): string {
  if (changed.length === 0) return 'Nothing';
  const order = Object.keys(CONTENT_FIELD_LABELS);
  const rank = (name: string) => (isContentField(name) ? order.indexOf(name) : order.length);
  return [...new Set(changed)]
    .sort((a, b) => rank(a) - rank(b))
    .map(fieldInWords)
    .join(', ');
}
