import type { AnnouncementStatus } from '@memoir/shared';

/**
 * An announcement to the confirmed readers ("the paperback is out"). Its mails are outbox
 * deliveries, one a reader, each with a dedupeKey naming the announcement and the reader
 * (announcementKey): queuing them again after a crash adds none twice, and the announcement's
 * progress is read from them. The announcement itself keeps only its words and how far the
 * queuing has gone through the readers (in id order), so a restart goes on from there.
 */
export interface Announcement {
  readonly id: string;
  readonly subject: string;
  /** Plain text; blank lines part paragraphs. */
  readonly text: string;
  readonly createdAt: Date;
  /** The admin who sent it. */
  readonly createdBy: string;
  /** A copy to the owner only: never listed, never queued to readers. */
  readonly test: boolean;
  /** Readers queued so far: the next one's place in the rate schedule. */
  readonly queuedCount: number;
  /** The id of the last reader queued (readers are queued in id order); null before the first. */
  readonly queuedThrough: string | null;
  /** When every reader was queued; null while queuing goes on (or was cut short by a crash). */
  readonly queuedAt: Date | null;
}

/** How far the queuing has gone: what one batch records, after its mails are in the outbox. */
export interface AnnouncementProgress {
  readonly queuedCount: number;
  readonly queuedThrough: string | null;
  readonly queuedAt: Date | null;
}

/** Port: the announcements (kept beside the readers, in the same store). */
export interface AnnouncementStore {
  addAnnouncement(announcement: Announcement): Promise<void>;
  findAnnouncement(id: string): Promise<Announcement | null>;
  /** Announcements that are not tests, newest first. */
  listAnnouncements(limit: number): Promise<Announcement[]>;
  /** Announcements (not tests) whose queuing has not finished: a crash cut it short. */
  listAnnouncementsQueuing(): Promise<Announcement[]>;
  /** Records how far queuing has gone; only forward (a smaller count changes nothing). */
  recordAnnouncementProgress(id: string, progress: AnnouncementProgress): Promise<void>;
  /**
   * Up to `limit` readers who may get list mail (confirmed, their address not suppressed), in
   * id order, after `afterId` (from the first when null): the announcement's recipients, a batch
   * at a time.
   */
  listListMailRecipients(afterId: string | null, limit: number): Promise<Array<{ id: string }>>;
}

/*
 * A delivery's dedupeKey holds 64 characters; two UUIDs in text do not fit beside a prefix, so
 * each id is written as its 128 bits in base32, lower case (26 characters; MySQL compares the
 * keys without case, so base64 would not do): `ann:<announcement>:<reader>`. An id that is not
 * a UUID (tests' ids) is written as it is.
 */
const ANNOUNCEMENT_KEY_PREFIX = 'ann:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const COMPACT = /^[a-z2-7]{26}$/;

// The domain runs without Node's Buffer: base32 by hand, 5 bits a character.
function compactId(id: string): string {
  if (!UUID.test(id)) return id;
  const bits = [...id.replace(/-/g, '')].map((digit) => parseInt(digit, 16).toString(2).padStart(4, '0')).join('');
  return (bits + '00')
    .match(/.{5}/g)!
    .map((five) => ALPHABET[parseInt(five, 2)])
    .join('');
}

function fullId(compact: string): string {
  if (!COMPACT.test(compact)) return compact;
  const bits = [...compact].map((char) => ALPHABET.indexOf(char).toString(2).padStart(5, '0')).join('');
  const hex = bits
    .slice(0, 128)
    .match(/.{4}/g)!
    .map((four) => parseInt(four, 2).toString(16))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The prefix of every mail of one announcement's dedupeKey (its progress is counted by it). */
export const announcementKeyPrefix = (announcementId: string): string =>
  `${ANNOUNCEMENT_KEY_PREFIX}${compactId(announcementId)}:`;

/** The dedupeKey of the announcement's mail to one reader (to the owner, for a test: `owner`). */
export const announcementKey = (announcementId: string, readerId: string | null): string =>
  `${announcementKeyPrefix(announcementId)}${readerId === null ? 'owner' : compactId(readerId)}`;

/** The announcement and the reader (null: the owner's test copy) of a mail's dedupeKey; null when it is not one. */
export function parseAnnouncementKey(
  dedupeKey: string | null,
): { readonly announcementId: string; readonly readerId: string | null } | null {
  if (dedupeKey?.startsWith(ANNOUNCEMENT_KEY_PREFIX) !== true) return null;
  const [announcement = '', reader = ''] = dedupeKey.slice(ANNOUNCEMENT_KEY_PREFIX.length).split(':');
  if (announcement === '' || reader === '') return null;
  return { announcementId: fullId(announcement), readerId: reader === 'owner' ? null : fullId(reader) };
}

/** An announcement's mails in the outbox, by status. */
export interface AnnouncementMails {
  readonly queued: number;
  readonly sent: number;
  readonly failed: number;
}

/**
 * queued while none is sent yet, sending while some are and others wait (or the queuing goes
 * on), sent when none waits any more (a mail not sent, to a reader who left meanwhile, counts
 * as done).
 */
export function announcementStatus(announcement: Announcement, mails: AnnouncementMails): AnnouncementStatus {
  const done = announcement.queuedAt !== null && mails.queued === 0;
  if (done) return 'sent';
  return mails.sent + mails.failed === 0 ? 'queued' : 'sending';
}
