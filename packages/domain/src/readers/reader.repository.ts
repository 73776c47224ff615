import type { PageRequest } from '../shared/list-page';
import type { AnnouncementStore } from './announcement';
import type { Reader, ReaderLeavingWay, ReaderStatus } from './reader';
import type { ReaderToken } from './reader-token';

/** A new sign-up's consent record, written over an unsubscribed reader who signs up again. */
export type SignUpRecord = Pick<
  Reader,
  'name' | 'source' | 'consentVersion' | 'consentText' | 'signedUpAt' | 'signUpIp' | 'signUpUserAgent'
>;

/** The owner's list's filter: a status, and a text the address or the name contains (lower case already). */
export interface ReaderListFilter {
  readonly status?: ReaderStatus;
  readonly search?: string;
}

/** Confirmations of one day (UTC, `YYYY-MM-DD`). */
export interface ConfirmedOnDay {
  readonly day: string;
  readonly confirmed: number;
}

/** Where a confirmation came from. */
export interface ConfirmationRecord {
  readonly at: Date;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

/**
 * Port: the readers and their links' hashes, shared by every server process. Every change of
 * state is one conditional statement, so that of concurrent calls the state allows, one wins.
 */
export interface ReaderRepository extends AnnouncementStore {
  /**
   * Adds the reader unless one with the same `emailKey` exists; whether it was added. Atomic:
   * of concurrent sign-ups of one address, one row remains.
   */
  addIfNew(reader: Reader): Promise<boolean>;

  /** The reader with this address (any case), or null. */
  findByEmail(email: string): Promise<Reader | null>;

  findById(id: string): Promise<Reader | null>;

  /** Pending → confirmed, with where from, and the confirmation count back to 0. Whether it changed. */
  confirm(id: string, record: ConfirmationRecord): Promise<boolean>;

  /** Pending or confirmed → unsubscribed, with when and how. Whether it changed. */
  unsubscribe(id: string, at: Date, by: ReaderLeavingWay): Promise<boolean>;

  /**
   * Unsubscribed → pending with a new sign-up's record (the last leaving is kept; the earlier
   * confirmation is cleared). Whether it changed.
   */
  signUpAgain(id: string, record: SignUpRecord): Promise<boolean>;

  /**
   * Counts one more confirmation email, if the caps allow it: fewer than `max` since the last
   * confirmation, and the latest at or before `notAfter` (or none). Returns the new count, or
   * null when a cap holds. Atomic: concurrent calls never pass a cap together.
   */
  countConfirmation(id: string, at: Date, max: number, notAfter: Date): Promise<number | null>;

  /** Keeps a link's hash. */
  addToken(token: ReaderToken): Promise<void>;

  /** The link with this hash, or null. Empty hashes find nothing. */
  findToken(tokenHash: string): Promise<ReaderToken | null>;

  /**
   * Marks the link used at `at` if it is unused and, when it expires, not expired by then.
   * Whether it did: of concurrent uses of one link, exactly one wins.
   */
  useToken(tokenHash: string, at: Date): Promise<boolean>;

  /** Retention: deletes pending readers whose latest sign-up is older than `before` (with their links); how many. */
  deletePendingSignedUpBefore(before: Date): Promise<number>;

  /**
   * The owner's list: a page of the readers the filter keeps, newest sign-up first (signedUpAt
   * descending, then id descending); `page.before` is a cursor whose `createdAt` is a signedUpAt.
   */
  listPage(filter: ReaderListFilter, page: PageRequest): Promise<Reader[]>;

  /** How many readers each status holds. */
  countByStatus(): Promise<Readonly<Record<ReaderStatus, number>>>;

  /**
   * Growth: how many readers confirmed on each day (UTC) from `since` on, whatever they did
   * later (a reader who left keeps the day they confirmed). Days without one are left out; oldest first.
   */
  confirmedPerDay(since: Date): Promise<ConfirmedOnDay[]>;

  /** Erasure: deletes the reader with this address (any case) and their links; whether there was one. */
  deleteByEmail(email: string): Promise<boolean>;
}
