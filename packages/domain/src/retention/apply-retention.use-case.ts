import { DEFAULT_SESSION_POLICY, type SessionPolicy } from '../admin-sessions/admin-session';
import { AuditAction } from '../audit-log/audit-event';
import type { RateLimitStore } from '../rate-limiting/rate-limit-store';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import { NO_REQUEST_CONTEXT } from '../shared/request-context';
import type { AdminSessionRepository } from '../admin-sessions/admin-session.repository';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { GuestbookEntryRepository } from '../guestbook/guestbook-entry.repository';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { ReaderRepository } from '../readers/reader.repository';
import type { ReaderWebhookRepository } from '../readers/reader-webhook';
import { rehearsableTransaction, type Transactions } from '../shared/transactions';
import {
  personalDataEvent,
  retentionCutoffs,
  type RetentionCounts,
  type RetentionCutoffs,
  type RetentionPolicy,
  type SentEmailArchive,
} from './retention';

export interface RetentionReport {
  readonly dryRun: boolean;
  readonly cutoffs: RetentionCutoffs;
  readonly counts: RetentionCounts;
}

/**
 * Removes personal data the policy no longer keeps, as of a date (today, or another for
 * planning and tests): audit events lose their IP address and user agent, rejected requests
 * and guestbook entries go, and so do ended sessions, dead download links, ended rate-limit
 * windows, old copies of sent emails and sign-ups to the reader list never confirmed. The database part is one transaction; a dry run
 * makes the very same changes and rolls them back, so its counts are exactly what a real run
 * would remove. A real run is audited with its counts (never what was removed). Safe to run
 * twice, or in two processes at once: the second finds nothing left to remove.
 */
export class ApplyRetentionUseCase {
  constructor(
    private readonly deps: {
      readonly unitOfWork: Transactions<{
        readonly auditEvents: AuditEventRepository;
        readonly scholarshipRequests: ScholarshipRequestRepository;
        readonly guestbookEntries: GuestbookEntryRepository;
        readonly adminSessions: AdminSessionRepository;
        readonly deliveries: DeliveryRepository;
        readonly readers: ReaderRepository;
        readonly readerWebhooks: ReaderWebhookRepository;
      }>;
      readonly rateLimits: RateLimitStore;
      readonly sentEmails: SentEmailArchive;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      readonly policy: RetentionPolicy;
      readonly sessionPolicy?: SessionPolicy;
    },
  ) {}

  async execute(options: { readonly asOf?: Date; readonly dryRun?: boolean } = {}): Promise<RetentionReport> {
    const dryRun = options.dryRun ?? false;
    const cutoffs = retentionCutoffs(options.asOf ?? this.deps.clock.now(), this.deps.policy);
    const idleTimeoutMs = (this.deps.sessionPolicy ?? DEFAULT_SESSION_POLICY).idleTimeoutMs;
    const stored = await rehearsableTransaction(this.deps.unitOfWork, dryRun, async (repositories) => ({
      auditEventsPseudonymised: await repositories.auditEvents.forgetOrigins(cutoffs.personalDetailsBefore),
      rejectedRequestsDeleted: await repositories.scholarshipRequests.deleteRejectedDecidedBefore(
        cutoffs.rejectedBefore,
      ),
      rejectedGuestbookEntriesDeleted: await repositories.guestbookEntries.deleteRejectedReviewedBefore(
        cutoffs.rejectedBefore,
      ),
      expiredSessionsDeleted: await repositories.adminSessions.deleteEnded(
        cutoffs.asOf,
        new Date(cutoffs.asOf.getTime() - idleTimeoutMs),
      ),
      expiredDownloadLinksRemoved: await repositories.deliveries.removeLinksExpiredBefore(cutoffs.linksExpiredBefore),
      unconfirmedReadersDeleted: await repositories.readers.deletePendingSignedUpBefore(
        cutoffs.unconfirmedReadersBefore,
      ),
      readerWebhooksDeleted: await repositories.readerWebhooks.deleteFailedBefore(cutoffs.failedReaderWebhooksBefore),
    }));
    const counts: RetentionCounts = {
      ...stored,
      rateLimitWindowsDeleted: await this.deps.rateLimits.deleteEnded(cutoffs.asOf, dryRun),
      sentEmailsDeleted: await this.deps.sentEmails.removeWrittenBefore(cutoffs.sentEmailsBefore, dryRun),
    };
    if (!dryRun) {
      const by = { userId: null, context: NO_REQUEST_CONTEXT };
      const details = { asOf: cutoffs.asOf.toISOString(), ...counts };
      const event = personalDataEvent(this.deps, AuditAction.Retention, by, details);
      await this.deps.unitOfWork.transaction(({ auditEvents }) => auditEvents.append(event));
    }
    return { dryRun, cutoffs, counts };
  }
}
