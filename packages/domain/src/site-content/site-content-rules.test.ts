import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@memoir/shared';

import { HIDDEN_CHARACTERS } from '../../testing/text-samples';
import { checkSiteContent } from './site-content-rules';

/** The faults of a content, by path (empty when it passes). */
function faults(content: unknown): Readonly<Record<string, string>> {
  const checked = checkSiteContent(content);
  return 'errors' in checked ? checked.errors.toRecord() : {};
}

const edit = (change: Partial<SiteContent>): SiteContent => ({ ...DEFAULT_SITE_CONTENT, ...change });

describe('the rules of the site content', () => {
  it('takes the shipped texts as they are', () => {
    expect(checkSiteContent(DEFAULT_SITE_CONTENT)).toEqual({ content: DEFAULT_SITE_CONTENT });
  });

  it('trims and composes text as the entries do', () => {
    const checked = checkSiteContent(edit({ tagline: '  Cafe\u0301 at midnight  ' }));
    expect('content' in checked && checked.content.tagline).toBe('Café at midnight');
  });

  it('names each missing or over-long field by its path, in words', () => {
    const themes = DEFAULT_SITE_CONTENT.themes.map((theme, i) => (i === 1 ? { ...theme, title: ' ' } : theme));
    expect(faults(edit({ title: '', blurb: 'b'.repeat(1501), themes }))).toEqual({
      'content.title': 'Title is required.',
      'content.blurb': 'Blurb must be at most 1500 characters.',
      'content.themes[1].title': 'Theme 2 title is required.',
    });
  });

  it('takes exactly three theme cards and three quotes', () => {
    expect(faults(edit({ themes: DEFAULT_SITE_CONTENT.themes.slice(0, 2) }))).toEqual({
      'content.themes': 'Themes must be exactly 3.',
    });
    expect(faults(edit({ quotes: [...DEFAULT_SITE_CONTENT.quotes, DEFAULT_SITE_CONTENT.quotes[0]!] }))).toEqual({
      'content.quotes': 'Quotes must be exactly 3.',
    });
  });

  it('takes one to eight paragraphs, none of them empty', () => {
    expect(faults(edit({ about: [] }))).toEqual({ 'content.about': 'About the book must be 1 to 8.' });
    expect(faults(edit({ authorBio: ['One.', ''] }))).toEqual({
      'content.authorBio[1]': 'About the author, paragraph 2 is required.',
    });
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<b>hi</b>'],
    ['ftp://files.example/book'],
    ['//shop.example/book'],
    ['https://'],
    ['https://shop .example/book'],
    ['https://shop.example/"onmouseover="x'],
    ['shop.example/book'],
  ])('refuses the link %s', (url) => {
    const buyLinks = [{ ...DEFAULT_SITE_CONTENT.buyLinks[0]!, url }];
    expect(faults(edit({ buyLinks }))['content.buyLinks[0].url']).toMatch(/must be a web address|plain text/);
  });

  it('refuses a link with a user name or password in it', () => {
    const socialLinks = [{ network: 'x' as const, url: 'https://owner:secret@x.example/samokafor' }];
    expect(faults(edit({ socialLinks }))).toEqual({
      'content.socialLinks[0].url': 'Social link 1 link must not hold a user name or password (the part before @).',
    });
  });

  it('takes http(s) links, in any script, with ports and paths, and an empty buy link or publisher link', () => {
    const buyLinks = [
      {
        format: 'hardcover' as const,
        price: '£24',
        url: 'https://bücher.example:8443/root-access?ref=site#buy',
        note: '',
      },
      { format: 'audiobook' as const, price: '', url: '', note: 'Coming in spring' },
    ];
    expect(faults(edit({ buyLinks, publisher: { name: 'Byteline Press', url: '' } }))).toEqual({});
  });

  it('refuses a format or a network listed twice, and one it does not know', () => {
    const link = DEFAULT_SITE_CONTENT.buyLinks[0]!;
    expect(faults(edit({ buyLinks: [link, { ...link, price: '$30' }] }))).toEqual({
      'content.buyLinks[1]': 'Format "hardcover" is listed twice.',
    });
    expect(faults(edit({ socialLinks: [{ network: 'myspace' as 'x', url: 'https://myspace.example/sam' }] }))).toEqual({
      'content.socialLinks[0].network': expect.stringMatching(/^Social link 1 network must be one of: x, linkedin/),
    });
  });

  it.each([['<script>alert(1)</script>'], ['<img src=x onerror=alert(1)>'], ['Hello </p>'], ['<!-- note -->']])(
    'refuses markup in text: %s',
    (tagline) => {
      expect(faults(edit({ tagline }))).toEqual({
        'content.tagline': 'Tagline must be plain text: HTML tags such as <b> or <script> are not used.',
      });
    },
  );

  it('keeps angle brackets that are not markup', () => {
    expect(faults(edit({ tagline: 'Root < access, and 3 > 2 <3' }))).toEqual({});
  });

  it.each(HIDDEN_CHARACTERS.filter(([name]) => /override|isolate|embedding|zero width space/.test(name)))(
    'refuses a hidden character: %s',
    (_, char) => {
      expect(faults(edit({ author: `Sam${char} Okafor` }))).toEqual({
        'content.author': expect.stringContaining('Author'),
      });
    },
  );

  it('refuses the wrong types without throwing', () => {
    expect(faults({ ...DEFAULT_SITE_CONTENT, title: 7, themes: 'three', copyrightYear: '2026' })).toEqual({
      'content.title': 'Title is required.',
      'content.themes': 'Themes must be a list of groups of fields (JSON objects).',
      'content.copyrightYear': 'Copyright year must be a whole number from 1900 to 2200.',
    });
    expect(Object.keys(faults(null)).length).toBeGreaterThan(10);
  });

  it('takes a multi-line share post, and no line break in a title', () => {
    const sharePosts = [{ network: 'Anywhere', text: 'Line one.\nLine two.' }];
    expect(faults(edit({ sharePosts }))).toEqual({});
    expect(Object.keys(faults(edit({ title: 'Root\nAccess' })))).toEqual(['content.title']);
  });
});
