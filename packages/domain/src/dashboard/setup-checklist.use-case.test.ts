import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT } from '@memoir/shared';

import { createWorld, valueOf } from '../../test/world';
import { stagedFile } from '../../testing/media-fakes';
import { placeholderLinks, SERVER_SET_UP, SetupChecklistUseCase, type ServerSetup } from './setup-checklist.use-case';

/** The checklist of a world whose server is set up as `setup` says. */
async function checklistFor(setup: ServerSetup) {
  const world = createWorld();
  const owner = await world.signedInOwner();
  const checklist = new SetupChecklistUseCase({
    published: world.useCases.publishedSiteContent,
    adminUsers: world.repositories.adminUsers,
    media: world.useCases.listMedia,
    setup,
  });
  return { world, owner, checklist };
}

describe("the dashboard's setup checklist", () => {
  it('lists every step on a fresh install, in order', async () => {
    const { checklist, owner } = await checklistFor({
      publicBaseUrlSet: false,
      mailServerSet: false,
      ownerEmailSet: false,
      sampleBook: true,
    });
    expect(await checklist.execute(owner.userId)).toEqual([
      'placeholder-links',
      'public-base-url',
      'smtp-url',
      'owner-email',
      'sample-book',
      'two-factor',
    ]);
  });

  it('drops the sample-book step once the owner has uploaded a book', async () => {
    const { world, owner, checklist } = await checklistFor({ ...SERVER_SET_UP, sampleBook: true });
    expect(await checklist.execute(owner.userId)).toContain('sample-book');
    const book = stagedFile('%PDF-1.7\n<< /Type /Page >>\n%%EOF\n');
    valueOf(await world.useCases.uploadMedia.execute({ kind: 'book', file: book }, owner));
    expect(await checklist.execute(owner.userId)).not.toContain('sample-book');
  });

  it('drops the links step once the published content has no placeholder left', async () => {
    const { world, owner, checklist } = await checklistFor(SERVER_SET_UP);
    const content = {
      ...DEFAULT_SITE_CONTENT,
      buyLinks: DEFAULT_SITE_CONTENT.buyLinks.map((link) => ({
        ...link,
        url: `https://shop.sam-okafor.com/${link.format}`,
      })),
      socialLinks: [{ network: 'github' as const, url: 'https://github.com/samokafor' }],
      publisher: { name: 'Byteline Press', url: '' },
    };
    const { draft } = await world.useCases.editSiteContent.current();
    const saved = await world.useCases.editSiteContent.saveDraft({ revision: draft.revision, content }, owner);
    if (!saved.ok) throw new Error(saved.error.message);
    expect(await checklist.execute(owner.userId)).toEqual(['placeholder-links', 'two-factor']);
    await world.useCases.editSiteContent.publish(saved.value, owner);
    expect(await checklist.execute(owner.userId)).toEqual(['two-factor']);
  });

  it('names the placeholder links: the .example ones and example.com, not an empty one', () => {
    expect(
      placeholderLinks({
        ...DEFAULT_SITE_CONTENT,
        buyLinks: [{ format: 'kindle', price: '$2.99', url: 'https://www.example.com/kindle', note: '' }],
        socialLinks: [],
        publisher: { name: 'Byteline Press', url: '' },
      }),
    ).toEqual(['https://www.example.com/kindle']);
  });
});
