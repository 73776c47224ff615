import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';

/** Daily totals: adds accumulate (also concurrent ones), and a range lists its days only. */
export function eventCountStoreContract(store: () => Persistence, concurrency: number): void {
  describe('EventCountStore', () => {
    it('adds to the stored total of each day, event and detail', async () => {
      const { eventCounts } = store();
      await eventCounts.add([
        { day: '2026-03-01', name: 'page_view', detail: '', count: 2 },
        { day: '2026-03-01', name: 'page_view', detail: 'news.ycombinator.com', count: 1 },
        { day: '2026-03-01', name: 'buy_click', detail: 'kindle', count: 1 },
      ]);
      await eventCounts.add([
        { day: '2026-03-01', name: 'page_view', detail: '', count: 3 },
        { day: '2026-03-02', name: 'page_view', detail: '', count: 7 },
      ]);
      const sorted = (rows: Awaited<ReturnType<typeof eventCounts.list>>) =>
        [...rows].sort((a, b) => `${a.day}${a.name}${a.detail}`.localeCompare(`${b.day}${b.name}${b.detail}`));
      expect(sorted(await eventCounts.list('2026-03-01', '2026-03-01'))).toEqual([
        { day: '2026-03-01', name: 'buy_click', detail: 'kindle', count: 1 },
        { day: '2026-03-01', name: 'page_view', detail: '', count: 5 },
        { day: '2026-03-01', name: 'page_view', detail: 'news.ycombinator.com', count: 1 },
      ]);
      expect(await eventCounts.list('2026-03-02', '2026-03-31')).toEqual([
        { day: '2026-03-02', name: 'page_view', detail: '', count: 7 },
      ]);
      expect(await eventCounts.list('2026-02-01', '2026-02-28')).toEqual([]);
    });

    it(`counts every one of ${concurrency} concurrent adds to one total`, async () => {
      const { eventCounts } = store();
      await Promise.all(
        Array.from({ length: concurrency }, () =>
          eventCounts.add([{ day: '2026-03-03', name: 'share_copy', detail: '', count: 2 }]),
        ),
      );
      expect(await eventCounts.list('2026-03-03', '2026-03-03')).toEqual([
        { day: '2026-03-03', name: 'share_copy', detail: '', count: 2 * concurrency },
      ]);
    });
  });
}
