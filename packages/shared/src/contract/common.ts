import { ADMIN_LIST_DEFAULT_PAGE_SIZE, ADMIN_LIST_MAX_PAGE_SIZE, BULK_DECISION_MAX_ITEMS } from '../limits';
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

export class BulkDecisionResponse {
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
