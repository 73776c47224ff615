import type { RouterContext } from '@koa/router';
import type { DomainError, Result } from '@memoir/domain';
import type { BulkItemResult } from '@memoir/shared';

import { sendCsv, type CsvValue } from '../csv';
import { fitPage } from '../page-budget';
import { actor, orFail } from './calls';

/*
 * What the two review queues, guestbook moderation and scholarship decisions, answer alike: a
 * page of the list within the page budget with its cursor and each class's count, the CSV
 * export, and a bulk decision.
 */

interface QueuePage<T> {
  readonly page: readonly T[];
  readonly sections: readonly T[];
  readonly nextCursor: string | null;
  readonly counts: { readonly pending: number; readonly approved: number; readonly rejected: number };
}

interface Queue<Item, Dto, Query, Bulk> {
  readonly list: { execute(query: Query): Promise<Result<QueuePage<Item>, DomainError>> } & {
    exportAll(query: Query): Result<AsyncIterable<Item>, DomainError>;
  };
  readonly bulk: {
    execute(body: Bulk, by: ReturnType<typeof actor>): Promise<Result<readonly BulkItemResult[], DomainError>>;
  };
  readonly present: (item: Item) => Dto;
  /** The export's file name (`<file>-<date>.csv`), its header and a row per item. */
  readonly csv: { readonly file: string; readonly header: readonly string[]; readonly row: (item: Item) => CsvValue[] };
}

/** A queue's three calls that differ only in what they list: the page, the export, the bulk decision. */
export function queueCalls<Item extends { readonly createdAt: Date; readonly id: string }, Dto, Query, Bulk>(
  queue: Queue<Item, Dto, Query, Bulk>,
) {
  return {
    /** A page as the API sends it: its items presented, at most ADMIN_PAGE_MAX_BYTES of JSON. */
    async page(query: Query) {
      const value = orFail(await queue.list.execute(query));
      const fitted = fitPage(value.page, value.sections, value.nextCursor, queue.present);
      return { items: fitted.items, nextCursor: fitted.nextCursor, counts: { ...value.counts } };
    },
    /** Every matching item as CSV, written as the database yields them. */
    exportCsv({ ctx, query }: { readonly ctx: RouterContext; readonly query: Query }): void {
      sendCsv(ctx, queue.csv.file, queue.csv.header, orFail(queue.list.exportAll(query)), queue.csv.row);
    },
    /** Many items decided at once, each on its own: how each went. */
    async bulk({ ctx, body }: { readonly ctx: RouterContext; readonly body: Bulk }) {
      return { success: true as const, results: orFail(await queue.bulk.execute(body, actor(ctx))) };
    },
  };
}
