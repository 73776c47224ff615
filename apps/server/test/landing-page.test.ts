import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@memoir/shared';

import { nuHtmlErrors } from '../../../tools/nu-html-checker';
import type { LandingMedia } from '../src/landing-media';
import { LandingPages, landingEntryFile, type LandingSource } from '../src/landing-page';
import { servedContent } from '../src/site-links';
import { publicSiteDist } from '../src/static-apps';
import { ANSWERS, useTestApps, type TestApp } from './support/test-app';

const ROOT = `${__dirname}/../../..`;

/** The page as a crawler or a visitor without JavaScript gets it. */
const page = async (app: TestApp, path = '/') => app.call('GET', path, { undocumented: true });

async function signAndApprove(app: TestApp, name: string, message: string): Promise<void> {
  const body = { name, location: 'Lagos', message, riddleAnswer: ANSWERS.guestbook };
  expect((await app.call('POST', '/api/guestbook-entry', { body })).status).toBe(201);
  const token = await app.signIn();
  const list = await app.call('GET', '/api/admin/guestbook', { token });
  const entry = (list.body.entries as Array<{ id: string; name: string }>).find((e) => e.name === name);
  await app.call('PATCH', `/api/admin/guestbook/${entry?.id}`, { token, body: { isApproved: true } });
}

/** Saves `content` as the draft; returns the owner's session and the draft's revision. */
async function saveDraft(app: TestApp, change: (content: SiteContent) => SiteContent) {
  const token = await app.signIn();
  const current = await app.call('GET', '/api/admin/site-content', { token });
  const { revision, content } = current.body.draft as { revision: number; content: SiteContent };
  const saved = await app.call('PUT', '/api/admin/site-content/draft', {
    token,
    body: { revision, content: change(content) },
  });
  expect(saved.status).toBe(200);
  return { token, revision: saved.body.revision as number };
}

describe('the landing page the server renders', () => {
  const startApp = useTestApps();

  it('holds every section’s words, the buy links with their prices and the approved entries, without JavaScript', async () => {
    const app = await startApp();
    await signAndApprove(app, 'Chidi', 'The crackme chapter kept me up all night.');
    const { status, text } = await page(app);
    expect(status).toBe(200);
    const content = DEFAULT_SITE_CONTENT;
    const words = [
      content.title,
      content.tagline,
      content.blurb,
      ...content.about,
      ...content.themes.flatMap((theme) => [theme.kicker, theme.title, theme.body]),
      ...content.quotes.map((quote) => quote.text),
      ...content.authorBio,
      content.crackme.intro,
      content.callToAction,
      ...content.sharePosts.map((post) => post.text),
      'About the book',
      'Free PDF for those who need it',
      'Request the free PDF',
      '[ SIGN GUESTBOOK ]',
      'Recent Visitors',
      'Chidi',
      'The crackme chapter kept me up all night.',
    ];
    const html = text.replaceAll('&#x27;', "'").replaceAll('&quot;', '"');
    expect(words.filter((word) => !html.includes(word))).toEqual([]);
    expect(text).toContain('<span class="buy-price">$17.99</span>');
  });

  it('is answered first with the bytes and headers Koa’s route sends, the same page until something changes', async () => {
    const app = await startApp();
    const first = await page(app);
    // A body header sends the request to Koa, which serves / from the same page.
    const viaKoa = await app.call('GET', '/', { undocumented: true, headers: { 'Content-Length': '0' } });
    expect(viaKoa.text).toBe(first.text);
    const omit = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': _id, ...rest } = headers;
      return rest;
    };
    expect(omit(first.headers)).toEqual(omit(viaKoa.headers));
    for (const encoding of ['br', 'gzip', 'gzip, deflate, br', 'br;q=0.5, gzip', 'identity', '*']) {
      const headers = { 'Accept-Encoding': encoding };
      const fast = await app.call('GET', '/', { undocumented: true, headers });
      const koa = await app.call('GET', '/', { undocumented: true, headers: { ...headers, 'Content-Length': '0' } });
      expect([encoding, fast.headers['content-encoding']]).toEqual([encoding, koa.headers['content-encoding']]);
    }
    expect((await page(app)).text).toBe(first.text);
  });

  it('shows a published draft at once, and a draft only on its preview link, marked and not indexed', async () => {
    const app = await startApp();
    const tagline = 'A draft tagline, not yet for visitors.';
    const { token, revision } = await saveDraft(app, (content) => ({ ...content, tagline }));
    const link = await app.call('POST', '/api/admin/site-content/preview', { token });
    const path = new URL(link.body.url as string).pathname;
    const preview = await page(app, path);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain(tagline);
    expect(preview.text).toContain('Preview of your draft: visitors do not see this yet.');
    expect(preview.text).toContain('<meta name="robots" content="noindex" />');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.headers['cache-control']).toBe('no-store');
    expect((await page(app)).text).not.toContain(tagline);

    const unknown = await page(app, '/preview/no-such-token');
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('Preview of your draft');

    await app.call('POST', '/api/admin/site-content/publish', { token, body: { revision } });
    const published = (await page(app)).text;
    expect(published).toContain(tagline);
    expect(published).not.toContain('Preview of your draft');
  });
});

describe('the served pages and the W3C Nu Html Checker', () => {
  const startApp = useTestApps();

  it('finds no error in the landing page, a preview or the not-found page', async () => {
    const app = await startApp({ env: { PUBLIC_BASE_URL: 'https://rootaccess.test' } });
    await signAndApprove(app, 'Chidi', 'The crackme chapter kept me up all night.');
    const { token } = await saveDraft(app, (content) => ({ ...content, tagline: 'A draft tagline.' }));
    const link = await app.call('POST', '/api/admin/site-content/preview', { token });
    for (const path of ['/', new URL(link.body.url as string).pathname, '/no-such-page']) {
      expect([path, nuHtmlErrors((await page(app, path)).text)]).toEqual([path, []]);
    }
  }, 20_000);
});

describe('the page kept in memory, from content that looks like markup', () => {
  const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)> javascript:alert(3) & "quotes"';
  const content: SiteContent = {
    ...DEFAULT_SITE_CONTENT,
    title: hostile,
    blurb: hostile,
    quotes: DEFAULT_SITE_CONTENT.quotes.map((quote) => ({ ...quote, text: hostile })),
    buyLinks: [
      { format: 'hardcover', price: '$28.00', url: "https://shop.test/?q=a'b&c=1", note: 'Quotes in the address' },
      // Not a web address (quotes, angle brackets): never a link, whatever the store let through.
      { format: 'kindle', price: '</script>$2.99', url: 'https://ebooks.test/?q="><script>', note: hostile },
    ],
    socialLinks: [],
    publisher: { name: hostile, url: '' },
  };
  const source: LandingSource = {
    published: () => Promise.resolve({ version: 1, content }),
    preview: () => Promise.resolve(null),
  };
  const pages = new LandingPages({
    distDir: publicSiteDist(ROOT),
    entryFile: landingEntryFile(ROOT),
    publicBaseUrl: 'https://rootaccess.test',
    adminLogin: '/admin/login',
    leaveOutPlaceholders: true,
    source,
    entries: () => Promise.resolve([]),
  });

  it('is rendered once per version and entries, and served as last rendered while the database is down', async () => {
    let version = 1;
    let down = false;
    const read = <T>(value: T) => (down ? Promise.reject(new Error('database unreachable')) : Promise.resolve(value));
    const entries: readonly [] = [];
    const counted = new LandingPages({
      distDir: publicSiteDist(ROOT),
      entryFile: landingEntryFile(ROOT),
      publicBaseUrl: 'https://rootaccess.test',
      adminLogin: '/admin/login',
      leaveOutPlaceholders: false,
      source: { published: () => read({ version, content }), preview: () => Promise.resolve(null) },
      entries: () => read(entries),
    });
    const first = await counted.page();
    expect(await counted.page()).toBe(first);
    version = 2;
    const second = await counted.page();
    expect(second).not.toBe(first);
    down = true;
    expect(await counted.page()).toBe(second);
  });

  it('is rendered as text: no element, script or attribute of its own reaches the page', async () => {
    const html = (await pages.page())?.body.toString('utf8') ?? '';
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script>alert|<img src=x|"><script>/);
    // Every script element is one of the page's own: the module, JSON-LD and the data block.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/ld+json">',
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/[^"]+\.js">$/),
      '<script type="application/json" id="site-data">',
    ]);
    const data = /<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(data).content).toEqual(servedContent(content, true));
    expect(html).toContain('<a class="buy-link" href="https://shop.test/?q=a&#x27;b&amp;c=1"');
    expect(html).not.toContain('ebooks.test');
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(jsonLd).name).toBe(hostile);
  });
});

describe('the landing page with the uploaded cover and photo', () => {
  const variants = (name: string, widths: readonly number[], ratio: number) =>
    (['webp', 'jpeg'] as const).flatMap((format) =>
      widths.map((width) => ({
        url: `/media/${name}-${width}.${format === 'jpeg' ? 'jpg' : format}`,
        width,
        height: Math.round(width * ratio),
        format,
      })),
    );
  let media: LandingMedia = {};
  const pages = new LandingPages({
    distDir: publicSiteDist(ROOT),
    entryFile: landingEntryFile(ROOT),
    publicBaseUrl: 'https://rootaccess.test',
    adminLogin: '/admin/login',
    leaveOutPlaceholders: false,
    source: {
      published: () => Promise.resolve({ version: 7, content: DEFAULT_SITE_CONTENT }),
      preview: () => Promise.resolve(null),
    },
    entries: () => Promise.resolve([]),
    media: () => Promise.resolve(media),
  });
  const html = async () => (await pages.page())?.body.toString('utf8') ?? '';

  it('draws its cover from the title and shows no photo while nothing is uploaded', async () => {
    const page = await html();
    expect(page).toContain('<div class="book" role="img" aria-label="The cover of Root Access by');
    expect(page).not.toContain('<picture>');
    expect(page).toContain('<meta property="og:image" content="https://rootaccess.test/images/share-card.png" />');
  });

  it('shows the uploaded cover and photo in WebP and JPEG at every size, with their alt text and no layout shift', async () => {
    media = {
      cover: {
        alt: 'A green terminal prompt on black: the cover',
        variants: variants('cover', [960, 640, 320], 1.5),
        hash: 'f00d'.repeat(16),
      },
      authorPhoto: {
        alt: 'Sam, smiling, in front of a rack of servers',
        variants: variants('photo', [600, 400, 200], 1.25),
      },
    };
    const page = await html();
    expect(page).toContain(
      '<div class="book book-uploaded"><picture><source type="image/webp" srcSet="/media/cover-320.webp 320w, /media/cover-640.webp 640w, /media/cover-960.webp 960w" sizes="(max-width: 400px) 60vw, 240px"/>' +
        '<img class="book-image" src="/media/cover-320.jpg" srcSet="/media/cover-320.jpg 320w, /media/cover-640.jpg 640w, /media/cover-960.jpg 960w" sizes="(max-width: 400px) 60vw, 240px" width="240" height="360" alt="A green terminal prompt on black: the cover" decoding="async" fetchPriority="high"/></picture></div>',
    );
    expect(page).not.toContain('class="book-inner"');
    const photo = /<img class="author-photo"[^>]*>/.exec(page)?.[0] ?? '';
    expect(photo).toContain('src="/media/photo-200.jpg"');
    expect(photo).toContain('width="200" height="250"');
    expect(photo).toContain('alt="Sam, smiling, in front of a rack of servers"');
    expect(photo).toContain('loading="lazy"');
    expect(page).toContain(
      '<source type="image/webp" srcSet="/media/photo-200.webp 200w, /media/photo-400.webp 400w, /media/photo-600.webp 600w" sizes="200px"/>',
    );
    expect(nuHtmlErrors(page)).toEqual([]);
  }, 60_000);

  it('points the head and the share section at graphics made from this cover and version', async () => {
    const page = await html();
    const image = 'https://rootaccess.test/images/share-card.png?v=7-f00df00df00df00d';
    expect(page).toContain(`<meta property="og:image" content="${image}" />`);
    expect(page).toContain(`<meta name="twitter:image" content="${image}" />`);
    expect(page).toContain('href="/images/share-story.png?v=7-f00df00df00df00d"');
    const data = /<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(page)?.[1] ?? '';
    expect(JSON.parse(data).shareKey).toBe('7-f00df00df00df00d');
    expect(JSON.parse(data).media.cover.hash).toBeUndefined();

    media = { ...media, cover: { ...(media.cover ?? { alt: '', variants: [] }), hash: 'beef'.repeat(16) } };
    expect(await html()).toContain('share-card.png?v=7-beefbeefbeefbeef');
  });
});
