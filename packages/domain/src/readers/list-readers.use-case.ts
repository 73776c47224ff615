import { READER_STATUSES } from '@memoir/shared';

import type { Clock } from '../shared/clock';
import {
  everyItem,
  normalizeSearch,
  pageRequest,
  parseChoice,
  readPage,
  readPaging,
  type ListPage,
  type ListQuery,
} from '../shared/list-page';
import { invalidFilter, type ListError } from '../shared/list.errors';
import { err, ok, type Result } from '../shared/result';
import type { Reader, ReaderStatus } from './reader';
import type { ReaderListFilter, ReaderRepository } from './reader.repository';
import type { ReaderWebhookRepository } from './reader-webhook';

/** What the owner asks of the reader list: `q` is text in the address or the name. */
export interface ReaderListQuery extends ListQuery {
  readonly status?: string | null;
}

/** How many readers each status holds, and all of them. */
export type ReaderCounts = Readonly<Record<ReaderStatus, number>> & { readonly total: number };

/** Confirmations of one week (Monday to Sunday, UTC), by the Monday it starts on (`YYYY-MM-DD`). */
export interface WeekOfGrowth {
  readonly weekStart: string;
  readonly confirmed: number;
}

export interface ReaderSummary {
  readonly counts: ReaderCounts;
  /** The last READER_GROWTH_WEEKS weeks, the current one last (and partial), every week present. */
  readonly growth: readonly WeekOfGrowth[];
  /** The owner's webhook: whether READERS_WEBHOOK_URL is set, and its events waiting and given up. */
  readonly webhook: { readonly configured: boolean; readonly pending: number; readonly failed: number };
}

/** How far back the growth goes: a quarter, long enough to see a launch and short enough to read. */
export const READER_GROWTH_WEEKS = 12;

/** The rows an export reads at a time: one page in memory, never the list. */
const EXPORT_BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;

/** The Monday (00:00 UTC) of the week `time` falls in. */
export function weekStartOf(time: Date): Date {
  const midnight = Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The owner's side of the reader list: a page at a time, the counts and growth, and every reader for an export. */
export class ListReadersUseCase {
  constructor(
    private readonly deps: {
      readonly readers: ReaderRepository;
      readonly readerWebhooks: ReaderWebhookRepository;
      readonly clock: Clock;
      /** READERS_WEBHOOK_URL is set (false without). */
      readonly webhookConfigured?: boolean;
    },
  ) {}

  /** A page of the readers the query keeps, newest sign-up first. */
  async execute(query: ReaderListQuery = {}): Promise<Result<ListPage<Reader>, ListError>> {
    const paging = readPaging(query);
    if (!paging.ok) return paging;
    const filter = this.filterOf(query);
    if (!filter.ok) return filter;
    const { limit, before } = paging.value;
    // The cursor's time is the sign-up's: a reader pages as a newest-first item of that time.
    const page = await readPage(limit, async (take) =>
      (await this.deps.readers.listPage(filter.value, pageRequest(take, before))).map(asListItem),
    );
    return ok({ items: page.items.map(({ reader }) => reader), nextCursor: page.nextCursor });
  }

  /** Every reader of `status` (everyone when none), newest sign-up first, read a page at a time. */
  exportAll(status: ReaderStatus | undefined): AsyncGenerator<Reader> {
    const filter: ReaderListFilter = status === undefined ? {} : { status };
    async function* readers(repository: ReaderRepository): AsyncGenerator<Reader> {
      const items = everyItem(EXPORT_BATCH, async (limit, before) =>
        (await repository.listPage(filter, pageRequest(limit, before))).map(asListItem),
      );
      for await (const item of items) yield item.reader;
    }
    return readers(this.deps.readers);
  }

  /** The counts per status and the confirmations of each of the last READER_GROWTH_WEEKS weeks. */
  async summary(): Promise<ReaderSummary> {
    const firstWeek = new Date(weekStartOf(this.deps.clock.now()).getTime() - (READER_GROWTH_WEEKS - 1) * 7 * DAY_MS);
    const [byStatus, days, webhooks] = await Promise.all([
      this.deps.readers.countByStatus(),
      this.deps.readers.confirmedPerDay(firstWeek),
      this.deps.readerWebhooks.countByStatus(),
    ]);
    const weeks = Array.from({ length: READER_GROWTH_WEEKS }, (_, index) => ({
      weekStart: dayOf(new Date(firstWeek.getTime() + index * 7 * DAY_MS)),
      confirmed: 0,
    }));
    for (const { day, confirmed } of days) {
      const week = weeks.find(({ weekStart }) => weekStart === dayOf(weekStartOf(new Date(`${day}T00:00:00Z`))));
      if (week !== undefined) week.confirmed += confirmed;
    }
    const total = byStatus.pending + byStatus.confirmed + byStatus.unsubscribed;
    const webhook = { configured: this.deps.webhookConfigured ?? false, ...webhooks };
    return { counts: { ...byStatus, total }, growth: weeks, webhook };
  }

  private filterOf(query: ReaderListQuery): Result<ReaderListFilter, ListError> {
    const status = parseChoice(query.status, READER_STATUSES);
    if (status === 'invalid')
      return err(invalidFilter('There is no such status: use pending, confirmed or unsubscribed.'));
    const search = normalizeSearch(query.q);
    return ok({ ...(status === undefined ? {} : { status }), ...(search === null ? {} : { search }) });
  }
}

/** A reader with the newest-first list's cursor fields (its sign-up as the time). */
const asListItem = (reader: Reader) => ({ createdAt: reader.signedUpAt, id: reader.id, reader });
