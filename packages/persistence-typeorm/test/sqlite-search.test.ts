import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aGuestbookEntry } from '@memoir/domain/testing';

import { createTypeOrmPersistence, type TypeOrmPersistence } from '../src';

/**
 * SQLite answers a search in two ways (search.ts, `containing`): a rare one from the
 * trigram index, a common one (500 matches or more) row by row along the list's index. Both
 * must give the same pages.
 */
describe('SQLite search, rare and common', () => {
  let dir: string;
  let persistence: TypeOrmPersistence;
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 1000);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-search-'));
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'search.sqlite')}` });
    await persistence.unitOfWork.transaction(async ({ guestbookEntries }) => {
      for (let n = 0; n < 700; n += 1) {
        const common = n % 7 !== 0; // 600 of 700
        await guestbookEntries.add(
          aGuestbookEntry({
            name: `Reader ${n}`,
            message: common ? `Debugging the Kernel, night ${n}` : `Quiet night ${n}`,
            createdAt: at(n),
          }),
        );
      }
      await guestbookEntries.add(aGuestbookEntry({ name: 'Zoë', message: 'Merci', createdAt: at(800) }));
    });
  });
  afterAll(async () => {
    await persistence.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pages a common search newest first, every match once', async () => {
    const repo = persistence.repositories.guestbookEntries;
    const seen: string[] = [];
    let before: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page = await repo.listPage(
        { search: 'kernel' },
        before === undefined ? { limit: 100 } : { limit: 100, before },
      );
      seen.push(...page.map((entry) => entry.name));
      const last = page.at(-1);
      if (page.length < 100 || last === undefined) break;
      before = last;
    }
    const expected = Array.from({ length: 700 }, (_, i) => 699 - i)
      .filter((n) => n % 7 !== 0)
      .map((n) => `Reader ${n}`);
    expect(seen).toEqual(expected);
  });

  it('finds a rare fragment from the index, case and accents aside', async () => {
    const repo = persistence.repositories.guestbookEntries;
    expect((await repo.listPage({ search: 'quiet night 35' }, { limit: 10 })).map((entry) => entry.name)).toEqual([
      'Reader 357',
      'Reader 350',
      'Reader 35',
    ]);
    expect((await repo.listPage({ search: 'zoe' }, { limit: 10 })).map((entry) => entry.name)).toEqual(['Zoë']);
    expect((await repo.listPage({ search: 'merci' }, { limit: 10 })).map((entry) => entry.name)).toEqual(['Zoë']);
  });

  it('queues what is written and indexes the queue at the next search, in one batch', async () => {
    const repo = persistence.repositories.guestbookEntries;
    const queued = async () =>
      (
        (await persistence.dataSource.query('SELECT count(*) AS n FROM guestbook_search_queue')) as Array<{ n: number }>
      )[0]?.n;
    await repo.listPage({ search: 'anything at all' }, { limit: 1 });
    expect(await queued()).toBe(0);
    await repo.add(
      aGuestbookEntry({ name: 'Late', message: 'Written after the last search: Quokka', createdAt: at(950) }),
    );
    expect(await queued()).toBe(1);
    expect((await repo.listPage({ search: 'quokka' }, { limit: 5 })).map((entry) => entry.name)).toEqual(['Late']);
    expect(await queued()).toBe(0);
  });

  it('keeps the index right when an entry is reviewed with notes', async () => {
    const repo = persistence.repositories.guestbookEntries;
    const [entry] = await repo.listPage({ search: 'quiet night 14' }, { limit: 1 });
    if (entry === undefined) throw new Error('no entry');
    await repo.saveReview(entry.id, { isApproved: false, adminNotes: 'Zanzibar spam', reviewedAt: at(900) });
    expect((await repo.listPage({ search: 'zanzibar' }, { limit: 5 })).map((found) => found.id)).toEqual([entry.id]);
    await repo.saveReview(entry.id, { isApproved: false, adminNotes: null, reviewedAt: at(901) });
    expect(await repo.listPage({ search: 'zanzibar' }, { limit: 5 })).toEqual([]);
  });
});
