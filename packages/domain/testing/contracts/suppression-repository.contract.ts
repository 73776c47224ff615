import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';

const at = (iso: string) => new Date(iso);

/** The suppressed addresses: one row an address whatever its case, the newest reason kept. */
export function suppressionRepositoryContract(store: () => Persistence, concurrency: number): void {
  describe('SuppressionRepository', () => {
    it('finds an address in any case, and nothing for another', async () => {
      const { suppressions } = store().repositories;
      await suppressions.suppress({ email: 'Grace@Example.org', reason: 'bounce', at: at('2026-05-01T10:00:00.123Z') });
      expect(await suppressions.find('GRACE@example.ORG')).toEqual({
        email: 'grace@example.org',
        reason: 'bounce',
        at: at('2026-05-01T10:00:00.123Z'),
      });
      expect(await suppressions.find('ada@example.org')).toBeNull();
    });

    it('keeps one row an address, with the newest reason and time', async () => {
      const { suppressions } = store().repositories;
      await suppressions.suppress({ email: 'grace@example.org', reason: 'bounce', at: at('2026-05-01T10:00:00Z') });
      await suppressions.suppress({ email: 'GRACE@example.org', reason: 'complaint', at: at('2026-05-02T10:00:00Z') });
      expect(await suppressions.listNewestFirst(10)).toEqual([
        { email: 'grace@example.org', reason: 'complaint', at: at('2026-05-02T10:00:00Z') },
      ]);
    });

    it('leaves one row of concurrent suppressions of one address', async () => {
      const { suppressions } = store().repositories;
      await Promise.all(
        Array.from({ length: concurrency }, (_, index) =>
          suppressions.suppress({
            email: index % 2 === 0 ? 'grace@example.org' : 'Grace@example.org',
            reason: 'bounce',
            at: at('2026-05-01T10:00:00Z'),
          }),
        ),
      );
      expect(await suppressions.listNewestFirst(10)).toHaveLength(1);
    });

    it('lists the newest first, at most the limit', async () => {
      const { suppressions } = store().repositories;
      await suppressions.suppress({ email: 'old@example.org', reason: 'bounce', at: at('2026-05-01T00:00:00Z') });
      await suppressions.suppress({ email: 'new@example.org', reason: 'complaint', at: at('2026-05-03T00:00:00Z') });
      await suppressions.suppress({ email: 'mid@example.org', reason: 'bounce', at: at('2026-05-02T00:00:00Z') });
      const listed = await suppressions.listNewestFirst(2);
      expect(listed.map((suppression) => suppression.email)).toEqual(['new@example.org', 'mid@example.org']);
      expect(await suppressions.listNewestFirst(0)).toEqual([]);
    });

    it('lifts a suppression once, in any case', async () => {
      const { suppressions } = store().repositories;
      await suppressions.suppress({ email: 'grace@example.org', reason: 'bounce', at: at('2026-05-01T00:00:00Z') });
      expect(await suppressions.remove('Grace@example.org')).toBe(true);
      expect(await suppressions.remove('grace@example.org')).toBe(false);
      expect(await suppressions.find('grace@example.org')).toBeNull();
    });

    it('rolls back with the transaction it was made in', async () => {
      await expect(
        store().unitOfWork.transaction(async ({ suppressions }) => {
          await suppressions.suppress({ email: 'grace@example.org', reason: 'bounce', at: at('2026-05-01T00:00:00Z') });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await store().repositories.suppressions.find('grace@example.org')).toBeNull();
    });
  });
}
