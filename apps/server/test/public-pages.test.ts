import { Writable } from 'node:stream';

import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@memoir/shared';
import pino from 'pino';

import { BUILD_ORIGIN } from '../src/public-pages';
import { firstSiteContent, linkSetting, placeholderLinks, servedContent } from '../src/site-links';
import { startTestApp, useTestApps } from './support/test-app';

/**
 * The public site's absolute URLs as a crawler or a share preview reads them: every one from
 * PUBLIC_BASE_URL, none from the build's placeholder, a sitemap robots.txt names, and (with
 * ADMIN_HOST) the footer's Admin link pointing at the admin host.
 */
describe('the public pages served with PUBLIC_BASE_URL', () => {
  const startApp = useTestApps();
  const start = () =>
    startApp({ env: { PUBLIC_BASE_URL: 'https://rootaccess.test/', ADMIN_HOST: 'admin.rootaccess.test' } });

  it('gives every absolute URL of the page the configured address, and none the placeholder', async () => {
    const app = await start();
    const response = await app.call('GET', '/', { undocumented: true });
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).not.toContain(BUILD_ORIGIN);
    expect(html).not.toMatch(/\.example\b/);
    expect(html).toContain('<link rel="canonical" href="https://rootaccess.test/" />');
    expect(html).toContain('<meta property="og:url" content="https://rootaccess.test/" />');
    expect(html).toContain('<meta property="og:image" content="https://rootaccess.test/images/share-card.png" />');
    expect(html).toContain('<meta name="twitter:image" content="https://rootaccess.test/images/share-card.png" />');
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(jsonLd)).toMatchObject({
      url: 'https://rootaccess.test/',
      author: { '@id': 'https://rootaccess.test/#author' },
    });
    expect(html).toContain('<a href="https://admin.rootaccess.test/admin/login">Admin</a>');
    // Any other path gets the same head, and the app's not-found screen in place of the sections.
    const notFound = await app.call('GET', '/no-such-page', { undocumented: true });
    expect(notFound.status).toBe(404);
    expect(notFound.text).toContain('<link rel="canonical" href="https://rootaccess.test/" />');
    expect(notFound.text).toContain('<div id="root"></div>');
    expect(notFound.text).not.toContain('About the book');
  });

  it('sends the page compressed when asked, and the same page whole when not', async () => {
    const app = await start();
    const plain = await app.call('GET', '/', { undocumented: true, headers: { 'Accept-Encoding': 'identity' } });
    const br = await app.call('GET', '/', { undocumented: true, headers: { 'Accept-Encoding': 'br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.text).toBe(plain.text); // supertest decodes it
  });

  it('names the sitemap in robots.txt, and the sitemap lists the public pages', async () => {
    const app = await start();
    const robots = await app.call('GET', '/robots.txt', { undocumented: true });
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.text).toContain('Sitemap: https://rootaccess.test/sitemap.xml');
    expect(robots.text).not.toContain(BUILD_ORIGIN);
    const sitemap = await app.call('GET', '/sitemap.xml', { undocumented: true });
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://rootaccess.test/</loc></url>',
        '  <url><loc>https://rootaccess.test/privacy</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('leaves the Admin link on this host without ADMIN_HOST', async () => {
    const app = await startApp({ env: { PUBLIC_BASE_URL: 'https://rootaccess.test' } });
    expect((await app.call('GET', '/', { undocumented: true })).text).toContain('<a href="/admin/login">Admin</a>');
  });
});

/** The page's store, social and publisher links: the content's, placeholders not shown as links once the site has an address. */
describe('the store, social and publisher links the page is served with', () => {
  const content: SiteContent = {
    ...DEFAULT_SITE_CONTENT,
    buyLinks: [
      { format: 'hardcover', price: '$28.00', url: 'https://bookshop.example/root-access/hardcover', note: 'Maps' },
      { format: 'paperback', price: '$17.99', url: 'https://paperbacks.test/root-access', note: 'Pocket' },
      { format: 'kindle', price: '$2.99', url: '', note: 'Instant' },
    ],
    socialLinks: [
      { network: 'x', url: 'https://x.example/samokafor' },
      { network: 'github', url: 'https://github.com/samokafor' },
    ],
    publisher: { name: 'Byteline Press', url: 'https://www.example.com/' },
  };

  it('shows every link, placeholders too, without PUBLIC_BASE_URL (a lab on localhost)', () => {
    expect(servedContent(content, false)).toBe(content);
  });

  it('shows no placeholder as a link when PUBLIC_BASE_URL is set: coming soon, left out, the name alone', () => {
    const served = servedContent(content, true);
    expect(served.buyLinks.map((link) => [link.format, link.url])).toEqual([
      ['hardcover', ''],
      ['paperback', 'https://paperbacks.test/root-access'],
      ['kindle', ''],
    ]);
    expect(served.socialLinks).toEqual([{ network: 'github', url: 'https://github.com/samokafor' }]);
    expect(served.publisher).toEqual({ name: 'Byteline Press', url: '' });
    expect(placeholderLinks(content).map(linkSetting)).toEqual([
      'STORE_LINKS hardcover',
      'SOCIAL_LINKS x',
      'PUBLISHER_URL',
    ]);
  });

  it('puts the configured links in the first version, placeholder or not', () => {
    const first = firstSiteContent({
      kindle: 'https://ebooks.test/root-access',
      linkedin: 'https://www.linkedin.com/in/samokafor',
      publisher: 'https://byteline.test/',
    });
    expect(first.buyLinks.map((link) => link.url)).toEqual([
      'https://bookshop.example/root-access/hardcover',
      'https://bookshop.example/root-access/paperback',
      'https://ebooks.test/root-access',
    ]);
    expect(first.socialLinks.find((link) => link.network === 'linkedin')?.url).toBe(
      'https://www.linkedin.com/in/samokafor',
    );
    expect(first.publisher.url).toBe('https://byteline.test/');
  });
});

/** The built site (apps/public-site/dist), as the server serves it and says at start what it leaves out. */
describe('the built page’s store, social and publisher links', () => {
  const startApp = useTestApps();

  it('serves no placeholder with PUBLIC_BASE_URL set, and the configured store link', async () => {
    const app = await startApp({
      env: { PUBLIC_BASE_URL: 'https://rootaccess.test', STORE_LINKS: 'Kindle=https://ebooks.test/root-access' },
    });
    const html = (await app.call('GET', '/', { undocumented: true })).text;
    expect(html).not.toMatch(/\.example\b/);
    expect(html.match(/<a class="buy-link" href="[^"]*"/g)).toEqual([
      '<a class="buy-link" href="https://ebooks.test/root-access"',
    ]);
    // The formats without a real link show their price, "coming soon".
    expect(html).toContain(
      '<span class="buy-format">Hardcover</span><span class="buy-price">$28.00</span><span class="buy-note">coming soon</span>',
    );
  });

  it('never sends the build’s own copies of the page, compressed or not: they are the not-found page', async () => {
    const app = await startApp({ env: { PUBLIC_BASE_URL: 'https://rootaccess.test' } });
    const notFound = (await app.call('GET', '/no-such-page', { undocumented: true })).text;
    for (const path of ['/index.html', '/index.html.gz', '/index.html.br', '/INDEX.HTML.GZ']) {
      const response = await app.call('GET', path, { undocumented: true });
      expect([path, response.status, response.headers['content-type'], response.text]).toEqual([
        path,
        404,
        'text/html; charset=utf-8',
        notFound,
      ]);
    }
    expect(notFound).not.toContain('<!--memoir:');
  });

  it('serves the content’s links as they are without PUBLIC_BASE_URL', async () => {
    const app = await startApp();
    const html = (await app.call('GET', '/', { undocumented: true })).text;
    expect(html.match(/<a class="buy-link" href="[^"]*"/g)).toHaveLength(3);
    expect(html).toContain('href="https://kindle.example/root-access"');
    expect(html).toContain('href="https://x.example/samokafor"');
  });

  it('warns once at start, naming what it leaves out', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = await startTestApp({
      listen: true,
      logger: pino({ level: 'info' }, sink),
      env: { PUBLIC_BASE_URL: 'https://rootaccess.test', STORE_LINKS: 'kindle=https://ebooks.test/root-access' },
    });
    await app.close();
    const warnings = lines.filter((line) => Array.isArray(line.leftOut));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      leftOut: [
        'STORE_LINKS hardcover',
        'STORE_LINKS paperback',
        'SOCIAL_LINKS x',
        'SOCIAL_LINKS linkedin',
        'SOCIAL_LINKS github',
        'PUBLISHER_URL',
      ],
    });
  });
});
