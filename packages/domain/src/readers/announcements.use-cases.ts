import { ANNOUNCEMENT_LIMITS, type AnnouncementStatus } from '@memoir/shared';

import type { AdminUserRepository } from '../admin-sessions/admin-user.repository';
import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import { newDelivery } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import type { RateLimitPolicy } from '../rate-limiting/rate-limiter';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, requiredText } from '../shared/text-fields';
import {
  announcementKey,
  announcementKeyPrefix,
  announcementStatus,
  type Announcement,
  type AnnouncementMails,
} from './announcement';
import type { ReaderRepository } from './reader.repository';
import { ReaderErrorCode, type ReaderError } from './readers.errors';

/** ANNOUNCE_RATE's default: 60 mails a minute, within what a small SMTP relay takes without throttling. */
export const DEFAULT_ANNOUNCE_RATE: RateLimitPolicy = { max: 60, windowMs: 60_000 };

/** Readers queued a statement at a time: a batch's ids and rows stay small whatever the list's size. */
export const ANNOUNCEMENT_BATCH = 500;

export interface AnnouncementInput {
  readonly subject?: string | null;
  readonly text?: string | null;
  readonly test?: boolean;
}

export interface AnnouncementQueued {
  readonly id: string;
  readonly recipients: number;
  readonly status: AnnouncementStatus;
}

export interface AnnouncementSummary extends AnnouncementMails {
  readonly announcement: Announcement;
  /** The sender's username; null when the account is gone. */
  readonly createdBy: string | null;
  readonly recipients: number;
  readonly status: AnnouncementStatus;
}

interface QueueDeps {
  readonly readers: ReaderRepository;
  readonly deliveries: DeliveryRepository;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  /** ANNOUNCE_RATE: at most `max` mails of one announcement fall due in each `windowMs`. */
  readonly rate: RateLimitPolicy;
}

/**
 * Queues an announcement's mails from where its queuing stopped: a batch of readers (id order)
 * becomes outbox rows in one statement, then the announcement records how far it got. A crash
 * between the two queues that batch again, and the dedupeKeys keep every mail once. Each mail
 * falls due at its place in the rate schedule (the `n`th at createdAt + ⌊n / max⌋ windows), so
 * the worker sends at ANNOUNCE_RATE without counting, and other mail never waits behind it.
 */
export async function queueAnnouncement(deps: QueueDeps, start: Announcement): Promise<number> {
  let { queuedCount, queuedThrough } = start;
  for (;;) {
    const batch = await deps.readers.listListMailRecipients(queuedThrough, ANNOUNCEMENT_BATCH);
    const rows = batch.map((reader, index) => {
      const windows = Math.floor((queuedCount + index) / Math.max(1, deps.rate.max));
      const dueAt = new Date(start.createdAt.getTime() + windows * deps.rate.windowMs);
      return {
        ...newDelivery({ id: deps.ids.next(), kind: 'announcement', now: deps.clock.now() }),
        nextAttemptAt: dueAt,
        dedupeKey: announcementKey(start.id, reader.id),
      };
    });
    if (rows.length > 0) await deps.deliveries.addManyUnlessDuplicate(rows);
    queuedCount += batch.length;
    queuedThrough = batch.at(-1)?.id ?? queuedThrough;
    const done = batch.length < ANNOUNCEMENT_BATCH ? deps.clock.now() : null;
    await deps.readers.recordAnnouncementProgress(start.id, { queuedCount, queuedThrough, queuedAt: done });
    if (done !== null) return queuedCount;
  }
}

/**
 * The owner sends an announcement: validated (plain text, the limits of ANNOUNCEMENT_LIMITS),
 * kept, audited, then queued to every reader who may get list mail. A test queues one copy to
 * OWNER_EMAIL and nothing else (not listed, not audited: nobody else gets anything).
 */
export class SendAnnouncementUseCase {
  constructor(
    private readonly deps: QueueDeps & {
      readonly auditEvents: AuditEventRepository;
      /** Where a test goes; null (OWNER_EMAIL unset) refuses a test. */
      readonly ownerEmail: string | null;
    },
  ) {}

  async execute(input: AnnouncementInput, actor: Actor): Promise<Result<AnnouncementQueued, ReaderError>> {
    const errors = new FieldErrors();
    const subject = requiredText(
      errors,
      { field: 'subject', label: 'Subject', maxLength: ANNOUNCEMENT_LIMITS.subjectMaxLength },
      input.subject,
    );
    const text = requiredText(
      errors,
      { field: 'text', label: 'Text', maxLength: ANNOUNCEMENT_LIMITS.textMaxLength, multiline: true },
      input.text,
    );
    if (subject === null || text === null) return err(invalidInput(ReaderErrorCode.Invalid, errors));
    const test = input.test === true;
    if (test && this.deps.ownerEmail === null) {
      return err({
        code: ReaderErrorCode.NoOwnerAddress,
        message: 'A test goes to OWNER_EMAIL, which is not set.',
      });
    }
    const { clock, ids, deliveries, readers } = this.deps;
    const announcement: Announcement = {
      id: ids.next(),
      subject,
      text,
      createdAt: clock.now(),
      createdBy: actor.userId,
      test,
      queuedCount: 0,
      queuedThrough: null,
      queuedAt: test ? clock.now() : null,
    };
    await readers.addAnnouncement(announcement);
    if (test) {
      await deliveries.addManyUnlessDuplicate([
        {
          ...newDelivery({ id: ids.next(), kind: 'announcement', now: announcement.createdAt }),
          dedupeKey: announcementKey(announcement.id, null),
        },
      ]);
      return ok({ id: announcement.id, recipients: 1, status: 'queued' });
    }
    // Audited before the queuing: a crash midway leaves the record, and the worker finishes it.
    await this.deps.auditEvents.append(
      newAuditEvent(
        this.deps,
        {
          action: AuditAction.AnnouncementSent,
          resourceType: AuditResourceType.Announcement,
          resourceId: announcement.id,
          userId: actor.userId,
          details: { subject },
        },
        actor,
      ),
    );
    const recipients = await queueAnnouncement(this.deps, announcement);
    return ok({ id: announcement.id, recipients, status: recipients === 0 ? 'sent' : 'queued' });
  }
}

/**
 * How old an unfinished queuing must be before a worker takes it over: the sending request
 * queues 50,000 readers in seconds, so one this old was cut short. (A worker that takes over
 * too early only repeats work: the dedupeKeys keep each mail once.)
 */
export const ANNOUNCEMENT_TAKEOVER_MS = 60_000;

/** The worker's part: finishes the queuing of announcements a crash cut short. Returns how many. */
export class ResumeAnnouncementsUseCase {
  constructor(private readonly deps: QueueDeps & { readonly takeoverMs?: number }) {}

  async execute(): Promise<number> {
    const before = this.deps.clock.now().getTime() - (this.deps.takeoverMs ?? ANNOUNCEMENT_TAKEOVER_MS);
    const unfinished = (await this.deps.readers.listAnnouncementsQueuing()).filter(
      (announcement) => announcement.createdAt.getTime() <= before,
    );
    for (const announcement of unfinished) await queueAnnouncement(this.deps, announcement);
    return unfinished.length;
  }
}

/** The owner's list of announcements, newest first, each with its progress read from the outbox. */
export class ListAnnouncementsUseCase {
  constructor(
    private readonly deps: {
      readonly readers: ReaderRepository;
      readonly deliveries: DeliveryRepository;
      readonly adminUsers: AdminUserRepository;
    },
  ) {}

  async execute(): Promise<AnnouncementSummary[]> {
    const announcements = await this.deps.readers.listAnnouncements(ANNOUNCEMENT_LIMITS.listed);
    const names = new Map<string, string | null>();
    return Promise.all(
      announcements.map(async (announcement) => {
        const mails = await this.deps.deliveries.countByKeyPrefix(announcementKeyPrefix(announcement.id));
        if (!names.has(announcement.createdBy)) {
          const user = await this.deps.adminUsers.findById(announcement.createdBy);
          names.set(announcement.createdBy, user?.username ?? null);
        }
        return {
          announcement,
          createdBy: names.get(announcement.createdBy) ?? null,
          recipients: mails.queued + mails.sent + mails.failed,
          ...mails,
          status: announcementStatus(announcement, mails),
        };
      }),
    );
  }
}
