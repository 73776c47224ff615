import { afterEach, beforeEach, describe } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { adminSessionRepositoryContract, adminUserRepositoryContract } from './admin-repositories.contract';
import { auditEventRepositoryContract } from './audit-event-repository.contract';
import { deliveryEventRepositoryContract } from './delivery-event-repository.contract';
import { deliveryRepositoryContract } from './delivery-repository.contract';
import { erasureContract } from './erasure.contract';
import { eventCountStoreContract } from './event-count-store.contract';
import { guestbookEntryRepositoryContract } from './guestbook-entry-repository.contract';
import { missingKeysContract } from './missing-keys.contract';
import { rateLimitStoreContract } from './rate-limit-store.contract';
import { retentionContract } from './retention.contract';
import { scholarshipRequestRepositoryContract } from './scholarship-request-repository.contract';
import { siteContentRepositoryContract } from './site-content-repository.contract';
import { suppressionRepositoryContract } from './suppression-repository.contract';
import { readerRepositoryContract } from './reader-repository.contract';
import { announcementContract } from './announcement.contract';
import { reviewReminderContract } from './review-reminder.contract';
import { readerWebhookContract } from './reader-webhook.contract';
import { unitOfWorkContract } from './unit-of-work.contract';
import { mediaRepositoryContract, mediaStoreContract } from './media.contract';

export interface PersistenceContractOptions {
  /** How many concurrent calls the race tests make. */
  readonly concurrency?: number;
  /**
   * What a list's text search finds (`q`): any fragment of three characters or more
   * (`fragments`: in-memory, SQLite's trigram index), or text whose every word of three
   * characters or more begins a word (`words`: MySQL's FULLTEXT index). Default `fragments`.
   */
  readonly search?: SearchReach;
}

export type SearchReach = 'fragments' | 'words';

/**
 * The one contract every storage adapter passes: in-memory, SQLite and MySQL. `create` must
 * give a fresh, empty store each time (it is called before every test and closed after).
 */
export function describePersistenceContract(
  adapterName: string,
  create: () => Promise<Persistence>,
  options: PersistenceContractOptions = {},
): void {
  const concurrency = options.concurrency ?? 20;
  describe(`${adapterName} persistence contract`, () => {
    let persistence: Persistence | undefined;
    const store = (): Persistence => {
      if (persistence === undefined) throw new Error('The store is created before each test');
      return persistence;
    };

    beforeEach(async () => {
      persistence = await create();
    });
    afterEach(async () => {
      await persistence?.close();
      persistence = undefined;
    });

    guestbookEntryRepositoryContract(store, options.search ?? 'fragments');
    scholarshipRequestRepositoryContract(store, concurrency);
    adminUserRepositoryContract(store, concurrency);
    adminSessionRepositoryContract(store);
    auditEventRepositoryContract(store, concurrency);
    rateLimitStoreContract(store, concurrency);
    unitOfWorkContract(store);
    missingKeysContract(store);
    deliveryRepositoryContract(store, concurrency);
    deliveryEventRepositoryContract(store);
    retentionContract(store);
    erasureContract(store);
    eventCountStoreContract(store, concurrency);
    siteContentRepositoryContract(store, concurrency);
    suppressionRepositoryContract(store, concurrency);
    readerRepositoryContract(store, concurrency);
    announcementContract(store, concurrency);
    reviewReminderContract(store, concurrency);
    readerWebhookContract(store, concurrency);
    mediaRepositoryContract(store);
    mediaStoreContract(() => store().mediaStore);
  });
}
