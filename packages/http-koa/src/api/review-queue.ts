import { fitPage } from '../page-budget';

/*
 * What the two review queues, guestbook moderation and scholarship decisions, answer alike: a
 * page of the list within the page budget, its cursor and each class's count.
 */

interface QueuePage<T> {
  readonly page: readonly T[];
  readonly sections: readonly T[];
  readonly nextCursor: string | null;
  readonly counts: { readonly pending: number; readonly approved: number; readonly rejected: number };
}

/** A queue's page as the API sends it: its items presented, at most ADMIN_PAGE_MAX_BYTES of JSON. */
export function queuePage<T extends { readonly createdAt: Date; readonly id: string }, Dto>(
  value: QueuePage<T>,
  present: (item: T) => Dto,
) {
  const fitted = fitPage(value.page, value.sections, value.nextCursor, present);
  return { items: fitted.items, nextCursor: fitted.nextCursor, counts: { ...value.counts } };
}
