import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { expect, it } from '@jest/globals';

import { createTypeOrmPersistence, DUMP_SCHEMA_VERSION, type TypeOrmPersistence } from '../src';
import { dumpColumns } from '../src/dump';
import { openTemporarySqlite } from '../testing';
import { describeDumps } from './dump.suite';

/** The source and a second connection to it (the writer under load) share one file. */
let shared: string | null = null;
async function sharedSqlite(): Promise<TypeOrmPersistence> {
  shared ??= join(mkdtempSync(join(tmpdir(), 'memoir-dump-src-')), 'db.sqlite');
  const path = shared;
  const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${path}` });
  return {
    ...persistence,
    close: async () => {
      await persistence.close();
      rmSync(dirname(path), { recursive: true, force: true });
      shared = null;
    },
  };
}

describeDumps('SQLite', { source: sharedSqlite, empty: openTemporarySqlite });

it('names the schema version of the columns a dump holds', async () => {
  const store = await openTemporarySqlite();
  try {
    // A change here changes what a dump holds: bump DUMP_SCHEMA_VERSION with it (src/dump.ts).
    expect([DUMP_SCHEMA_VERSION, dumpColumns(store)]).toEqual([
      11,
      {
        admin_users: [
          'id',
          'username',
          'passwordHash',
          'createdAt',
          'updatedAt',
          'twoFactorEnabled',
          'totpSecret',
          'totpLastStep',
        ],
        admin_sessions: ['id', 'userId', 'tokenHash', 'createdAt', 'lastSeenAt', 'expiresAt', 'ipAddress', 'userAgent'],
        admin_recovery_codes: ['id', 'userId', 'codeHash', 'createdAt'],
        admin_login_challenges: ['id', 'userId', 'tokenHash', 'createdAt', 'expiresAt'],
        guestbook_entries: [
          'id',
          'name',
          'location',
          'message',
          'createdAt',
          'isApproved',
          'reviewedAt',
          'adminNotes',
          'reviewClass',
        ],
        scholarship_requests: [
          'id',
          'name',
          'email',
          'message',
          'status',
          'adminNotes',
          'createdAt',
          'decidedAt',
          'reviewReminder',
        ],
        deliveries: [
          'id',
          'kind',
          'requestId',
          'entryId',
          'dedupeKey',
          'status',
          'attempts',
          'nextAttemptAt',
          'leaseUntil',
          'lastError',
          'sentAt',
          'linkTokenHash',
          'linkExpiresAt',
          'downloadCount',
          'lastDownloadAt',
          'revokedAt',
          'createdAt',
        ],
        delivery_events: ['id', 'deliveryId', 'kind', 'at', 'detail'],
        announcements: [
          'id',
          'subject',
          'text',
          'createdAt',
          'createdBy',
          'test',
          'queuedCount',
          'queuedThrough',
          'queuedAt',
        ],
        audit_events: [
          'id',
          'action',
          'resourceType',
          'resourceId',
          'userId',
          'details',
          'ipAddress',
          'userAgent',
          'createdAt',
          'seq',
          'prevHash',
          'hash',
          'originSalt',
          'ipAddressDigest',
          'userAgentDigest',
          'detailsSalt',
          'detailsDigest',
        ],
        audit_chain_head: ['id', 'seq', 'hash'],
        rate_limit_counters: ['key', 'count', 'resetAt'],
        event_counts: ['day', 'name', 'detail', 'count'],
        crackme_claims: ['id', 'name', 'email', 'emailKey', 'createdAt', 'prizeSentAt'],
        suppressions: ['email', 'reason', 'at'],
        readers: [
          'id',
          'email',
          'emailKey',
          'name',
          'status',
          'source',
          'consentVersion',
          'consentText',
          'signedUpAt',
          'signUpIp',
          'signUpUserAgent',
          'confirmedAt',
          'confirmIp',
          'confirmUserAgent',
          'unsubscribedAt',
          'unsubscribedBy',
          'confirmationsSent',
          'lastConfirmationAt',
        ],
        reader_tokens: ['tokenHash', 'readerId', 'purpose', 'createdAt', 'expiresAt', 'usedAt'],
        review_reminders: ['requestId', 'queuedAt', 'sentAt', 'tokenHash', 'answer', 'answeredAt'],
        reader_webhooks: [
          'id',
          'type',
          'emailKey',
          'body',
          'status',
          'attempts',
          'nextAttemptAt',
          'leaseUntil',
          'lastError',
          'createdAt',
          'failedAt',
        ],
        site_content_draft: ['id', 'revision', 'updatedAt', 'updatedBy', 'content'],
        site_content_versions: ['version', 'publishedAt', 'publishedBy', 'content'],
        site_content_previews: ['tokenHash', 'content', 'createdAt', 'expiresAt'],
        media_uploads: [
          'id',
          'kind',
          'sha256',
          'bytes',
          'fileId',
          'width',
          'height',
          'pages',
          'alt',
          'variants',
          'uploadedAt',
          'uploadedBy',
        ],
        media_blobs: ['id', 'bytes', 'complete', 'storedAt'],
        media_chunks: ['fileId', 'seq', 'data'],
      },
    ]);
  } finally {
    await store.close();
  }
});
