import { GUESTBOOK_LIMITS } from '../limits';
import { HONEYPOT_FIELD } from '../wire';
import { bulkIds, decisionNotes, pageBefore, pageLimit, QueuePage, queueClass, queueSearch } from './common';
import { Field } from './fields';

/** What a visitor sees of a guestbook entry: never the review fields or notes. */
export class PublicGuestbookEntry {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('name') name!: string;
  @Field.text('location', { nullable: true }) location!: string | null;
  @Field.text('message') message!: string;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
}

/** An entry as the owner sees it. */
export class GuestbookEntry extends PublicGuestbookEntry {
  @Field.boolean('isApproved') isApproved!: boolean;
  @Field.text('reviewedAt', { format: 'date-time', nullable: true }) reviewedAt!: string | null;
  @Field.text('adminNotes', { nullable: true }) adminNotes!: string | null;
}

export class PublicGuestbookQuery {
  @Field.integer('limit', { optional: true, description: 'How many, 1..5 (clamped); 5 when absent' })
  limit?: number;
}

export class PublicGuestbookEntriesResponse {
  @Field.constant(true) success!: true;
  @Field.list(() => PublicGuestbookEntry) entries!: readonly PublicGuestbookEntry[];
}

const riddle = (length: number) =>
  Field.text('Riddle answer', { maxLength: 100, description: `One word of ${length} letters, any case` });

export class SignGuestbookBody {
  @Field.text('Name', { maxLength: GUESTBOOK_LIMITS.nameMaxLength }) name!: string;
  @Field.text('Location', { optional: true, nullable: true, maxLength: GUESTBOOK_LIMITS.locationMaxLength })
  location?: string | null;
  @Field.text('Message', { maxLength: GUESTBOOK_LIMITS.messageMaxLength }) message!: string;
  @riddle(GUESTBOOK_LIMITS.riddleAnswerLength) riddleAnswer!: string;
  @Field.boolean('Subscribe', {
    optional: true,
    description:
      'The unticked box "Email me when there is news about the book": true signs `email` up to the reader list (double opt-in)',
  })
  subscribe?: boolean;
  @Field.text('Email', {
    optional: true,
    nullable: true,
    format: 'email',
    maxLength: 254,
    description: "The reader's address, with `subscribe` only (the entry itself keeps none)",
  })
  email?: string | null;
  /** The honeypot (HONEYPOT_FIELD): always empty from a person. */
  @Field.text('Website', {
    optional: true,
    nullable: true,
    description: `The honeypot (${HONEYPOT_FIELD}), hidden from people: leave it empty. Filled means a bot: accepted and dropped.`,
  })
  website?: string | null;
}

/** The guestbook list's filters (the CSV export takes them too). */
export class GuestbookFilterQuery {
  @queueClass('class') class?: string;
  @queueSearch() q?: string;
}

/** GET /api/admin/guestbook's filters and paging. */
export class GuestbookListQuery extends GuestbookFilterQuery {
  @pageLimit() limit?: number;
  @pageBefore() before?: string;
}

/** GET /api/admin/guestbook: a page of entries (QueuePage). */
export class GuestbookEntriesPage extends QueuePage {
  @Field.constant(true) success!: true;
  @Field.list(() => GuestbookEntry) entries!: readonly GuestbookEntry[];
}

const approval = () => Field.boolean('isApproved');

export class ModerateBody {
  @approval() isApproved!: boolean;
  @decisionNotes() adminNotes?: string | null;
}

export class BulkModerateBody {
  @bulkIds() ids!: readonly string[];
  @approval() isApproved!: boolean;
  @decisionNotes() adminNotes?: string | null;
}

export class ModerateGuestbookEntryResponse {
  @Field.constant(true) success!: true;
  @Field.nested(() => GuestbookEntry) entry!: GuestbookEntry;
}
