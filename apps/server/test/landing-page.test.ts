import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@memoir/shared';

import { nuHtmlErrors } from '../../../tools/nu-html-checker';
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
