import {
  ADMIN_LIST_DEFAULT_PAGE_SIZE,
  ADMIN_LIST_MAX_PAGE_SIZE,
  ADMIN_LIST_SEARCH_MAX_LENGTH,
  ADMIN_NOTES_MAX_LENGTH,
  BULK_DECISION_MAX_ITEMS,
} from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { Field } from './fields';

/*
 * The shapes every part of the API shares: the error body, a bare success, a list's counts and
 * the answer of a bulk decision.
 */

/** Every error body. `fieldErrors` maps a request field to a message a person can act on. */
export class ErrorBody {
  @Field.constant(false) success!: false;
  @Field.text('error', { description: 'A message for people, shown as is' }) error!: string;
  @Field.text('code', { optional: true, description: 'Stable error code, e.g. SCHOLARSHIP_REQUEST.NOT_PENDING' })
  code?: string;
  @Field.record({ type: 'string' }, { optional: true, description: 'Message per request field' })
  fieldErrors?: Record<string, string>;
}

/** A call that answers nothing but that it worked. */
export class SuccessResponse {
  @Field.constant(true) success!: true;
}

/** A call that takes no body: an empty object, or nothing at all. */
export class NoBody {}

/** How many items each class (or status) holds, exactly. */
export class ClassCounts {
  @Field.count('pending') pending!: number;
  @Field.count('approved') approved!: number;
  @Field.count('rejected') rejected!: number;
}

/** One item of a bulk decision's answer. */
export class BulkItemResult {
  @Field.text('id') id!: string;
  @Field.boolean('success') success!: boolean;
  @Field.text('error', { optional: true, description: 'Why this item was not decided' }) error?: string;
  @Field.text('code', { optional: true }) code?: string;
}

export class BulkResults {
  @Field.constant(true) success!: true;
  @Field.list(() => BulkItemResult) results!: readonly BulkItemResult[];
}

/** The longest id a bulk decision takes: a UUID, with room to spare for one that is not. */
const BULK_ID_MAX_LENGTH = 64;

/** The `ids` of a bulk decision: the field every bulk body starts with. */
export const bulkIds = () =>
  Field.texts('ids', {
    minItems: 1,
    maxItems: BULK_DECISION_MAX_ITEMS,
    itemMaxLength: BULK_ID_MAX_LENGTH,
    message: FIELD_MESSAGES.idsList,
    description: `The ids of the items to decide, 1..${BULK_DECISION_MAX_ITEMS}`,
  });

/** A list's page size (`limit`); the use case clamps it to its range. */
export const pageLimit = () =>
  Field.integer('limit', {
    optional: true,
    description: `Page size, 1..${ADMIN_LIST_MAX_PAGE_SIZE} (clamped), ${ADMIN_LIST_DEFAULT_PAGE_SIZE} by default`,
  });

/** Where a list's page starts: the `nextCursor` of the page before. */
export const pageBefore = () =>
  Field.text('before', { optional: true, description: 'The nextCursor of the previous page' });

/*
 * What the two review queues (guestbook moderation, scholarship decisions) take and answer
 * alike: a filter by class, a search, paging, a page with its counts, an optional note.
 */

/** A queue's class filter (`class` or `status`); the use case judges the value, in any case. */
export const queueClass = (name: string) =>
  Field.text(name, { optional: true, maxLength: 20, description: 'pending, approved or rejected (any case)' });

/** A queue's search text. */
export const queueSearch = () =>
  Field.text('q', {
    optional: true,
    maxLength: ADMIN_LIST_SEARCH_MAX_LENGTH,
    description: 'Text to find, case-insensitively: a word, a fragment, an email address',
  });

/** The owner's optional note on a decision. */
export const decisionNotes = () =>
  Field.text('Admin notes', { optional: true, nullable: true, maxLength: ADMIN_NOTES_MAX_LENGTH });

/**
 * A page of a queue, after its items (`entries` or `requests`): without parameters, a first page
 * of pending items, the newest approved and the newest rejected; `nextCursor` (for `before`)
 * continues the pending.
 */
export class QueuePage {
  @Field.text('nextCursor', { nullable: true }) nextCursor!: string | null;
  @Field.nested(() => ClassCounts) counts!: ClassCounts;
}
