/**
 * An email the system owes someone, kept in a queue in the database:
 * - to a requester: the PDF after an approval (`approval`), a polite note after a rejection
 *   (`rejection`), queued in the same transaction as the decision;
 * - to the owner: a new request (`owner_request`) or guestbook entry (`owner_entry`), queued
 *   with the submission, or one digest a day (`owner_digest`);
 * - to the owner: an account's failed sign-ins reached LOGIN_ACCOUNT_LIMIT (`signin_alert`),
 *   at most once per window; its dedupeKey names the account and the window;
 * - to the owner: a sign-in from a new device, two-factor turned off, a new admin
 *   (`security_alert`); its dedupeKey names the audit event it reports (`security:<event id>`);
 * - to a reader who signed up for news: the confirmation email (`reader_confirm`), queued with
 *   the sign-up; its dedupeKey names the reader (`reader:<reader id>:<ms>`);
 * - to a confirmed reader: an announcement (`announcement`), one a reader, queued in batches
 *   at ANNOUNCE_RATE; its dedupeKey names the announcement and the reader (announcementKey).
 * - to a requester who asked for it: the one review reminder (`review_reminder`), queued
 *   REVIEW_REMINDER_DAYS after their first download; its dedupeKey is `review:<request id>`.
 * A worker sends it, retrying with back-off. The queue is in the database, so a restart or a
 * second server process loses nothing, and a lease keeps two processes from sending one
 * delivery at once.
 */
export type DeliveryKind =
  | 'approval'
  | 'rejection'
  | 'owner_request'
  | 'owner_entry'
  | 'owner_digest'
  | 'signin_alert'
  | 'security_alert'
  | 'reader_confirm'
  | 'announcement'
  | 'review_reminder';
export type DeliveryStatus = 'queued' | 'sent' | 'failed';

export interface Delivery {
  readonly id: string;
  readonly kind: DeliveryKind;
  /** The scholarship request it is about (approval, rejection, owner_request); else null. */
  readonly requestId: string | null;
  /** The guestbook entry it is about (owner_entry); else null. */
  readonly entryId: string | null;
  /** Unique when set: a second delivery with the same key is never queued (one digest a day). */
  readonly dedupeKey: string | null;
  /** queued (waiting or between attempts), sent, or failed (attempts exhausted). */
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** When the next attempt may start; meaningful while queued. */
  readonly nextAttemptAt: Date;
  /** Until when a worker holds it; another worker may claim it after that. */
  readonly leaseUntil: Date | null;
  readonly lastError: string | null;
  readonly sentAt: Date | null;
  /** The private download link of an approval: only its hash is kept. */
  readonly linkTokenHash: string | null;
  readonly linkExpiresAt: Date | null;
  /** Downloads through this delivery's link. */
  readonly downloadCount: number;
  /** When the last download through the link was counted: a resumed download may follow it for a while. */
  readonly lastDownloadAt: Date | null;
  /** When the link was revoked (a resend, or the owner): it works no more. Null while it does. */
  readonly revokedAt: Date | null;
  readonly createdAt: Date;
}

export function newDelivery(fields: {
  id: string;
  kind: DeliveryKind;
  now: Date;
  requestId?: string | null;
  entryId?: string | null;
  dedupeKey?: string | null;
}): Delivery {
  return {
    id: fields.id,
    kind: fields.kind,
    requestId: fields.requestId ?? null,
    entryId: fields.entryId ?? null,
    dedupeKey: fields.dedupeKey ?? null,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: fields.now,
    leaseUntil: null,
    lastError: null,
    sentAt: null,
    linkTokenHash: null,
    linkExpiresAt: null,
    downloadCount: 0,
    lastDownloadAt: null,
    revokedAt: null,
    createdAt: fields.now,
  };
}

/** The dedupeKey of an approval its reader asked for again (/request-status): `asked:<delivery id>`. */
export const ASKED_BY_READER_KEY_PREFIX = 'asked:';

/** Kinds whose email goes to the requester of a scholarship request. */
export const REQUESTER_KINDS: readonly DeliveryKind[] = ['approval', 'rejection'];

/**
 * How the owner hears about new requests and guestbook entries (OWNER_NOTIFICATIONS):
 * an email for each (`each`), one digest a day (`daily`), or none (`off`, also when
 * OWNER_EMAIL is unset).
 */
export type OwnerNotifications = 'each' | 'daily' | 'off';

/** The owner's digest's dedupeKey: `digest:YYYY-MM-DD`, one a day. */
export const DIGEST_KEY_PREFIX = 'digest:';

/** A sign-in alert's dedupeKey: `signin:<window end, ms since epoch>:<admin id>` (57 characters). */
export const SIGN_IN_ALERT_KEY_PREFIX = 'signin:';

export function signInAlertKey(userId: string, windowEndsAt: Date): string {
  return `${SIGN_IN_ALERT_KEY_PREFIX}${windowEndsAt.getTime()}:${userId}`;
}

/** A security alert's dedupeKey: `security:<the id of the audit event it reports>`. */
export const SECURITY_ALERT_KEY_PREFIX = 'security:';
