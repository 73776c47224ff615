import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT } from '@memoir/shared';

import { createWorld, errorOf, valueOf } from '../../test/world';
import { SITE_PREVIEW_LIFETIME_MS } from './site-content';

const withTagline = (tagline: string) => ({ ...DEFAULT_SITE_CONTENT, tagline });

describe('editing the site content', () => {
  it('starts from the shipped texts: version 1 published, draft revision 1, by nobody', async () => {
    const { useCases } = createWorld();
    const { draft, published } = await useCases.editSiteContent.current();
    expect([draft.revision, draft.updatedBy, draft.content]).toEqual([1, null, DEFAULT_SITE_CONTENT]);
    expect([published.version, published.publishedBy, published.content]).toEqual([1, null, DEFAULT_SITE_CONTENT]);
  });

  it('saves a draft from the latest revision, refuses one from an older revision (a second tab), and audits each save', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    const edit = world.useCases.editSiteContent;
    expect(valueOf(await edit.saveDraft({ revision: 1, content: withTagline('First tab') }, owner))).toEqual({
      revision: 2,
    });
    const stale = errorOf(await edit.saveDraft({ revision: 1, content: withTagline('Second tab') }, owner));
    expect(stale.code).toBe('SITE_CONTENT.STALE_REVISION');
    expect(stale.message).toMatch(/changed somewhere else/);
    const { draft, published } = await edit.current();
    expect([draft.revision, draft.updatedBy, draft.content.tagline]).toEqual([2, 'owner', 'First tab']);
    expect(published.content.tagline).toBe(DEFAULT_SITE_CONTENT.tagline);
    const events = await world.repositories.auditEvents.listNewestFirst({
      limit: 10,
      filter: { action: 'site_content_saved' },
    });
    expect(events.map((event) => event.details)).toEqual([{ revision: 2, changed: ['tagline'] }]);
  });

  it('changes nothing when the draft already holds the content saved', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    expect(
      valueOf(await world.useCases.editSiteContent.saveDraft({ revision: 1, content: DEFAULT_SITE_CONTENT }, owner)),
    ).toEqual({ revision: 1 });
    expect(
      await world.repositories.auditEvents.listNewestFirst({ limit: 10, filter: { action: 'site_content_saved' } }),
    ).toEqual([]);
  });

  it('refuses content that breaks a rule, naming each field, and keeps the draft', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    const error = errorOf(
      await world.useCases.editSiteContent.saveDraft(
        { revision: 1, content: { ...DEFAULT_SITE_CONTENT, title: '' } },
        owner,
      ),
    );
    expect([error.code, error.fieldErrors]).toEqual([
      'SITE_CONTENT.INVALID',
      { 'content.title': 'Title is required.' },
    ]);
    expect((await world.useCases.editSiteContent.current()).draft.revision).toBe(1);
  });

  it('publishes the latest draft as a new version, serves it at once, and lists versions with what changed', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    const edit = world.useCases.editSiteContent;
    await world.useCases.publishedSiteContent.current();
    const { revision } = valueOf(await edit.saveDraft({ revision: 1, content: withTagline('New words') }, owner));
    expect(errorOf(await edit.publish({ revision: 1 }, owner)).code).toBe('SITE_CONTENT.STALE_REVISION');
    expect(valueOf(await edit.publish({ revision }, owner))).toEqual({ version: 2 });
    expect((await world.useCases.publishedSiteContent.current()).content.tagline).toBe('New words');
    const versions = await edit.versions();
    expect(versions.map(({ version, publishedBy, changed }) => ({ version, publishedBy, changed }))).toEqual([
      { version: 2, publishedBy: 'owner', changed: ['tagline'] },
      { version: 1, publishedBy: null, changed: Object.keys(DEFAULT_SITE_CONTENT) },
    ]);
    const [event] = await world.repositories.auditEvents.listNewestFirst({
      limit: 10,
      filter: { action: 'site_content_published' },
    });
    expect([event?.resourceId, event?.details]).toEqual(['2', { version: 2, revision: 2, changed: ['tagline'] }]);
  });

  it('restores a version into the draft (audited), and publishing it makes it the page again', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    const edit = world.useCases.editSiteContent;
    const saved = valueOf(await edit.saveDraft({ revision: 1, content: withTagline('Oops') }, owner));
    valueOf(await edit.publish(saved, owner));
    expect(errorOf(await edit.restore(9, owner)).code).toBe('SITE_CONTENT.VERSION_NOT_FOUND');
    const restored = valueOf(await edit.restore(1, owner));
    expect(restored).toEqual({ revision: 3 });
    expect((await edit.current()).draft.content).toEqual(DEFAULT_SITE_CONTENT);
    expect((await edit.current()).published.content.tagline).toBe('Oops');
    valueOf(await edit.publish(restored, owner));
    expect((await world.useCases.publishedSiteContent.current()).content).toEqual(DEFAULT_SITE_CONTENT);
    const [event] = await world.repositories.auditEvents.listNewestFirst({
      limit: 10,
      filter: { action: 'site_content_restored' },
    });
    expect(event?.details).toEqual({ version: 1, revision: 3 });
  });

  it('makes a preview of the draft as it is now, which expires after an hour', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    const edit = world.useCases.editSiteContent;
    valueOf(await edit.saveDraft({ revision: 1, content: withTagline('Preview me') }, owner));
    const { token, expiresAt } = await edit.createPreview();
    expect(expiresAt.getTime() - world.clock.now().getTime()).toBe(SITE_PREVIEW_LIFETIME_MS);
    valueOf(await edit.saveDraft({ revision: 2, content: withTagline('Later words') }, owner));
    expect((await edit.preview(token))?.tagline).toBe('Preview me');
    expect(await edit.preview(`${token}x`)).toBeNull();
    expect(await edit.preview('')).toBeNull();
    world.clock.advance(SITE_PREVIEW_LIFETIME_MS);
    expect(await edit.preview(token)).toBeNull();
  });
});

describe('the published content a process serves', () => {
  it('sees a publish made elsewhere once its check period has passed, and not before', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    const published = world.useCases.publishedSiteContent;
    expect((await published.current()).version).toBe(1);
    // Another process publishes: straight into the store, past this process's use cases.
    await world.repositories.siteContent.addVersion({
      version: 2,
      publishedAt: world.clock.now(),
      publishedBy: owner.userId,
      content: withTagline('From another process'),
    });
    world.clock.advance(1000);
    expect((await published.current()).version).toBe(1);
    world.clock.advance(1000);
    expect((await published.current()).content.tagline).toBe('From another process');
  });
});
