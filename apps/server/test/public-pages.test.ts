import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readSiteLinksMeta, siteLinksMetaTag, type SiteLinks } from '@memoir/shared';
import pino from 'pino';

import { loadConfig } from '../src/config';
import { BUILD_ORIGIN, PublicPages } from '../src/public-pages';
import { linksLeftOut } from '../src/site-links';
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
    expect(html).toContain('<meta name="memoir:admin-login" content="https://admin.rootaccess.test/admin/login" />');
    // Any other path that is the app's page (a 404) is the same page.
    expect((await app.call('GET', '/no-such-page', { undocumented: true })).text).toBe(html);
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
    expect((await app.call('GET', '/', { undocumented: true })).text).not.toContain('memoir:admin-login');
  });
});

/** The page's store, social and publisher links: the build names the content module's, the server the ones it serves. */
describe('the store, social and publisher links the page is served with', () => {
  const CONTENT_LINKS: SiteLinks = {
    hardcover: 'https://bookshop.example/root-access/hardcover',
    paperback: 'https://paperbacks.test/root-access',
    kindle: 'https://kindle.example/root-access',
    x: 'https://x.example/samokafor',
    github: 'https://github.com/samokafor',
    publisher: 'https://byteline-press.example/',
  };
  let distDir: string;
  beforeAll(() => {
    distDir = mkdtempSync(join(tmpdir(), 'memoir-site-links-'));
    writeFileSync(
      join(distDir, 'index.html'),
      `<!doctype html><html><head><link rel="canonical" href="${BUILD_ORIGIN}/" />\n  ${siteLinksMetaTag(CONTENT_LINKS)}\n  </head><body><div id="root"></div></body></html>`,
    );
  });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  /** The page as served with this environment, and the links it names. */
  const served = (env: Record<string, string>) => {
    const config = loadConfig(env, '/srv/memoir');
    const pages = new PublicPages({
      distDir,
      publicBaseUrl: config.mail.publicBaseUrl,
      adminLoginUrl: null,
      siteLinks: config.siteLinks,
    });
    const html = pages.indexHtml()?.body.toString('utf8') ?? '';
    return { html, links: readSiteLinksMeta(html)?.links, leftOut: linksLeftOut(distDir, config.siteLinks) };
  };

  it('shows every content link, placeholders too, without PUBLIC_BASE_URL (a lab on localhost)', () => {
    const { links, leftOut } = served({});
    expect(links).toEqual(CONTENT_LINKS);
    expect(leftOut).toEqual([]);
  });

  it('leaves out the placeholders nobody configured when PUBLIC_BASE_URL is set, and keeps real addresses', () => {
    const { html, links, leftOut } = served({ PUBLIC_BASE_URL: 'https://rootaccess.test' });
    expect(links).toEqual({ paperback: 'https://paperbacks.test/root-access', github: 'https://github.com/samokafor' });
    expect(html).not.toMatch(/\.example\b/);
    expect(leftOut).toEqual(['STORE_LINKS hardcover', 'STORE_LINKS kindle', 'SOCIAL_LINKS x', 'PUBLISHER_URL']);
  });

  it('puts a configured link in place of the content module’s, placeholder or not', () => {
    const { links, leftOut } = served({
      PUBLIC_BASE_URL: 'https://rootaccess.test',
      STORE_LINKS: 'kindle=https://ebooks.test/root-access,paperback=https://shop.test/pb',
      SOCIAL_LINKS: 'linkedin=https://www.linkedin.com/in/samokafor',
      PUBLISHER_URL: 'https://byteline.test/',
    });
    expect(links).toEqual({
      paperback: 'https://shop.test/pb',
      kindle: 'https://ebooks.test/root-access',
      linkedin: 'https://www.linkedin.com/in/samokafor',
      github: 'https://github.com/samokafor',
      publisher: 'https://byteline.test/',
    });
    expect(leftOut).toEqual(['STORE_LINKS hardcover', 'SOCIAL_LINKS x']);
  });

  it('keeps a hostile address inside its attribute: quotes and angle brackets never reach the HTML as such', () => {
    const hostile = `https://shop.test/a'b"c<script>alert(1)</script>&x=1`;
    const { html, links } = served({ PUBLIC_BASE_URL: 'https://rootaccess.test', STORE_LINKS: `kindle=${hostile}` });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(`a'b`);
    const tag = /<meta name="memoir:links" content="[^"]*" \/>/.exec(html)?.[0] ?? '';
    expect(tag).not.toBe('');
    expect(tag).not.toMatch(/content="[^"]*['<>][^"]*"/);
    // What the page reads back is the address as the URL parser writes it.
    expect(links?.kindle).toBe(new URL(hostile).href);
    expect(links?.kindle).toBe(`https://shop.test/a'b%22c%3Cscript%3Ealert(1)%3C/script%3E&x=1`);
  });

  it('leaves the page as built when its build names no links', () => {
    const oldDist = mkdtempSync(join(tmpdir(), 'memoir-site-links-'));
    try {
      const html = '<!doctype html><html><head></head><body></body></html>';
      writeFileSync(join(oldDist, 'index.html'), html);
      const siteLinks = { configured: { kindle: 'https://ebooks.test/' }, leaveOutPlaceholders: true };
      const pages = new PublicPages({
        distDir: oldDist,
        publicBaseUrl: 'https://rootaccess.test',
        adminLoginUrl: null,
        siteLinks,
      });
      expect(pages.indexHtml()?.body.toString('utf8')).toBe(html);
      expect(linksLeftOut(oldDist, siteLinks)).toBe('not named');
      expect(linksLeftOut(join(oldDist, 'nothing-here'), siteLinks)).toBe('not built');
    } finally {
      rmSync(oldDist, { recursive: true, force: true });
    }
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
    expect(readSiteLinksMeta(html)?.links).toEqual({ kindle: 'https://ebooks.test/root-access' });
  });

  it('never sends the build’s own copies of the page, compressed or not, which hold the placeholders', async () => {
    const app = await startApp({ env: { PUBLIC_BASE_URL: 'https://rootaccess.test' } });
    const page = (await app.call('GET', '/', { undocumented: true })).text;
    for (const path of ['/index.html', '/index.html.gz', '/index.html.br', '/INDEX.HTML.GZ']) {
      const response = await app.call('GET', path, { undocumented: true });
      expect([path, response.headers['content-type'], response.text]).toEqual([path, 'text/html; charset=utf-8', page]);
    }
  });

  it('serves the content module’s links as they are without PUBLIC_BASE_URL', async () => {
    const app = await startApp();
    const links = readSiteLinksMeta((await app.call('GET', '/', { undocumented: true })).text)?.links ?? {};
    expect(Object.keys(links)).toEqual(['hardcover', 'paperback', 'kindle', 'x', 'linkedin', 'github', 'publisher']);
    expect(links.kindle).toMatch(/^https:\/\/[^/]*\.example\//);
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
