import { SETUP_STEP_KEYS, type SetupStepKey } from '../messages';
import { Field } from './fields';

/* The dashboard: counts, the 24-hour promise, the week's counted events, the audit chain. */

export class Counts {
  @Field.count('total') total!: number;
  @Field.count('pending') pending!: number;
}

export class RecentActivity {
  @Field.count('guestbookCount') guestbookCount!: number;
  @Field.count('scholarshipCount') scholarshipCount!: number;
}

/** The 24-hour promise: pending requests older than a day, and when the oldest pending one came. */
export class ScholarshipPromise {
  @Field.count('overdue', { description: 'Pending requests older than 24 hours' }) overdue!: number;
  @Field.text('oldestPendingAt', {
    format: 'date-time',
    nullable: true,
    description: 'When the oldest pending request came',
  })
  oldestPendingAt!: string | null;
}

/** Copies downloaded, and the review reminder: how many went and what the readers answered. */
export class ReviewCounts {
  @Field.count('downloads', { description: 'Downloads counted through the approval links, all told' })
  downloads!: number;
  @Field.count('downloadedBy', { description: 'Requests of which a copy was downloaded' }) downloadedBy!: number;
  @Field.count('remindersSent', { description: 'Review reminders sent (one at most per request that asked)' })
  remindersSent!: number;
  @Field.count('reviewed', { description: 'Readers who answered "I left a review"' }) reviewed!: number;
  @Field.count('declined', { description: 'Readers who answered "No thanks"' }) declined!: number;
}

export class AuditChainBreak {
  @Field.text('eventId', { nullable: true, description: 'The event found there; null when the chain ends early' })
  eventId!: string | null;
  @Field.count('position') position!: number;
  @Field.text('problem') problem!: string;
}

/** The audit trail's hash chain at the last background check (docs/admin.md). */
export class AuditChainState {
  @Field.oneOf('status', ['intact', 'broken', 'unchecked'], {
    description:
      "The audit trail's hash chain at the last background check (at most 10 minutes old; unchecked until the first has finished)",
  })
  status!: 'intact' | 'broken' | 'unchecked';
  @Field.count('verifiedEvents', { description: 'Events that held, in order, before any break' })
  verifiedEvents!: number;
  @Field.text('checkedAt', { format: 'date-time', nullable: true }) checkedAt!: string | null;
  @Field.nested(() => AuditChainBreak, { nullable: true }) firstBreak!: AuditChainBreak | null;
}

/** One thing a new owner still has to do (docs/admin.md, "Setup checklist"). */
export class SetupStep {
  @Field.oneOf('key', SETUP_STEP_KEYS) key!: SetupStepKey;
  @Field.text('text', { description: 'What to do, in plain words' }) text!: string;
  @Field.text('where', { description: 'Where to do it, in plain words' }) where!: string;
  @Field.text('href', {
    nullable: true,
    description: 'The admin screen where it is done; null when it is a server setting',
  })
  href!: string | null;
}

export class DashboardResponse {
  @Field.constant(true) success!: true;
  @Field.nested(() => Counts) guestbook!: Counts;
  @Field.nested(() => Counts) scholarships!: Counts;
  @Field.nested(() => RecentActivity, { description: 'The last 7 days' }) recentActivity!: RecentActivity;
  @Field.nested(() => ScholarshipPromise) scholarshipPromise!: ScholarshipPromise;
  @Field.nested(() => ReviewCounts) reviews!: ReviewCounts;
  @Field.record(
    { type: 'integer', minimum: 0 },
    { description: 'The counted events of the same 7 days, each summed (names without an event are left out)' },
  )
  countedEvents!: Record<string, number>;
  @Field.nested(() => AuditChainState) auditChain!: AuditChainState;
  @Field.list(() => SetupStep, { description: 'What is left to set up; each step goes once it is done' })
  setup!: readonly SetupStep[];
}
