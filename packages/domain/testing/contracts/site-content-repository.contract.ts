import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@memoir/shared';

import type { Persistence } from '../../src/persistence';

const at = (iso: string) => new Date(iso);

/** Content large and in many scripts: what a MySQL TEXT column could not hold. */
const LARGE: SiteContent = {
  ...DEFAULT_SITE_CONTENT,
  title: 'Корневой доступ · ルートアクセス · الوصول الجذري',
  about: Array.from({ length: 8 }, (_, i) => `${i + 1}. ${'根本的なアクセス、'.repeat(220)}`),
  authorBio: Array.from({ length: 8 }, () => '👩‍💻 '.repeat(600)),
};

/**
 * The site's content: one draft replaced only over the revision read (of concurrent saves, one
 * wins), numbered versions each written once, previews found until they expire.
 */
export function siteContentRepositoryContract(store: () => Persistence, concurrency: number): void {
  describe('SiteContentRepository', () => {
    it('holds nothing at first', async () => {
      const { siteContent } = store().repositories;
      expect([
        await siteContent.draft(),
        await siteContent.latestVersion(),
        await siteContent.latestVersionNumber(),
      ]).toEqual([null, null, 0]);
    });

    it('writes the draft once, then only over the revision it holds, and reads back every character', async () => {
      const { siteContent } = store().repositories;
      const first = {
        revision: 1,
        updatedAt: at('2026-11-01T10:00:00.123Z'),
        updatedBy: null,
        content: DEFAULT_SITE_CONTENT,
      };
      expect(await siteContent.replaceDraft(first, 0)).toBe(true);
      expect(await siteContent.replaceDraft({ ...first, revision: 9 }, 0)).toBe(false);
      const second = {
        revision: 2,
        updatedAt: at('2026-11-01T10:05:00.000Z'),
        updatedBy: '00000000-0000-4000-8000-000000000001',
        content: LARGE,
      };
      expect(await siteContent.replaceDraft(second, 5)).toBe(false);
      expect(await siteContent.draft()).toEqual(first);
      expect(await siteContent.replaceDraft(second, 1)).toBe(true);
      expect(await siteContent.draft()).toEqual(second);
    });

    it(`lets one of ${concurrency} concurrent saves over the same revision win`, async () => {
      const { siteContent } = store().repositories;
      const base = {
        revision: 1,
        updatedAt: at('2026-11-01T10:00:00.000Z'),
        updatedBy: null,
        content: DEFAULT_SITE_CONTENT,
      };
      await siteContent.replaceDraft(base, 0);
      const outcomes = await Promise.all(
        Array.from({ length: concurrency }, (_, i) =>
          store().unitOfWork.transaction(({ siteContent: inTransaction }) =>
            inTransaction.replaceDraft(
              { ...base, revision: 2, content: { ...DEFAULT_SITE_CONTENT, tagline: `Save ${i}` } },
              1,
            ),
          ),
        ),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const winner = outcomes.indexOf(true);
      expect((await siteContent.draft())?.content.tagline).toBe(`Save ${winner}`);
    });

    it('adds each version number once and lists them newest first', async () => {
      const { siteContent } = store().repositories;
      const version = (n: number, content: SiteContent = DEFAULT_SITE_CONTENT) => ({
        version: n,
        publishedAt: at(`2026-11-0${n}T12:00:00.000Z`),
        publishedBy: n === 1 ? null : '00000000-0000-4000-8000-000000000001',
        content,
      });
      expect(await siteContent.addVersion(version(1))).toBe(true);
      expect(await siteContent.addVersion(version(2, LARGE))).toBe(true);
      expect(await siteContent.addVersion(version(2))).toBe(false);
      expect(await siteContent.addVersion(version(3))).toBe(true);
      expect(await siteContent.latestVersionNumber()).toBe(3);
      expect(await siteContent.latestVersion()).toEqual(version(3));
      expect(await siteContent.findVersion(2)).toEqual(version(2, LARGE));
      expect(await siteContent.findVersion(7)).toBeNull();
      expect((await siteContent.listVersions(2)).map((v) => v.version)).toEqual([3, 2]);
    });

    it(`keeps one of ${concurrency} concurrent versions of one number`, async () => {
      const outcomes = await Promise.all(
        Array.from({ length: concurrency }, (_, i) =>
          store().repositories.siteContent.addVersion({
            version: 1,
            publishedAt: at('2026-11-01T12:00:00.000Z'),
            publishedBy: null,
            content: { ...DEFAULT_SITE_CONTENT, tagline: `Publish ${i}` },
          }),
        ),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await store().repositories.siteContent.listVersions(10)).toHaveLength(1);
    });

    it('finds a preview by its token hash until it expires, and removes the expired', async () => {
      const { siteContent } = store().repositories;
      const preview = (hash: string, expiresAt: string) => ({
        tokenHash: hash,
        content: LARGE,
        createdAt: at('2026-11-01T10:00:00.000Z'),
        expiresAt: at(expiresAt),
      });
      await siteContent.addPreview(preview('hash-a', '2026-11-01T11:00:00.000Z'));
      await siteContent.addPreview(preview('hash-b', '2026-11-01T12:00:00.000Z'));
      expect(await siteContent.findPreview('hash-a', at('2026-11-01T10:59:59.999Z'))).toEqual(
        preview('hash-a', '2026-11-01T11:00:00.000Z'),
      );
      expect(await siteContent.findPreview('hash-a', at('2026-11-01T11:00:00.000Z'))).toBeNull();
      expect(await siteContent.findPreview('hash-c', at('2026-11-01T10:00:00.000Z'))).toBeNull();
      expect(await siteContent.findPreview('', at('2026-11-01T10:00:00.000Z'))).toBeNull();
      expect(await siteContent.deleteExpiredPreviews(at('2026-11-01T11:30:00.000Z'))).toBe(1);
      expect(await siteContent.findPreview('hash-b', at('2026-11-01T11:30:00.000Z'))).not.toBeNull();
    });

    it('rolls a draft and a version back with the transaction that wrote them', async () => {
      const { unitOfWork, repositories } = store();
      await expect(
        unitOfWork.transaction(async ({ siteContent }) => {
          await siteContent.replaceDraft(
            { revision: 1, updatedAt: at('2026-11-01T10:00:00.000Z'), updatedBy: null, content: DEFAULT_SITE_CONTENT },
            0,
          );
          await siteContent.addVersion({
            version: 1,
            publishedAt: at('2026-11-01T10:00:00.000Z'),
            publishedBy: null,
            content: DEFAULT_SITE_CONTENT,
          });
          throw new Error('the audit append failed');
        }),
      ).rejects.toThrow('the audit append failed');
      expect([await repositories.siteContent.draft(), await repositories.siteContent.latestVersionNumber()]).toEqual([
        null,
        0,
      ]);
    });
  });
}
