import {
  READER_EXPORT_FORMATS,
  READER_LEAVING_WAYS,
  READER_LIMITS,
  READER_SOURCES,
  READER_STATUSES,
  type ReaderExportFormat,
  type ReaderLeavingWay,
  type ReaderSource,
  type ReaderStatus,
} from '../limits';
import { READER_CONSENT_TEXTS, READER_CONSENT_VERSION } from '../messages';
import { HONEYPOT_FIELD } from '../wire';
import { pageBefore, pageLimit, queueSearch } from './common';
import { Field } from './fields';

/* The reader list: sign up (double opt-in), confirm through the page's button, leave in one click. */

export class SignUpReaderBody {
  @Field.text('Email', { format: 'email', maxLength: READER_LIMITS.emailMaxLength }) email!: string;
  @Field.text('Name', { optional: true, nullable: true, maxLength: READER_LIMITS.nameMaxLength })
  name?: string | null;
  @Field.boolean('Consent', {
    description: `The ticked box ("${READER_CONSENT_TEXTS[READER_CONSENT_VERSION]}"): must be true. Its words are kept with the reader.`,
  })
  consent!: boolean;
  @Field.text('Riddle answer', {
    optional: true,
    maxLength: 100,
    description: "The guestbook's riddle, when the form asks it (checked when given)",
  })
  riddleAnswer?: string;
  @Field.text('Website', {
    optional: true,
    nullable: true,
    description: `The honeypot (${HONEYPOT_FIELD}), hidden from people: leave it empty. Filled means a bot: accepted and dropped.`,
  })
  website?: string | null;
}

/** The confirmation page's button: the token of the email's link. */
export class ConfirmReaderBody {
  @Field.text('Token', {
    maxLength: 200,
    description: 'The token of the confirmation link (`/readers/confirm?token=…`)',
  })
  token!: string;
}

export class ReaderTokenQuery {
  @Field.text('token', { maxLength: 200, description: "The token of the email's unsubscribe link" })
  token!: string;
}

/** RFC 8058's one-click body; a mail client sends it form-encoded (`List-Unsubscribe=One-Click`), JSON is taken too. */
export class UnsubscribeReaderBody {
  @Field.oneOf('List-Unsubscribe', ['One-Click'], { optional: true })
  'List-Unsubscribe'?: 'One-Click';
}

/* The owner's Readers screen: the list, its counts and growth, the exports. */

/** GET /api/admin/readers's filters and paging. */
export class ReaderListQuery {
  @Field.text('status', {
    optional: true,
    description: 'pending, confirmed or unsubscribed (any case); every reader when absent',
  })
  status?: string;
  @queueSearch() q?: string;
  @pageLimit() limit?: number;
  @pageBefore() before?: string;
}

export class ReaderConsent {
  @Field.text('text', { description: 'The exact words of the box the reader ticked' }) text!: string;
  @Field.integer('version', { description: "The box's text version (READER_CONSENT_TEXTS)" }) version!: number;
  @Field.text('at', { format: 'date-time', description: 'When they signed up (the latest sign-up)' }) at!: string;
  @Field.text('ip', { nullable: true, description: 'The address they signed up from' }) ip!: string | null;
}

export class ReaderItem {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('email', { description: 'As the reader typed it' }) email!: string;
  @Field.text('name', { nullable: true }) name!: string | null;
  @Field.oneOf('status', READER_STATUSES) status!: ReaderStatus;
  @Field.oneOf('source', READER_SOURCES, { description: 'Where the latest sign-up came from' }) source!: ReaderSource;
  @Field.nested(() => ReaderConsent, { label: 'consent' }) consent!: ReaderConsent;
  @Field.text('signedUpAt', { format: 'date-time', description: 'The same time as consent.at' }) signedUpAt!: string;
  @Field.text('confirmedAt', {
    format: 'date-time',
    nullable: true,
    description: "When they pressed the page's button",
  })
  confirmedAt!: string | null;
  @Field.text('confirmIp', { nullable: true, description: 'Where the confirmation came from' })
  confirmIp!: string | null;
  @Field.text('unsubscribedAt', { format: 'date-time', nullable: true, description: 'When they last left' })
  unsubscribedAt!: string | null;
  @Field.oneOf('unsubscribedBy', READER_LEAVING_WAYS, { nullable: true, description: 'How they last left' })
  unsubscribedBy!: ReaderLeavingWay | null;
}

export class ReadersPage {
  @Field.list(() => ReaderItem, { description: 'Newest sign-up first' }) readers!: readonly ReaderItem[];
  @Field.text('nextCursor', { nullable: true, description: 'Give as `before` for the next page; null on the last' })
  nextCursor!: string | null;
}

export class ReaderCounts {
  @Field.count('pending') pending!: number;
  @Field.count('confirmed') confirmed!: number;
  @Field.count('unsubscribed') unsubscribed!: number;
  @Field.count('total') total!: number;
}

export class ReaderGrowthWeek {
  @Field.text('weekStart', { format: 'date', description: 'The Monday (UTC) the week starts on' }) weekStart!: string;
  @Field.count('confirmed', { description: 'Readers who confirmed that week (those who left since included)' })
  confirmed!: number;
}

/** The owner's webhook to their newsletter tool (READERS_WEBHOOK_URL). */
export class ReaderWebhookState {
  @Field.boolean('configured', { description: 'READERS_WEBHOOK_URL is set: confirmations and leavings are posted' })
  configured!: boolean;
  @Field.count('pending', { description: 'Events waiting to be posted, or to be tried again' }) pending!: number;
  @Field.count('failed', { description: 'Events given up (the receiver refused them or never answered), kept 30 days' })
  failed!: number;
}

/** GET /api/admin/readers/summary. */
export class ReaderSummaryResponse {
  @Field.nested(() => ReaderCounts, { label: 'counts' }) counts!: ReaderCounts;
  @Field.list(() => ReaderGrowthWeek, { description: 'The last 12 weeks, oldest first, the current week last' })
  growth!: readonly ReaderGrowthWeek[];
  @Field.nested(() => ReaderWebhookState, { label: 'webhook' }) webhook!: ReaderWebhookState;
}

/** GET /api/admin/readers.csv's format. */
export class ReaderExportQuery {
  @Field.oneOf('format', READER_EXPORT_FORMATS, {
    description: 'mailchimp, mailerlite, kit, buttondown (confirmed readers only) or plain (everyone, with status)',
  })
  format!: ReaderExportFormat;
}
