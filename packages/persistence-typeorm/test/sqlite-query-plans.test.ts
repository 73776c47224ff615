import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  aDelivery,
  aGuestbookEntry,
  anAdminSession,
  anAdminUser,
  anAuditEvent,
  aScholarshipRequest,
} from '@memoir/domain/testing';
import type { Logger } from 'typeorm';

import { createTypeOrmPersistence, type TypeOrmPersistence } from '../src';

interface Recorded {
  readonly query: string;
  readonly parameters: unknown[];
}

/**
 * Every query the repositories make is answered from an index: no full table scan and no
 * sort in a temporary tree. The queries are recorded as the adapter really issues them, then
 * explained by SQLite's planner (rule-based, so the answer does not depend on table sizes).
 * MySQL gets the same indexes from its migration; the schema-diff tests keep the two equal.
 */
describe('SQLite query plans', () => {
  const recorded: Recorded[] = [];
  const logger: Logger = {
    logQuery: (query, parameters) => {
      recorded.push({ query, parameters: Array.isArray(parameters) ? parameters : [] });
    },
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  let dir: string;
  let persistence: TypeOrmPersistence;
  const plans = new Map<string, string[]>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-plans-'));
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'plans.sqlite')}`, logger });
    recorded.length = 0;

    const { guestbookEntries, scholarshipRequests, adminUsers, adminSessions, auditEvents } = persistence.repositories;
    const since = new Date('2026-01-01T00:00:00.000Z');
    const entry = aGuestbookEntry();
    await guestbookEntries.add(entry);
    await guestbookEntries.findById(entry.id);
    await guestbookEntries.listApproved(5);
    await guestbookEntries.listAll();
    await guestbookEntries.saveReview(entry.id, { isApproved: true, adminNotes: null, reviewedAt: since });
    await guestbookEntries.summarize(since);
    for (const entryClass of ['pending', 'approved', 'rejected'] as const) {
      await guestbookEntries.listPage({ class: entryClass }, { limit: 50 });
      await guestbookEntries.listPage({ class: entryClass }, { limit: 50, before: entry });
      await guestbookEntries.listPage({ class: entryClass, search: 'ada' }, { limit: 50, before: entry });
    }
    await guestbookEntries.listPage({}, { limit: 50, before: entry });
    await guestbookEntries.listPage({ search: 'ada' }, { limit: 50 });
    await guestbookEntries.countByClass();
    const request = aScholarshipRequest();
    await scholarshipRequests.add(request);
    await scholarshipRequests.findById(request.id);
    await scholarshipRequests.listAll();
    await scholarshipRequests.decideIfPending(request.id, { status: 'approved', adminNotes: null, decidedAt: since });
    await scholarshipRequests.summarize(since);
    await scholarshipRequests.pendingAge(since);
    await scholarshipRequests.listPage({ status: 'pending' }, { limit: 50, before: request });
    await scholarshipRequests.listPage({ status: 'approved', search: 'grace' }, { limit: 50 });
    await scholarshipRequests.listPage({ search: 'grace@example.org' }, { limit: 50, before: request });
    await scholarshipRequests.countByStatus();
    await scholarshipRequests.listCreatedBetween(since, new Date(), 10);
    await guestbookEntries.listCreatedBetween(since, new Date(), 10);
    const user = anAdminUser();
    await adminUsers.addIfUsernameFree(user);
    await adminUsers.findByUsername(user.username);
    await adminUsers.findById(user.id);
    await adminUsers.count();
    await adminUsers.updatePasswordHash(user.id, 'h', since);
    const session = anAdminSession({ userId: user.id });
    await adminSessions.add(session);
    await adminSessions.findByTokenHash(session.tokenHash);
    await adminSessions.touch(session.id, since);
    await adminSessions.revoke(session.id);
    await adminSessions.revokeAllForUser(user.id);
    const event = anAuditEvent();
    await auditEvents.append(event);
    await auditEvents.listNewestFirst({ limit: 50 });
    await auditEvents.listNewestFirst({ limit: 50, before: event });
    await auditEvents.listNewestFirst({ limit: 50, before: event, filter: { action: 'approve' } });
    await auditEvents.listNewestFirst({ limit: 50, before: event, filter: { resourceType: 'guestbook_entry' } });
    await auditEvents.listNewestFirst({ limit: 50, before: event, filter: { userId: user.id, from: since } });
    await auditEvents.listNewestFirst({ limit: 50, filter: { from: since, to: new Date(), search: 'x' } });
    await auditEvents.listNewestFirst({ limit: 50, filter: { search: 'approve' } });
    const delivery = aDelivery({ requestId: request.id });
    await persistence.repositories.deliveries.add(delivery);
    await persistence.repositories.deliveries.claimDue(since, since, 5);
    await persistence.repositories.deliveries.markAttemptFailed(delivery.id, 'x', since);
    await persistence.repositories.deliveries.markSent(delivery.id, since);
    await persistence.repositories.deliveries.listForRequests([request.id]);
    await persistence.repositories.deliveries.attachLink(delivery.id, 'hash', since);
    await persistence.repositories.deliveries.findByLinkTokenHash('hash');
    await persistence.repositories.deliveries.countDownloadIfBelow(delivery.id, 5, since);
    await persistence.repositories.deliveries.revokeLinks(request.id, since);
    await persistence.repositories.deliveries.findByIds([delivery.id]);
    await persistence.repositories.deliveries.addUnlessDuplicate({
      ...aDelivery({ kind: 'owner_digest', requestId: null }),
      dedupeKey: 'digest:2026-01-01',
    });
    // The review reminders (the dashboard's summary counts every row, and is not listed here).
    await scholarshipRequests.listDueReviewReminders(since, 50);
    await scholarshipRequests.startReviewReminder(request.id, since);
    await scholarshipRequests.attachReviewToken(request.id, 'review-hash');
    await scholarshipRequests.findReviewReminderByTokenHash('review-hash');
    await scholarshipRequests.answerReviewReminder(request.id, 'declined', since);
    await scholarshipRequests.listReviewReminders([request.id]);
    await persistence.rateLimits.hit('k', 60_000, since);
    await persistence.rateLimits.peek('k', since);
    await persistence.rateLimits.reset('k');

    for (const { query, parameters } of recorded) {
      if (!/^\s*(SELECT|UPDATE|DELETE)/i.test(query)) continue;
      const rows = (await persistence.dataSource.query(`EXPLAIN QUERY PLAN ${query}`, parameters)) as Array<{
        detail: string;
      }>;
      plans.set(
        query,
        rows.map((row) => row.detail),
      );
    }
  });

  afterAll(async () => {
    await persistence?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('explains the reads, updates and deletes of every repository', () => {
    expect(plans.size).toBeGreaterThanOrEqual(20);
  });

  it('never scans a table without an index', () => {
    // Indexing the search queue reads all of it, by design: it holds what was written since the last search.
    const scans = [...plans].filter(
      ([query, details]) => !query.includes('_search_queue') && details.some((detail) => /^SCAN \w+$/.test(detail)),
    );
    expect(scans).toEqual([]);
  });

  it('seeks straight to a page of a list, filtered or not, instead of walking to it', () => {
    const paged = [...plans].filter(([query]) => /created_at" <= \?/.test(query) && !query.includes(' MATCH '));
    expect(paged.length).toBeGreaterThanOrEqual(7);
    for (const [query, details] of paged) {
      expect({ query, details }).toEqual({
        query,
        details: [
          expect.stringMatching(
            /^SEARCH \w+ USING INDEX idx_\w+ \((\w+=\? AND )?(created_at>\? AND )?created_at<\?\)$/,
          ),
        ],
      });
    }
  });

  it('reads a class or status list from its own index', () => {
    const byClass = [...plans].filter(
      ([query]) => /"review_class" = \?|"status" = \?/.test(query) && query.includes('LIMIT'),
    );
    expect(byClass.length).toBeGreaterThanOrEqual(5);
    for (const [, details] of byClass) {
      expect(details.join(' ')).toMatch(
        /USING INDEX idx_(guestbook_entries_class|scholarship_requests_status)_created/,
      );
    }
  });

  it('never sorts in a temporary tree: ordered lists read an index in order', () => {
    // A rare search gathers its matches (fewer than COMMON_SEARCH_MATCHES) from the search index
    // and sorts them: the one sort allowed, of a bounded few rows.
    const sorts = [...plans].filter(
      ([query, details]) => !query.includes(' MATCH ') && details.some((detail) => detail.includes('TEMP B-TREE')),
    );
    expect(sorts).toEqual([]);
  });

  it('answers a rare search from the search index, not by reading every row', () => {
    const searches = [...plans].filter(([query]) => query.includes(' MATCH ') && query.includes('IN (SELECT m.'));
    expect(searches.length).toBeGreaterThanOrEqual(3);
    for (const [, details] of searches) {
      expect(details.join(' ')).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
      expect(details.join(' ')).toMatch(/SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    }
  });
});
