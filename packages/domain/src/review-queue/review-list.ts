import { ADMIN_APPROVED_LIST_LIMIT, ADMIN_REJECTED_LIST_LIMIT } from '@memoir/shared';

import {
  everyItem,
  normalizeSearch,
  pageRequest,
  parseChoice,
  readPage,
  readPaging,
  type ListCursor,
  type ListQuery,
  type PageRequest,
} from '../shared/list-page';
import { invalidFilter, type ListError } from '../shared/list.errors';
import { countThrough, type RecentCounts } from '../shared/recent-counts';
import { err, ok, type Result } from '../shared/result';
import { REVIEW_STATES, type ReviewState } from './review-queue.repository';

/** A page of a review list as the admin screen shows it. */
export interface ReviewListPage<Item> {
  /** The list `nextCursor` continues: the default view's pending items, or the matching ones. */
  readonly page: readonly Item[];
  /** The default view's other sections, the newest approved and rejected items; otherwise empty. */
  readonly sections: readonly Item[];
  /** Give as `before` for the next page of `page`; null on the last page. */
  readonly nextCursor: string | null;
  /** Exact counts of each state, whatever the filter. */
  readonly counts: Readonly<Record<ReviewState, number>>;
}

/** A store's filter: the state under the name the store gives it (`class`, `status`), and a search. */
export type ReviewListFilter<StateField extends string> = { readonly [K in StateField]?: ReviewState } & {
  readonly search?: string;
};

/** Where a review list reads its pages. */
export interface ReviewListItems<Item, StateField extends string> {
  listPage(filter: ReviewListFilter<StateField>, page: PageRequest): Promise<readonly Item[]>;
}

/** The rows an export reads at a time: one page in memory, never the list. */
export const EXPORT_BATCH = 500;

/**
 * The owner's view of a review queue, a page at a time. Without a filter, the admin screen's
 * three sections: a first page of pending items (with the cursor for more), the
 * ADMIN_APPROVED_LIST_LIMIT newest approved and the ADMIN_REJECTED_LIST_LIMIT newest rejected.
 * With a state, `q`, `limit` or `before`, one list of the matching items, newest first.
 */
export class ReviewList<Item extends ListCursor, StateField extends string> {
  /**
   * `stateField` is what the list's state filter is called (`class`, `status`): in the store's
   * filter, and in the message a wrong value gets. `counts` keeps the counts a moment.
   */
  constructor(
    private readonly items: ReviewListItems<Item, StateField>,
    private readonly stateField: StateField,
    private readonly countByState: () => Promise<Readonly<Record<ReviewState, number>>>,
    private readonly counts?: RecentCounts,
  ) {}

  async read(query: ListQuery, state: string | null | undefined): Promise<Result<ReviewListPage<Item>, ListError>> {
    const paging = readPaging(query);
    if (!paging.ok) return paging;
    const { limit, before } = paging.value;
    const filter = this.filterOf(query, state);
    if (!filter.ok) return filter;
    const counts = await countThrough(this.counts, `review-list:${this.stateField}`, this.countByState);
    const isDefault = filter.value.isEmpty && query.limit == null && before === undefined;
    if (isDefault) {
      const [pending, approved, rejected] = await Promise.all([
        readPage(limit, (take) => this.items.listPage(this.filter('pending'), { limit: take })),
        this.items.listPage(this.filter('approved'), { limit: ADMIN_APPROVED_LIST_LIMIT }),
        this.items.listPage(this.filter('rejected'), { limit: ADMIN_REJECTED_LIST_LIMIT }),
      ]);
      return ok({ page: pending.items, sections: [...approved, ...rejected], nextCursor: pending.nextCursor, counts });
    }
    const page = await readPage(limit, (take) => this.items.listPage(filter.value.filter, pageRequest(take, before)));
    return ok({ page: page.items, sections: [], nextCursor: page.nextCursor, counts });
  }

  /** Every item matching the query's filter (its limit and cursor ignored), newest first. */
  exportAll(query: ListQuery, state: string | null | undefined): Result<AsyncGenerator<Item>, ListError> {
    const filter = this.filterOf(query, state);
    if (!filter.ok) return filter;
    return ok(
      everyItem(EXPORT_BATCH, (limit, before) => this.items.listPage(filter.value.filter, pageRequest(limit, before))),
    );
  }

  private filterOf(
    query: ListQuery,
    given: string | null | undefined,
  ): Result<{ readonly filter: ReviewListFilter<StateField>; readonly isEmpty: boolean }, ListError> {
    const state = parseChoice(given, REVIEW_STATES);
    if (state === 'invalid') {
      return err(invalidFilter(`There is no such ${this.stateField}: use pending, approved or rejected.`));
    }
    const search = normalizeSearch(query.q);
    return ok({ filter: this.filter(state, search), isEmpty: state === undefined && search === null });
  }

  /** The store's filter: only what is given (no key for what is not). */
  private filter(state: ReviewState | undefined, search: string | null = null): ReviewListFilter<StateField> {
    return {
      ...(state === undefined ? {} : { [this.stateField]: state }),
      ...(search === null ? {} : { search }),
    } as ReviewListFilter<StateField>;
  }
}
