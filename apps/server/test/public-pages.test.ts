import { describe, expect, it } from '@jest/globals';

import { BUILD_ORIGIN } from '../src/public-pages';
import { useTestApps } from './support/test-app';

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
