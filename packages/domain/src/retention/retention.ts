import { READER_LIMITS } from '@memoir/shared';

import { type AuditAction, AuditResourceType, newAuditEvent, type AuditEvent } from '../audit-log/audit-event';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { RequestContext } from '../shared/request-context';
import { READER_WEBHOOK_FAILED_KEPT_DAYS } from '../readers/reader-webhook';

/** How long personal data is kept, in days (the server reads it from RETENTION_* settings). */
export interface RetentionPolicy {
  /** RETENTION_DAYS: audit events keep the IP address and user agent they were made from this long. */
  readonly personalDetailsDays: number;
  /** RETENTION_REJECTED_DAYS: rejected requests and guestbook entries stay this long after the decision. */
  readonly rejectedDays: number;
  /** RETENTION_SENT_EMAIL_DAYS: copies of sent emails in the outbox folder stay this long. */
  readonly sentEmailDays: number;
}

export const DEFAULT_RETENTION_POLICY: RetentionPolicy = {
  personalDetailsDays: 90,
  rejectedDays: 30,
  sentEmailDays: 30,
};

/** The moments a retention run removes data before, from its date and the policy. */
export interface RetentionCutoffs {
  /** The run's date: sessions and rate-limit windows that ended before it are removed. */
  readonly asOf: Date;
  /** Audit events made before it lose their IP address and user agent. */
  readonly personalDetailsBefore: Date;
  /** Rejected requests and guestbook entries decided before it are deleted. */
  readonly rejectedBefore: Date;
  /** Download links that stopped working before it are removed (their token's hash). */
  readonly linksExpiredBefore: Date;
  /** Outbox copies of emails written before it are deleted. */
  readonly sentEmailsBefore: Date;
  /** Readers who signed up before it and never confirmed are deleted (READER_LIMITS.unconfirmedDays). */
  readonly unconfirmedReadersBefore: Date;
  /** Reader webhook events given up before it are deleted (delivered ones go at once). */
  readonly failedReaderWebhooksBefore: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionCutoffs(asOf: Date, policy: RetentionPolicy): RetentionCutoffs {
  const daysBefore = (days: number) => new Date(asOf.getTime() - days * DAY_MS);
  return {
    asOf,
    personalDetailsBefore: daysBefore(policy.personalDetailsDays),
    rejectedBefore: daysBefore(policy.rejectedDays),
    // An expired link's page says "expired" for as long as personal details are kept; then it is gone.
    linksExpiredBefore: daysBefore(policy.personalDetailsDays),
    sentEmailsBefore: daysBefore(policy.sentEmailDays),
    unconfirmedReadersBefore: daysBefore(READER_LIMITS.unconfirmedDays),
    failedReaderWebhooksBefore: daysBefore(READER_WEBHOOK_FAILED_KEPT_DAYS),
  };
}

/** What one run removed (or, in a dry run, would remove), as counts only. */
export interface RetentionCounts {
  readonly auditEventsPseudonymised: number;
  readonly rejectedRequestsDeleted: number;
  readonly rejectedGuestbookEntriesDeleted: number;
  readonly expiredSessionsDeleted: number;
  readonly expiredDownloadLinksRemoved: number;
  readonly rateLimitWindowsDeleted: number;
  readonly sentEmailsDeleted: number;
  /** Sign-ups to the reader list never confirmed within 30 days, with their links. */
  readonly unconfirmedReadersDeleted: number;
  /** Webhook events to the owner's newsletter tool given up 30 days ago or more. */
  readonly readerWebhooksDeleted: number;
}

/**
 * Port: the copies of sent emails kept outside the database (the outbox folder, when no SMTP
 * server is configured). Nothing is kept when email goes by SMTP.
 */
export interface SentEmailArchive {
  /** Deletes the copies written before `before` (or only counts them, for a dry run); how many. */
  removeWrittenBefore(before: Date, dryRun: boolean): Promise<number>;
  /** Erasure: deletes the copies that mention this address (or only counts them, for a dry run); how many. */
  removeMentioning(address: string, dryRun: boolean): Promise<number>;
}

/** An archive that keeps nothing: email sent by SMTP. */
export const NO_SENT_EMAIL_ARCHIVE: SentEmailArchive = {
  removeWrittenBefore: () => Promise.resolve(0),
  removeMentioning: () => Promise.resolve(0),
};

/** The audit event of a run over personal data in general (retention, an erasure, an export): counts only, naming no one. */
export function personalDataEvent(
  deps: { readonly clock: Clock; readonly ids: IdGenerator },
  action: typeof AuditAction.Retention | typeof AuditAction.Erasure | typeof AuditAction.PersonalDataExported,
  by: { readonly userId: string | null; readonly context: RequestContext },
  details: Readonly<Record<string, unknown>>,
): AuditEvent {
  const fields = { action, resourceType: AuditResourceType.PersonalData, resourceId: null, userId: by.userId, details };
  return newAuditEvent(deps, fields, by.context);
}
