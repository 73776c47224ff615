import { AuditAction, type AuditEvent } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { CrackmeClaimRepository } from '../crackme/crackme-claim.repository';
import type { Delivery } from '../outbox/delivery';
import type { DeliveryEvent } from '../outbox/delivery-event';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import { scholarshipRequestRecord, type ScholarshipRequest } from '../scholarships/scholarship-request';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import { personalDataEvent } from '../retention/retention';
import type { Clock } from '../shared/clock';
import type { SuppressionRepository } from '../suppressions/suppression.repository';
import { readerRecord, type ReaderRecord } from '../readers/reader';
import { reviewReminderRecord } from '../scholarships/review-reminder';
import type { ReaderRepository } from '../readers/reader.repository';
import type { ReaderWebhookRepository } from '../readers/reader-webhook';
import type { IdGenerator } from '../shared/id-generator';
import type { RequestContext } from '../shared/request-context';
import type { Transactions } from '../shared/transactions';
import type { Result } from '../shared/result';
import { ok } from '../shared/result';
import { personEmail } from './erase-person.use-case';
import type { PersonalDataError } from './personal-data.errors';

/** Everything held about one person (a subject access request), as plain JSON-able data. */
export interface PersonExport {
  readonly email: string;
  readonly exportedAt: string;
  readonly scholarshipRequests: ReadonlyArray<
    Pick<ScholarshipRequest, 'id' | 'name' | 'email' | 'message' | 'status' | 'adminNotes'> & {
      readonly createdAt: string;
      readonly decidedAt: string | null;
    }
  >;
  /** The emails sent or queued about those requests: what, when, and how the download link was used. */
  readonly emails: ReadonlyArray<
    Pick<Delivery, 'id' | 'requestId' | 'kind' | 'status' | 'attempts' | 'downloadCount'> & {
      readonly createdAt: string;
      readonly sentAt: string | null;
      readonly linkExpiresAt: string | null;
      /** What was recorded of it (failed attempts, bounces, the page opened, downloads), oldest first. */
      readonly events: ReadonlyArray<Pick<DeliveryEvent, 'kind' | 'detail'> & { readonly at: string }>;
    }
  >;
  /** Crackme prize claims made with the address. */
  readonly crackmeClaims: ReadonlyArray<{
    readonly id: string;
    readonly name: string;
    readonly email: string;
    readonly position: number;
    readonly createdAt: string;
    readonly prizeSentAt: string | null;
  }>;
  /** The address's suppression (a hard bounce or a complaint), or null. */
  readonly suppression: { readonly reason: 'bounce' | 'complaint'; readonly at: string } | null;
  /** Their place on the reader list with the consent record (what they ticked, when, from where), or null. */
  readonly reader: ReaderRecord | null;
  /** The review reminders of those requests (asked for on the form) and the answers given. */
  readonly reviewReminders: ReadonlyArray<ReturnType<typeof reviewReminderRecord>>;
  /** Events about the reader not yet delivered to the owner's newsletter tool, or given up. */
  readonly readerWebhooks: ReadonlyArray<{
    readonly id: string;
    readonly type: 'reader.confirmed' | 'reader.unsubscribed';
    readonly status: 'pending' | 'failed';
    readonly attempts: number;
    readonly queuedAt: string;
    readonly nextAttemptAt: string;
    readonly failedAt: string | null;
  }>;
  /** The owner's actions on those requests (decisions, resends), as the audit trail records them. */
  readonly auditEvents: ReadonlyArray<
    Pick<AuditEvent, 'id' | 'action' | 'resourceType' | 'resourceId' | 'details'> & { readonly createdAt: string }
  >;
}

/** The most audit events one export lists per request: a request has a handful (decision, resends). */
const EVENTS_PER_REQUEST = 100;

/**
 * A person asks what the site holds about them (GDPR art. 15): their requests, the emails
 * about them and the owner's actions on them. Guestbook entries carry no email address, so
 * they cannot be found by one; the export says what it searched.
 */
export class ExportPersonUseCase {
  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly deliveries: DeliveryRepository;
      readonly auditEvents: AuditEventRepository;
      readonly crackmeClaims: CrackmeClaimRepository;
      readonly suppressions: SuppressionRepository;
      readonly readers: ReaderRepository;
      readonly readerWebhooks: ReaderWebhookRepository;
      readonly unitOfWork: Transactions<{ readonly auditEvents: AuditEventRepository }>;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  /**
   * With an actor (an admin in the app), the export is audited as counts of what it held,
   * never the address; the command line's operator is not (as before).
   */
  async execute(input: {
    readonly email: unknown;
    readonly actor?: RequestContext & { readonly userId: string };
  }): Promise<Result<PersonExport, PersonalDataError>> {
    const email = personEmail(input.email);
    if (!email.ok) return email;
    const requests = await this.deps.scholarshipRequests.listByEmail(email.value);
    const ids = requests.map((request) => request.id);
    const deliveries = await this.deps.deliveries.listForRequests(ids);
    const recorded = await this.deps.deliveries.listEvents(deliveries.map((delivery) => delivery.id));
    const events: AuditEvent[] = [];
    for (const id of ids) {
      const about = await this.deps.auditEvents.listNewestFirst({
        limit: EVENTS_PER_REQUEST,
        filter: { resourceId: id },
      });
      events.push(...about.reverse());
    }
    const iso = (date: Date | null) => (date === null ? null : date.toISOString());
    const claims = await this.deps.crackmeClaims.listByEmail(email.value);
    const suppression = await this.deps.suppressions.find(email.value);
    const reader = await this.deps.readers.findByEmail(email.value);
    const reminders = await this.deps.scholarshipRequests.listReviewReminders(ids);
    const webhooks = await this.deps.readerWebhooks.listByEmail(email.value);
    const held: PersonExport = {
      email: email.value,
      exportedAt: this.deps.clock.now().toISOString(),
      scholarshipRequests: requests.map(scholarshipRequestRecord),
      emails: deliveries.map((delivery) => ({
        id: delivery.id,
        requestId: delivery.requestId,
        kind: delivery.kind,
        status: delivery.status,
        attempts: delivery.attempts,
        downloadCount: delivery.downloadCount,
        createdAt: delivery.createdAt.toISOString(),
        sentAt: iso(delivery.sentAt),
        linkExpiresAt: iso(delivery.linkExpiresAt),
        events: recorded
          .filter((event) => event.deliveryId === delivery.id)
          .map(({ kind, at, detail }) => ({ kind, at: at.toISOString(), detail })),
      })),
      crackmeClaims: claims.map((claim) => ({
        id: claim.id,
        name: claim.name,
        email: claim.email,
        position: claim.position,
        createdAt: claim.createdAt.toISOString(),
        prizeSentAt: iso(claim.prizeSentAt),
      })),
      suppression: suppression === null ? null : { reason: suppression.reason, at: suppression.at.toISOString() },
      reader: reader === null ? null : readerRecord(reader),
      reviewReminders: reminders.map(reviewReminderRecord),
      readerWebhooks: webhooks.map((webhook) => ({
        id: webhook.id,
        type: webhook.type,
        status: webhook.status,
        attempts: webhook.attempts,
        queuedAt: webhook.createdAt.toISOString(),
        nextAttemptAt: webhook.nextAttemptAt.toISOString(),
        failedAt: iso(webhook.failedAt),
      })),
      auditEvents: events.map((event) => ({
        id: event.id,
        action: event.action,
        resourceType: event.resourceType,
        resourceId: event.resourceId,
        details: event.details,
        createdAt: event.createdAt.toISOString(),
      })),
    };
    if (input.actor !== undefined) await this.audit(input.actor, held);
    return ok(held);
  }

  private async audit(actor: RequestContext & { readonly userId: string }, held: PersonExport): Promise<void> {
    const counts = {
      requests: held.scholarshipRequests.length,
      emails: held.emails.length,
      crackmeClaims: held.crackmeClaims.length,
      auditEvents: held.auditEvents.length,
    };
    const by = { userId: actor.userId, context: actor };
    const event = personalDataEvent(this.deps, AuditAction.PersonalDataExported, by, counts);
    await this.deps.unitOfWork.transaction(({ auditEvents }) => auditEvents.append(event));
  }
}
