import type { AdminSession } from '../src/admin-sessions/admin-session';
import type { EventCount } from '../src/analytics/event-counts';
import type { CrackmeClaim } from '../src/crackme/crackme-claim';
import type { AdminUser } from '../src/admin-sessions/admin-user';
import type { AuditChainHead, AuditSeal } from '../src/audit-log/audit-chain';
import type { TwoFactorChallenge } from '../src/admin-sessions/two-factor.repository';
import type { AuditEvent } from '../src/audit-log/audit-event';
import type { Delivery } from '../src/outbox/delivery';
import type { DeliveryEvent } from '../src/outbox/delivery-event';
import type { GuestbookEntry } from '../src/guestbook/guestbook-entry';
import type { RateLimitWindow } from '../src/rate-limiting/rate-limit-store';
import type { ScholarshipRequest } from '../src/scholarships/scholarship-request';
import type { ListCursor } from '../src/shared/list-page';
import type { SiteContentVersion, SiteDraft, SitePreview } from '../src/site-content/site-content';
import type { Suppression } from '../src/suppressions/suppression';
import type { Reader } from '../src/readers/reader';
import type { ReaderToken } from '../src/readers/reader-token';
import type { Announcement } from '../src/readers/announcement';
import type { MediaFile } from '../src/media/media';
import type { ReviewReminder } from '../src/scholarships/review-reminder';
import type { ReaderWebhook } from '../src/readers/reader-webhook';

/** The tables of the in-memory adapters. Values are copied in and out, never shared. */
export class InMemoryDatabase {
  guestbookEntries = new Map<string, GuestbookEntry>();
  scholarshipRequests = new Map<string, ScholarshipRequest>();
  adminUsers = new Map<string, AdminUser>();
  adminSessions = new Map<string, AdminSession>();
  auditEvents: AuditEvent[] = [];
  /** A tally's key and the id of its event. */
  auditTallies = new Map<string, string>();
  /** Each event's place in the hash chain, by event id, and the chain's last link. */
  auditSeals = new Map<string, AuditSeal>();
  auditHead: AuditChainHead | null = null;
  rateLimits = new Map<string, RateLimitWindow>();
  /** Unused recovery code hashes, by user id; pending sign-in challenges, by token hash. */
  recoveryCodes = new Map<string, string[]>();
  challenges = new Map<string, TwoFactorChallenge>();
  deliveries = new Map<string, Delivery>();
  /** The deliveries' timelines, in the order they were recorded. */
  deliveryEvents: DeliveryEvent[] = [];
  eventCounts = new Map<string, EventCount>();
  crackmeClaims = new Map<string, CrackmeClaim>();
  siteDraft: SiteDraft | null = null;
  siteVersions = new Map<number, SiteContentVersion>();
  /** By token hash. */
  sitePreviews = new Map<string, SitePreview>();
  /** By address, in lower case. */
  suppressions = new Map<string, Suppression>();
  /** By id; their links by token hash. */
  readers = new Map<string, Reader>();
  readerTokens = new Map<string, ReaderToken>();
  /** The announcements to the readers, by id. */
  announcements = new Map<string, Announcement>();
  /** The uploads' records, by id (their bytes are the media store's). */
  media = new Map<string, MediaFile>();
  /** The review reminders, by request id, with their answer link's hash. */
  reviewReminders = new Map<string, ReviewReminder & { readonly tokenHash: string | null }>();
  /** The readers' events waiting for the owner's webhook, by id. */
  readerWebhooks = new Map<string, ReaderWebhook>();

  /** A deep copy of every table, for rolling a transaction back. */
  snapshot(): InMemoryDatabase {
    const copy = new InMemoryDatabase();
    copy.guestbookEntries = structuredClone(this.guestbookEntries);
    copy.scholarshipRequests = structuredClone(this.scholarshipRequests);
    copy.adminUsers = structuredClone(this.adminUsers);
    copy.adminSessions = structuredClone(this.adminSessions);
    copy.auditEvents = structuredClone(this.auditEvents);
    copy.auditTallies = structuredClone(this.auditTallies);
    copy.auditSeals = structuredClone(this.auditSeals);
    copy.auditHead = structuredClone(this.auditHead);
    copy.rateLimits = structuredClone(this.rateLimits);
    copy.recoveryCodes = structuredClone(this.recoveryCodes);
    copy.challenges = structuredClone(this.challenges);
    copy.deliveries = structuredClone(this.deliveries);
    copy.deliveryEvents = structuredClone(this.deliveryEvents);
    copy.eventCounts = structuredClone(this.eventCounts);
    copy.crackmeClaims = structuredClone(this.crackmeClaims);
    copy.siteDraft = structuredClone(this.siteDraft);
    copy.siteVersions = structuredClone(this.siteVersions);
    copy.sitePreviews = structuredClone(this.sitePreviews);
    copy.suppressions = structuredClone(this.suppressions);
    copy.readers = structuredClone(this.readers);
    copy.readerTokens = structuredClone(this.readerTokens);
    copy.announcements = structuredClone(this.announcements);
    copy.media = structuredClone(this.media);
    copy.reviewReminders = structuredClone(this.reviewReminders);
    copy.readerWebhooks = structuredClone(this.readerWebhooks);
    return copy;
  }

  restore(from: InMemoryDatabase): void {
    this.guestbookEntries = from.guestbookEntries;
    this.scholarshipRequests = from.scholarshipRequests;
    this.adminUsers = from.adminUsers;
    this.adminSessions = from.adminSessions;
    this.auditEvents = from.auditEvents;
    this.auditTallies = from.auditTallies;
    this.auditSeals = from.auditSeals;
    this.auditHead = from.auditHead;
    this.rateLimits = from.rateLimits;
    this.recoveryCodes = from.recoveryCodes;
    this.challenges = from.challenges;
    this.deliveries = from.deliveries;
    this.deliveryEvents = from.deliveryEvents;
    this.eventCounts = from.eventCounts;
    this.crackmeClaims = from.crackmeClaims;
    this.siteDraft = from.siteDraft;
    this.siteVersions = from.siteVersions;
    this.sitePreviews = from.sitePreviews;
    this.suppressions = from.suppressions;
    this.readers = from.readers;
    this.readerTokens = from.readerTokens;
    this.announcements = from.announcements;
    this.media = from.media;
    this.reviewReminders = from.reviewReminders;
    this.readerWebhooks = from.readerWebhooks;
  }
}

/** Newest first: createdAt descending, then id descending, as every list port promises. */
export function newestFirst<T extends { readonly createdAt: Date; readonly id: string }>(a: T, b: T): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Created in [from, to), oldest first (then by id), at most `limit`. */
export function createdBetween<T extends { readonly createdAt: Date; readonly id: string }>(
  rows: Iterable<T>,
  from: Date,
  to: Date,
  limit: number,
): T[] {
  return [...rows]
    .filter((row) => row.createdAt.getTime() >= from.getTime() && row.createdAt.getTime() < to.getTime())
    .sort((a, b) => -newestFirst(a, b))
    .slice(0, Math.max(0, limit))
    .map(copy);
}

export const copy = <T>(value: T): T => structuredClone(value);

/** A page of a newest-first list as the list ports ask for it: at most `limit`, after `before`. */
export interface PageRequest {
  readonly limit: number;
  readonly before?: ListCursor;
}

/**
 * A page of a newest-first list: the rows `matches` keeps, strictly after `before`, at most
 * `limit`, copied.
 */
export function pageOf<T extends { readonly createdAt: Date; readonly id: string }>(
  rows: Iterable<T>,
  matches: (row: T) => boolean,
  page: PageRequest,
): T[] {
  const { before } = page;
  return [...rows]
    .filter((row) => matches(row) && (before === undefined || newestFirst(before, row) < 0))
    .sort(newestFirst)
    .slice(0, Math.max(0, page.limit))
    .map(copy);
}

/** Does any of the texts contain `search` (already lower case), ignoring case? */
export function containsText(search: string | undefined, texts: ReadonlyArray<string | null>): boolean {
  if (search === undefined) return true;
  return texts.some((text) => text !== null && text.toLowerCase().includes(search));
}
