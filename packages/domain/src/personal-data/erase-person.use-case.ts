import { AuditAction } from '../audit-log/audit-event';
import { personalDataEvent, type SentEmailArchive } from '../retention/retention';
import type { Clock } from '../shared/clock';
import { addressInput } from '../shared/text-fields';
import type { IdGenerator } from '../shared/id-generator';
import { NO_REQUEST_CONTEXT, type RequestContext } from '../shared/request-context';
import { ok, type Result } from '../shared/result';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { CrackmeClaimRepository } from '../crackme/crackme-claim.repository';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { SuppressionRepository } from '../suppressions/suppression.repository';
import type { ReaderRepository } from '../readers/reader.repository';
import {
  queueReaderWebhook,
  type ReaderWebhookQueueing,
  type ReaderWebhookRepository,
} from '../readers/reader-webhook';
import { rehearsableTransaction, type Transactions } from '../shared/transactions';
import { PersonalDataErrorCode, type PersonalDataError } from './personal-data.errors';

/** What an erased request shows instead of the person. */
export const ERASED_NAME = '(erased)';
export const ERASED_EMAIL = 'erased@erased.invalid';

/** What an erasure removed (or, previewed, would remove), as counts only. */
export interface ErasureCounts {
  /** Requests made with the address: they keep their status and dates, and lose the person. */
  readonly requests: number;
  /** Of those, requests still waiting for a decision: they become rejected (there is no one left to send to). */
  readonly pendingClosed: number;
  /** Deliveries of those requests that lost a download link or an error quoting the address. */
  readonly deliveries: number;
  /** Audit events about those requests that lost their details (decision notes). */
  readonly auditEvents: number;
  /** Crackme prize claims made with the address: they keep their place and lose the person. */
  readonly crackmeClaims: number;
  /** The address's suppression (a hard bounce or a complaint), 0 or 1: no mail goes to an erased address anyway. */
  readonly suppressions: number;
  /** The address's place on the reader list with its consent record and links, 0 or 1. */
  readonly readers: number;
  /** Copies of emails in the outbox folder that mention the address. */
  readonly sentEmails: number;
}

export interface ErasureReport {
  readonly preview: boolean;
  readonly counts: ErasureCounts;
  /** The requests it concerns (ids only): the caller removes what it keeps of them outside the database. */
  readonly requestIds: readonly string[];
}

/**
 * A person asks to be erased (GDPR art. 17): every request made with their email address keeps
 * its id, status and dates (so the dashboard's counts and the record of copies sent stay
 * right) and loses the name, address, message and notes; a pending one is closed as rejected
 * without an email. Their deliveries lose the download links, the audit events about their
 * requests lose their details, their address's suppression and their place on the reader list go, and copies of emails to or about them in the outbox folder are
 * deleted. One transaction; a preview makes the same changes and rolls them back, so the
 * confirmation names exactly what will go. The erasure is audited without the address.
 */
export class ErasePersonUseCase {
  constructor(
    private readonly deps: {
      readonly unitOfWork: Transactions<{
        readonly scholarshipRequests: ScholarshipRequestRepository;
        readonly deliveries: DeliveryRepository;
        readonly auditEvents: AuditEventRepository;
        readonly crackmeClaims: CrackmeClaimRepository;
        readonly suppressions: SuppressionRepository;
        readonly readers: ReaderRepository;
        readonly readerWebhooks: ReaderWebhookRepository;
      }>;
      readonly sentEmails: SentEmailArchive;
      /** READERS_WEBHOOK_URL: the receiver is told to drop an erased reader who had confirmed (none: not told). */
      readonly webhooks?: ReaderWebhookQueueing;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(input: {
    readonly email: unknown;
    readonly preview?: boolean;
    /** Who asked: an admin in the app, or nobody known (the command line). */
    readonly actor?: (RequestContext & { readonly userId: string }) | null;
  }): Promise<Result<ErasureReport, PersonalDataError>> {
    const email = personEmail(input.email);
    if (!email.ok) return email;
    const preview = input.preview ?? false;
    const address = email.value;
    const now = this.deps.clock.now();
    const stored = await rehearsableTransaction(
      this.deps.unitOfWork,
      preview,
      async ({
        scholarshipRequests,
        deliveries,
        auditEvents,
        crackmeClaims,
        suppressions,
        readers,
        readerWebhooks,
      }) => {
        const requests = await scholarshipRequests.listByEmail(address);
        const requestIds = requests.map((request) => request.id);
        let pendingClosed = 0;
        for (const request of requests) {
          if (request.status === 'pending') {
            const closed = await scholarshipRequests.decideIfPending(request.id, {
              status: 'rejected',
              adminNotes: null,
              decidedAt: now,
            });
            if (closed !== null) pendingClosed += 1;
          }
          await scholarshipRequests.anonymise(request.id, { name: ERASED_NAME, email: ERASED_EMAIL });
        }
        // The review reminder and its answer go too, and no reminder will be queued for them.
        await scholarshipRequests.forgetReviewReminders(requestIds);
        // The reader's pending webhook events hold their data and go; one that had confirmed is
        // then dropped downstream by a last event that holds the address alone.
        const reader = await readers.findByEmail(address);
        await readerWebhooks.deleteByEmail(address);
        if (reader?.confirmedAt != null) {
          await queueReaderWebhook(this.deps.webhooks, readerWebhooks, 'reader.unsubscribed', { email: reader.email });
        }
        const counts = {
          requests: requests.length,
          pendingClosed,
          deliveries: await deliveries.forgetPersonalDetails(requestIds),
          auditEvents: await auditEvents.forgetDetailsOf(requestIds),
          crackmeClaims: await crackmeClaims.anonymiseByEmail(address, { name: ERASED_NAME, email: ERASED_EMAIL }),
          suppressions: (await suppressions.remove(address)) ? 1 : 0,
          readers: (await readers.deleteByEmail(address)) ? 1 : 0,
        };
        return { counts: { ...counts, sentEmails: 0 }, requestIds };
      },
    );
    const counts: ErasureCounts = {
      ...stored.counts,
      sentEmails: await this.deps.sentEmails.removeMentioning(address, preview),
    };
    if (!preview) {
      const actor = input.actor ?? null;
      const by = { userId: actor?.userId ?? null, context: actor ?? NO_REQUEST_CONTEXT };
      const event = personalDataEvent(this.deps, AuditAction.Erasure, by, { ...counts });
      await this.deps.unitOfWork.transaction(({ auditEvents }) => auditEvents.append(event));
    }
    return ok({ preview, counts, requestIds: stored.requestIds });
  }
}

/** The address a person gave, checked as the request form checks it. */
export function personEmail(raw: unknown): Result<string, PersonalDataError> {
  return addressInput(raw, 'email', PersonalDataErrorCode.InvalidEmail);
}
