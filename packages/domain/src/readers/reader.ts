import {
  READER_CONSENT_TEXTS,
  READER_LIMITS,
  type ReaderLeavingWay,
  type ReaderSource,
  type ReaderStatus,
} from '@memoir/shared';

export type { ReaderLeavingWay, ReaderSource, ReaderStatus };

/**
 * Someone who asked for news about the book, with the record of their consent: when, where and
 * from what address they signed up and the exact words of the box they ticked; when and from
 * where they confirmed (double opt-in); when and how they left. One reader an address (any
 * case): signing up again changes the row, never adds one.
 */
export interface Reader {
  readonly id: string;
  /** As given (ASCII whitespace stripped from its ends). */
  readonly email: string;
  /** The address in lower case: unique. */
  readonly emailKey: string;
  readonly name: string | null;
  /** pending (signed up, not confirmed), confirmed, unsubscribed. */
  readonly status: ReaderStatus;
  /** Where the latest sign-up came from. */
  readonly source: ReaderSource;
  /** The version of the box's text they ticked, and that text as it read then. */
  readonly consentVersion: number;
  readonly consentText: string;
  /** The latest sign-up: when, and the client's address and user agent. */
  readonly signedUpAt: Date;
  readonly signUpIp: string | null;
  readonly signUpUserAgent: string | null;
  /** When and from where they pressed the confirmation page's button; null until then. */
  readonly confirmedAt: Date | null;
  readonly confirmIp: string | null;
  readonly confirmUserAgent: string | null;
  /** When and how they last left (kept when they sign up again); null if they never did. */
  readonly unsubscribedAt: Date | null;
  readonly unsubscribedBy: ReaderLeavingWay | null;
  /** Confirmation emails queued since they last confirmed, and when the latest was: the resend caps. */
  readonly confirmationsSent: number;
  readonly lastConfirmationAt: Date | null;
}

/** The key an address is kept under: one reader an address, whatever its case. */
export const readerKey = (email: string): string => email.trim().toLowerCase();

/** The text of a consent version (the versions are never edited, only added). */
export function consentText(version: number): string | null {
  return READER_CONSENT_TEXTS[version] ?? null;
}

/** Confirmation emails a sign-up may get before it confirms: the first and READER_LIMITS.confirmationResends more. */
export const MAX_CONFIRMATIONS = 1 + READER_LIMITS.confirmationResends;

/** How long a confirmation link works. */
export const CONFIRM_LINK_TTL_MS = READER_LIMITS.confirmLinkDays * 24 * 60 * 60_000;

/** The dedupeKey of a confirmation email: `reader:<reader id>:<when it was queued, ms since epoch>`. */
export const READER_CONFIRMATION_KEY_PREFIX = 'reader:';

export const readerConfirmationKey = (readerId: string, queuedAt: Date): string =>
  `${READER_CONFIRMATION_KEY_PREFIX}${readerId}:${queuedAt.getTime()}`;

/** The reader a confirmation email is for, from its dedupeKey; null when it is not one. */
export function readerIdOfConfirmation(dedupeKey: string | null): string | null {
  if (dedupeKey?.startsWith(READER_CONFIRMATION_KEY_PREFIX) !== true) return null;
  const [readerId = ''] = dedupeKey.slice(READER_CONFIRMATION_KEY_PREFIX.length).split(':');
  return readerId === '' ? null : readerId;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * A reader as the owner's list shows them (GET /api/admin/readers' items), and as the webhook's
 * body carries them: the consent record without the user agents.
 */
export const readerItem = (reader: Reader) => ({
  id: reader.id,
  email: reader.email,
  name: reader.name,
  status: reader.status,
  source: reader.source,
  consent: {
    text: reader.consentText,
    version: reader.consentVersion,
    at: reader.signedUpAt.toISOString(),
    ip: reader.signUpIp,
  },
  signedUpAt: reader.signedUpAt.toISOString(),
  confirmedAt: iso(reader.confirmedAt),
  confirmIp: reader.confirmIp,
  unsubscribedAt: iso(reader.unsubscribedAt),
  unsubscribedBy: reader.unsubscribedBy,
});

/** A reader as plain data, times in ISO 8601 (UTC): what a person's export holds (the consent record). */
export const readerRecord = (reader: Reader) => {
  return {
    email: reader.email,
    name: reader.name,
    status: reader.status,
    source: reader.source,
    consent: {
      version: reader.consentVersion,
      text: reader.consentText,
      at: reader.signedUpAt.toISOString(),
      ip: reader.signUpIp,
      userAgent: reader.signUpUserAgent,
    },
    confirmedAt: iso(reader.confirmedAt),
    confirmIp: reader.confirmIp,
    confirmUserAgent: reader.confirmUserAgent,
    unsubscribedAt: iso(reader.unsubscribedAt),
    unsubscribedBy: reader.unsubscribedBy,
  };
};

export type ReaderRecord = ReturnType<typeof readerRecord>;
