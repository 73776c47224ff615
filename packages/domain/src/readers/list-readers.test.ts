import { describe, expect, it } from '@jest/globals';

import { aReader, AT } from '../../testing';
import { createWorld, errorOf, valueOf } from '../../test/world';
import { weekStartOf } from './list-readers.use-case';

describe("the owner's reader list", () => {
  it('starts a week on Monday, UTC', () => {
    expect(weekStartOf(AT('2026-01-12T00:00:00.000Z'))).toEqual(AT('2026-01-12T00:00:00.000Z'));
    expect(weekStartOf(AT('2026-01-18T23:59:59.999Z'))).toEqual(AT('2026-01-12T00:00:00.000Z'));
    expect(weekStartOf(AT('2026-01-11T23:59:59.999Z'))).toEqual(AT('2026-01-05T00:00:00.000Z'));
  });

  it('counts each status and adds the confirmations of each day to its week, every week present', async () => {
    const world = createWorld(); // 2026-01-15, a Thursday
    for (const reader of [
      aReader(),
      aReader({ status: 'confirmed', confirmedAt: AT('2026-01-12T00:00:00.000Z') }),
      aReader({ status: 'unsubscribed', confirmedAt: AT('2026-01-11T23:59:59.999Z') }),
      aReader({ status: 'confirmed', confirmedAt: AT('2026-01-05T08:00:00.000Z') }),
      // Before the first of the 12 weeks (Monday 2025-10-27): not counted.
      aReader({ status: 'confirmed', confirmedAt: AT('2025-10-26T23:00:00.000Z') }),
    ]) {
      await world.persistence.repositories.readers.addIfNew(reader);
    }
    const { counts, growth } = await world.useCases.listReaders.summary();
    expect(counts).toEqual({ pending: 1, confirmed: 3, unsubscribed: 1, total: 5 });
    expect(growth).toHaveLength(12);
    expect(growth[0]).toEqual({ weekStart: '2025-10-27', confirmed: 0 });
    expect(growth.slice(-2)).toEqual([
      { weekStart: '2026-01-05', confirmed: 2 },
      { weekStart: '2026-01-12', confirmed: 1 },
    ]);
  });

  it('pages newest sign-up first with a cursor, and refuses a status or cursor it does not know', async () => {
    const world = createWorld();
    for (let n = 0; n < 3; n += 1) {
      await world.persistence.repositories.readers.addIfNew(
        aReader({ email: `r${n}@example.org`, signedUpAt: AT(`2026-01-0${n + 1}T00:00:00.000Z`) }),
      );
    }
    const first = valueOf(await world.useCases.listReaders.execute({ limit: 2 }));
    expect(first.items.map(({ email }) => email)).toEqual(['r2@example.org', 'r1@example.org']);
    const rest = valueOf(await world.useCases.listReaders.execute({ limit: 2, before: first.nextCursor }));
    expect([rest.items.map(({ email }) => email), rest.nextCursor]).toEqual([['r0@example.org'], null]);
    expect(errorOf(await world.useCases.listReaders.execute({ status: 'gone' })).code).toBe('LIST.INVALID_FILTER');
    expect(errorOf(await world.useCases.listReaders.execute({ before: 'nope' })).code).toBe('LIST.INVALID_CURSOR');

    const exported: string[] = [];
    for await (const reader of world.useCases.listReaders.exportAll(undefined)) exported.push(reader.email);
    expect(exported).toEqual(['r2@example.org', 'r1@example.org', 'r0@example.org']);
  });
});
