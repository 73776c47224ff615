import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@memoir/shared';

import { useTestApps, type TestApp } from './support/test-app';

/*
 * The site content's calls over HTTP, as the admin app and an attacker make them: a save of
 * hostile content is a 400 that names the field, a stale save a 409 the screen can explain, a
 * preview link points at the public site, and the dashboard lists what is left to set up.
 */

async function draftOf(app: TestApp, token: string): Promise<{ revision: number; content: SiteContent }> {
  const answer = await app.call('GET', '/api/admin/site-content', { token });
  return answer.body.draft as { revision: number; content: SiteContent };
}

const save = (app: TestApp, token: string, revision: number, content: unknown) =>
  app.call('PUT', '/api/admin/site-content/draft', { token, body: { revision, content } });

describe('the site content over HTTP', () => {
  const startApp = useTestApps();

  it.each<[string, (content: SiteContent) => unknown, string, RegExp]>([
    ['a script tag', (c) => ({ ...c, tagline: '<script>alert(1)</script>' }), 'content.tagline', /plain text/],
    [
      'a javascript: link',
      (c) => ({ ...c, buyLinks: [{ ...c.buyLinks[0], url: 'javascript:alert(document.cookie)' }] }),
      'content.buyLinks[0].url',
      /web address/,
    ],
    ['a right-to-left override', (c) => ({ ...c, author: 'Sam \u202EkafO' }), 'content.author', /Author/],
    [
      'a 1 MB field',
      (c) => ({ ...c, blurb: 'x'.repeat(1024 * 1024) }),
      'content.blurb',
      /Blurb must be at most 1500 characters/,
    ],
    ['a number for a text', (c) => ({ ...c, title: 42 }), 'content.title', /Title must be text/],
    ['a text for the themes', (c) => ({ ...c, themes: 'three' }), 'content.themes', /Themes must be a list/],
    [
      'an unknown field deep inside',
      (c) => ({ ...c, publisher: { ...c.publisher, logo: 'x' } }),
      'content.publisher.logo',
      /Unknown field "logo"/,
    ],
    ['two themes', (c) => ({ ...c, themes: c.themes.slice(0, 2) }), 'content.themes', /exactly 3/],
  ])('refuses %s with a 400 naming the field, and keeps the draft', async (_, hostile, field, message) => {
    const app = await startApp();
    const token = await app.signIn();
    const before = await draftOf(app, token);
    const answer = await save(app, token, before.revision, hostile(before.content));
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors?.[field]).toMatch(message);
    expect(await draftOf(app, token)).toEqual(before);
  });

  it('refuses a save made from an older revision with 409 and words for the owner', async () => {
    const app = await startApp();
    const token = await app.signIn();
    const { revision, content } = await draftOf(app, token);
    expect((await save(app, token, revision, { ...content, tagline: 'First tab' })).status).toBe(200);
    const stale = await save(app, token, revision, { ...content, tagline: 'Second tab' });
    expect([stale.status, stale.body.code]).toEqual([409, 'SITE_CONTENT.STALE_REVISION']);
    expect(stale.body.error).toMatch(/changed somewhere else/);
    expect((await draftOf(app, token)).content.tagline).toBe('First tab');
  });

  it('answers 404 for restoring a version that does not exist', async () => {
    const app = await startApp();
    const token = await app.signIn();
    const answer = await app.call('POST', '/api/admin/site-content/versions/99/restore', { token });
    expect([answer.status, answer.body.code]).toEqual([404, 'SITE_CONTENT.VERSION_NOT_FOUND']);
    const nonsense = await app.call('POST', '/api/admin/site-content/versions/latest/restore', { token });
    expect(nonsense.status).toBe(404);
  });

  it('makes preview links on PUBLIC_BASE_URL, each unguessable, expiring in an hour', async () => {
    const app = await startApp({ env: { PUBLIC_BASE_URL: 'https://rootaccess.example' } });
    const token = await app.signIn();
    const first = await app.call('POST', '/api/admin/site-content/preview', { token });
    const second = await app.call('POST', '/api/admin/site-content/preview', { token });
    expect(first.body.url).toMatch(/^https:\/\/rootaccess\.example\/preview\/[A-Za-z0-9_-]{43,}$/);
    expect(second.body.url).not.toBe(first.body.url);
    expect(Date.parse(first.body.expiresAt as string) - app.clock.now().getTime()).toBe(60 * 60 * 1000);
  });

  it('starts from STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL on a first run', async () => {
    const app = await startApp({
      env: {
        STORE_LINKS: 'kindle=https://www.amazon.com/dp/B0ROOTACCESS',
        SOCIAL_LINKS: 'github=https://github.com/samokafor',
        PUBLISHER_URL: 'https://bytelinepress.com/',
      },
    });
    const token = await app.signIn();
    const published = (await app.call('GET', '/api/admin/site-content', { token })).body.published as {
      content: SiteContent;
    };
    expect(published.content.buyLinks.find((link) => link.format === 'kindle')?.url).toBe(
      'https://www.amazon.com/dp/B0ROOTACCESS',
    );
    expect(published.content.socialLinks.find((link) => link.network === 'github')?.url).toBe(
      'https://github.com/samokafor',
    );
    expect(published.content.publisher).toEqual({
      name: DEFAULT_SITE_CONTENT.publisher.name,
      url: 'https://bytelinepress.com/',
    });
  });

  it('lists on the dashboard what a new owner still has to do, each with where', async () => {
    const app = await startApp();
    const token = await app.signIn();
    const dashboard = await app.call('GET', '/api/admin/dashboard', { token });
    const steps = dashboard.body.setup as Array<{ key: string; where: string; href: string | null }>;
    expect(steps.map((step) => step.key)).toEqual([
      'placeholder-links',
      'public-base-url',
      'smtp-url',
      'owner-email',
      'sample-book',
      'two-factor',
    ]);
    expect(steps[0]).toMatchObject({ href: '/admin/site' });
    expect(steps[2]).toMatchObject({ where: 'Server setting SMTP_URL', href: null });
  });
});
