import { describe, expect, it } from '@jest/globals';
import type { AnalyticsDto, SiteContent } from '@memoir/shared';

import { useTestApps, type TestApp } from './support/test-app';

/*
 * `/go/<format>`: the emails' own address for a store (the review reminder's links), so that
 * every link of a message stays on PUBLIC_BASE_URL. A redirect to the published address of the
 * moment, counted as a buy_click when a person's browser opens it.
 */

const BROWSER = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Sec-Fetch-Mode': 'navigate',
};

describe('the store links of the emails', () => {
  const startApp = useTestApps();

  const follow = (app: TestApp, path: string, headers: Record<string, string> = BROWSER) =>
    app.call('GET', path, { headers });

  async function storeClicks(app: TestApp): Promise<AnalyticsDto['stores']> {
    const answer = await app.call('GET', '/api/admin/analytics?days=1', { token: await app.signIn() });
    return (answer.body as AnalyticsDto).stores;
  }

  async function publish(app: TestApp, change: (content: SiteContent) => SiteContent): Promise<void> {
    const token = await app.signIn();
    const { draft } = (await app.call('GET', '/api/admin/site-content', { token })).body as {
      draft: { revision: number; content: SiteContent };
    };
    const saved = await app.call('PUT', '/api/admin/site-content/draft', {
      token,
      body: { revision: draft.revision, content: change(draft.content) },
    });
    const published = await app.call('POST', '/api/admin/site-content/publish', {
      token,
      body: { revision: saved.body.revision },
    });
    expect(published.status).toBe(200);
  }

  it("redirects to the store's published address, never cached, and counts a person's click", async () => {
    const app = await startApp();
    const kindle = await follow(app, '/go/kindle');
    expect([kindle.status, kindle.headers.location, kindle.headers['cache-control']]).toEqual([
      302,
      'https://kindle.example/root-access',
      'no-store',
    ]);
    await follow(app, '/go/kindle');
    await follow(app, '/go/paperback');
    expect(await storeClicks(app)).toEqual([
      { store: 'kindle', count: 2 },
      { store: 'paperback', count: 1 },
    ]);
  });

  it('sends a mail scanner, a bot and a visitor who opted out on without a count', async () => {
    const app = await startApp();
    const scanner = await follow(app, '/go/hardcover', { 'User-Agent': BROWSER['User-Agent'] });
    const bot = await follow(app, '/go/hardcover', { ...BROWSER, 'User-Agent': 'Barracuda link preview bot/1.0' });
    const optedOut = await follow(app, '/go/hardcover', { ...BROWSER, 'Sec-GPC': '1' });
    for (const answer of [scanner, bot, optedOut]) {
      expect([answer.status, answer.headers.location]).toEqual([302, 'https://bookshop.example/root-access/hardcover']);
    }
    expect(await storeClicks(app)).toEqual([]);
  });

  it('follows the owner: a changed address at once, a store taken off the page to the buy section', async () => {
    const app = await startApp();
    await publish(app, (content) => ({
      ...content,
      buyLinks: content.buyLinks
        .filter((link) => link.format !== 'hardcover')
        .map((link) => (link.format === 'kindle' ? { ...link, url: 'https://www.amazon.example/dp/B0NEW' } : link)),
    }));
    expect((await follow(app, '/go/kindle')).headers.location).toBe('https://www.amazon.example/dp/B0NEW');
    const gone = await follow(app, '/go/hardcover');
    expect([gone.status, gone.headers.location]).toEqual([302, '/#buy']);
    expect(await storeClicks(app)).toEqual([{ store: 'kindle', count: 1 }]);
  });

  it('answers a format that does not exist with a page saying so', async () => {
    const app = await startApp();
    for (const path of ['/go/vinyl', '/go/KINDLE', '/go/%3Cscript%3E']) {
      const answer = await app.call('GET', path, { headers: BROWSER, undocumented: true });
      expect([answer.status, answer.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
      expect(answer.text).toContain('There is no such store link.');
      expect(answer.text).not.toContain('<script>');
    }
  });
});
