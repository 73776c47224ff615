// Fills a fresh database with the realistic data set, through the real migrations and
// the same repositories the server uses (so the rows are exactly what the server would write).
import type { AuditEvent, Delivery, GuestbookEntry, Repositories, ScholarshipRequest } from '@memoir/domain';

import { createTypeOrmPersistence } from '../../packages/persistence-typeorm/src';
import {
  aDelivery,
  aGuestbookEntry,
  anAuditEvent,
  aScholarshipRequest,
  aUuid,
} from '../../packages/domain/testing/builders';

export interface SeedCounts {
  readonly approvedEntries: number;
  readonly pendingEntries: number;
  readonly rejectedEntries?: number;
  readonly scholarshipRequests: number;
  readonly auditEvents: number;
}

/** The data set the goals are measured on: 1,000 approved and 1,000 pending entries, 1,000 requests, 10,000 audit events. */
export const SEED_COUNTS: SeedCounts = {
  approvedEntries: 1000,
  pendingEntries: 1000,
  scholarshipRequests: 1000,
  auditEvents: 10_000,
};

/** A small deterministic generator, so that every run seeds the same texts. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Radia', 'Edsger', 'Frances'];
const PLACES = ['London', 'Lagos', 'Montréal', 'São Paulo', 'Kyoto', 'Berlin', 'Nairobi', 'Austin', null];
const WORDS = (
  'the arena chapter made me laugh and then think about my first job debugging a kernel at three in the ' +
  'morning with nothing but printf and coffee thank you for writing it all down so honestly'
).split(' ');
const ACTIONS = ['login', 'approve', 'reject', 'logout', 'login_failed'];

/** A word in one guestbook entry and one audit event of every RARE_EVERY: searches for it find few. */
export const RARE_WORD = 'Zanzibar';
const RARE_EVERY = 20_000;

function sentence(random: () => number, minWords: number, maxWords: number): string {
  const count = minWords + Math.floor(random() * (maxWords - minWords + 1));
  const words = Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)] ?? 'memoir');
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * Migrates the database at `databaseUrl` (the real migrations run on connect) and writes the
 * rows in transactions of 500. Returns how long it took, in milliseconds, and the database
 * server's version.
 */
export async function seedDatabase(
  databaseUrl: string,
  counts: SeedCounts = SEED_COUNTS,
): Promise<{ ms: number; version: string }> {
  const started = Date.now();
  const random = randomSource(8);
  // Spread over the past year, oldest first, so that "newest first" lists have real work to do.
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  const at = (index: number, total: number) => new Date(now - year + Math.floor((index / total) * year));

  const entries: GuestbookEntry[] = [];
  const rejectedEntries = counts.rejectedEntries ?? 0;
  const totalEntries = counts.approvedEntries + counts.pendingEntries + rejectedEntries;
  // The classes interleave in time, as they would in real life: the i-th entry's class is the
  // one furthest behind its share so far.
  const made = { approved: 0, pending: 0, rejected: 0 };
  const share = { approved: counts.approvedEntries, pending: counts.pendingEntries, rejected: rejectedEntries };
  for (let i = 0; i < totalEntries; i += 1) {
    const entryClass =
      (['approved', 'pending', 'rejected'] as const)
        .filter((name) => made[name] < share[name])
        .sort((a, b) => made[a] / share[a] - made[b] / share[b])[0] ?? 'pending';
    made[entryClass] += 1;
    const createdAt = at(i, totalEntries);
    // A rare word, in one entry of every RARE_EVERY: the search that has to look hardest.
    const rare = i % RARE_EVERY === RARE_EVERY - 1 ? ` ${RARE_WORD}` : '';
    entries.push(
      aGuestbookEntry({
        name: pick(random, NAMES),
        location: pick(random, PLACES),
        message: `${sentence(random, 6, 60).slice(0, 480)}${rare}`,
        createdAt,
        isApproved: entryClass === 'approved',
        reviewedAt: entryClass === 'pending' ? null : new Date(createdAt.getTime() + 3_600_000),
      }),
    );
  }

  const requests: ScholarshipRequest[] = [];
  // Each approval sent, its link used 0 to 3 times; a third of them asked for the review
  // reminder, which went, and was answered by some: the dashboard's free copies and reviews.
  const approvals: Array<{ delivery: Delivery; reminded: boolean; answer: 'reviewed' | 'declined' | null }> = [];
  for (let i = 0; i < counts.scholarshipRequests; i += 1) {
    const createdAt = at(i, counts.scholarshipRequests);
    // Half still pending; the rest decided, mostly approved.
    const status = i % 2 === 0 ? 'pending' : i % 6 === 1 ? 'rejected' : 'approved';
    const reminded = status === 'approved' && i % 3 === 0;
    const decidedAt = new Date(createdAt.getTime() + 86_400_000);
    const id = aUuid();
    if (status === 'approved') {
      approvals.push({
        delivery: aDelivery({
          requestId: id,
          status: 'sent',
          sentAt: decidedAt,
          createdAt: decidedAt,
          downloadCount: i % 4,
        }),
        reminded,
        answer: !reminded ? null : i % 5 === 0 ? 'reviewed' : i % 5 === 1 ? 'declined' : null,
      });
    }
    requests.push(
      aScholarshipRequest({
        id,
        reviewReminder: reminded,
        name: pick(random, NAMES),
        email: `reader${i}@example.org`,
        message: random() < 0.2 ? null : sentence(random, 8, 80),
        status,
        createdAt,
        decidedAt: status === 'pending' ? null : new Date(createdAt.getTime() + 86_400_000),
        adminNotes: status === 'rejected' ? 'Please ask again next year.' : null,
      }),
    );
  }

  const adminId = aUuid();
  const events: AuditEvent[] = [];
  for (let i = 0; i < counts.auditEvents; i += 1) {
    const action = pick(random, ACTIONS);
    const isDecision = action === 'approve' || action === 'reject';
    events.push(
      anAuditEvent({
        action,
        resourceType: isDecision ? pick(random, ['guestbook_entry', 'scholarship_request']) : 'admin_session',
        resourceId: aUuid(),
        userId: action === 'login_failed' ? null : adminId,
        details: isDecision
          ? { adminNotes: i % RARE_EVERY === RARE_EVERY - 1 ? RARE_WORD : random() < 0.5 ? null : 'Thank you!' }
          : null,
        ipAddress: `203.0.113.${Math.floor(random() * 254) + 1}`,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
        createdAt: at(i, counts.auditEvents),
      }),
    );
  }

  const persistence = await createTypeOrmPersistence({ databaseUrl });
  try {
    // One transaction per 500 rows: SQLite and MySQL both write a batch at once.
    const inBatches = async <T>(items: readonly T[], write: (repositories: Repositories, item: T) => Promise<void>) => {
      for (let start = 0; start < items.length; start += 500) {
        const batch = items.slice(start, start + 500);
        await persistence.unitOfWork.transaction(async (repositories) => {
          for (const item of batch) await write(repositories, item);
        });
      }
    };
    await inBatches(entries, (repositories, entry) => repositories.guestbookEntries.add(entry));
    await inBatches(requests, (repositories, request) => repositories.scholarshipRequests.add(request));
    await inBatches(approvals, async (repositories, { delivery, reminded, answer }) => {
      await repositories.deliveries.add(delivery);
      if (!reminded || delivery.requestId === null || delivery.sentAt === null) return;
      const later = new Date(delivery.sentAt.getTime() + 14 * 86_400_000);
      await repositories.scholarshipRequests.startReviewReminder(delivery.requestId, later);
      await repositories.scholarshipRequests.markReviewReminderSent(delivery.requestId, later);
      if (answer !== null)
        await repositories.scholarshipRequests.answerReviewReminder(delivery.requestId, answer, later);
    });
    await inBatches(events, (repositories, event) => repositories.auditEvents.append(event));
    const sqlite = persistence.dataSource.options.type === 'better-sqlite3';
    const [found] = (await persistence.dataSource.query(
      sqlite ? 'SELECT sqlite_version() AS version' : 'SELECT VERSION() AS version',
    )) as Array<{ version?: unknown }>;
    return { ms: Date.now() - started, version: String(found?.version ?? '') };
  } finally {
    await persistence.close();
  }
}
