import type { PublishedStoreLinks } from '../analytics/follow-store-link.use-case';
import { AuditAction, type AuditEvent } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { AdminUserRepository } from '../admin-sessions/admin-user.repository';
import type { SecretTokens } from '../shared/secret-tokens';
import type { GuestbookEntryRepository } from '../guestbook/guestbook-entry.repository';
import type { RateLimitPolicy } from '../rate-limiting/rate-limiter';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import {
  ASKED_BY_READER_KEY_PREFIX,
  DIGEST_KEY_PREFIX,
  SECURITY_ALERT_KEY_PREFIX,
  SIGN_IN_ALERT_KEY_PREFIX,
  type Delivery,
} from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import { DELIVERY_EVENTS_KEPT, newDeliveryEvent } from '../outbox/delivery-event';
import type { IdGenerator } from '../shared/id-generator';
import {
  approvalEmail,
  digestEmail,
  newEntryEmail,
  newRequestEmail,
  rejectionEmail,
  signInAlertEmail,
  securityAlertEmail,
  type SecurityAlert,
  type EmailSettings,
} from './emails';
import type { Mailer, OutgoingEmail } from './mailer';
import { suppressedFor } from '../suppressions/suppressed-recipient';
import type { SuppressionRepository } from '../suppressions/suppression.repository';
import type { ReaderRepository } from '../readers/reader.repository';
import { readerConfirmationEmail } from './reader-emails';
import { confirmationToSend } from './reader-confirmation';
import { announcementToSend } from './announcement-emails';
import { reviewReminderToSend } from './review-reminder-sending';

/** How hard the worker tries, and what an approval's link allows. */
export interface DeliveryPolicy {
  /** Attempts before a delivery is failed for good (the admin app then shows the reason). */
  readonly maxAttempts: number;
  /** The wait after the first failed attempt; it doubles after each further failure. */
  readonly retryBaseMs: number;
  /** The longest wait between two attempts. */
  readonly retryMaxMs: number;
  /** How long a worker holds a delivery it claimed: longer than any one send can take. */
  readonly leaseMs: number;
  /** At most this many deliveries per run. */
  readonly batchSize: number;
  /** How long a download link works (DOWNLOAD_LINK_TTL). */
  readonly linkTtlMs: number;
  /** Downloads one link allows (DOWNLOAD_LINK_MAX_DOWNLOADS). */
  readonly maxDownloads: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  maxAttempts: 6,
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
  batchSize: 10,
  linkTtlMs: 14 * 24 * 60 * 60_000,
  maxDownloads: 5,
};

/** What one run did. */
export interface DeliveryRun {
  readonly sent: number;
  /** Failed attempts that will be tried again. */
  readonly retrying: number;
  /** Failed attempts that were the last. */
  readonly failed: number;
  /** Claimed but handed back unsent because the worker was stopping (present only then). */
  readonly handedBack?: number;
}

/** A delivery that can never be sent (what it is about is gone): failed at once. */
class Undeliverable extends Error {}

/**
 * The worker's one run: claims the deliveries that are due, sends each, and records the
 * outcome. A failed send is tried again after 1, 2, 4... minutes (capped), and after
 * `maxAttempts` it is failed for good with the reason. Runs in any number of processes at
 * once: the lease gives each delivery to one of them.
 *
 * A requester's email to an address that bounced hard or complained is failed at once with
 * the reason, unless its reader asked for it after that (suppressed-recipient.ts).
 *
 * An approval gets a new private link at each attempt (only its hash is stored, so an earlier
 * attempt's token cannot be sent again): the email that arrives last always works.
 */
export class SendDueDeliveriesUseCase {
  constructor(
    private readonly deps: {
      readonly deliveries: DeliveryRepository;
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly guestbookEntries: GuestbookEntryRepository;
      readonly adminUsers: AdminUserRepository;
      readonly auditEvents: AuditEventRepository;
      readonly suppressions: SuppressionRepository;
      readonly readers: ReaderRepository;
      /** The published store links of a review reminder. */
      readonly storeLinks: PublishedStoreLinks;
      readonly mailer: Mailer;
      readonly clock: Clock;
      /** Names each failed attempt's event on the delivery's timeline. */
      readonly ids: IdGenerator;
      /** Makes the download tokens (256 random bits) and their stored hashes. */
      readonly tokens: SecretTokens;
      readonly settings: EmailSettings;
      readonly policy: DeliveryPolicy;
      /** LOGIN_ACCOUNT_LIMIT, which a sign-in alert reports. */
      readonly loginAccountLimit: RateLimitPolicy;
    },
  ) {}

  /**
   * `shouldStop` is asked before each delivery after the first: once it says yes, the rest of
   * the batch is handed back to the queue unsent, for another process to claim at once rather
   * than after the lease.
   */
  async execute(options: { readonly shouldStop?: () => boolean } = {}): Promise<DeliveryRun> {
    const { deliveries, clock, policy } = this.deps;
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + policy.leaseMs);
    const claimed = await deliveries.claimDue(now, leaseUntil, policy.batchSize);
    const run = { sent: 0, retrying: 0, failed: 0 };
    for (const [index, delivery] of claimed.entries()) {
      if (index > 0 && options.shouldStop?.() === true) {
        const rest = claimed.slice(index).map((unsent) => unsent.id);
        await deliveries.release(rest, leaseUntil);
        return { ...run, handedBack: rest.length };
      }
      let email: OutgoingEmail;
      try {
        email = await this.compose(delivery);
        await this.deps.mailer.send(email);
      } catch (error) {
        const attempts = delivery.attempts + 1;
        const final = error instanceof Undeliverable || attempts >= policy.maxAttempts;
        const wait = Math.min(policy.retryBaseMs * 2 ** (attempts - 1), policy.retryMaxMs);
        const retryAt = final ? null : new Date(clock.now().getTime() + wait);
        const reason = describe(error);
        await deliveries.markAttemptFailed(delivery.id, reason, retryAt);
        // The owner's timeline: every failed attempt, with the server's reply (the delivery keeps the last).
        await deliveries.addEvent(
          newDeliveryEvent({
            id: this.deps.ids.next(),
            deliveryId: delivery.id,
            kind: 'attempt_failed',
            at: clock.now(),
            detail: reason,
          }),
          DELIVERY_EVENTS_KEPT,
        );
        if (final) run.failed += 1;
        else run.retrying += 1;
        continue;
      }
      await deliveries.markSent(delivery.id, clock.now());
      if (delivery.kind === 'review_reminder' && delivery.requestId !== null) {
        await this.deps.scholarshipRequests.markReviewReminderSent(delivery.requestId, clock.now());
      }
      run.sent += 1;
    }
    return run;
  }

  private async compose(delivery: Delivery): Promise<OutgoingEmail> {
    const { settings } = this.deps;
    switch (delivery.kind) {
      case 'approval': {
        // Before the link is made: a suppressed address gets neither an email nor a working link.
        const request = await this.requesterRequest(delivery);
        const token = this.deps.tokens.newToken();
        const expiresAt = new Date(this.deps.clock.now().getTime() + this.deps.policy.linkTtlMs);
        await this.deps.deliveries.attachLink(delivery.id, this.deps.tokens.hashOf(token), expiresAt);
        return approvalEmail(settings, request, {
          url: `${settings.publicBaseUrl}/download/${token}`,
          expiresAt,
          maxDownloads: this.deps.policy.maxDownloads,
        });
      }
      case 'rejection':
        return rejectionEmail(settings, await this.requesterRequest(delivery));
      case 'owner_request':
        return newRequestEmail(settings, this.owner(), await this.request(delivery));
      case 'owner_entry': {
        const entry = delivery.entryId === null ? null : await this.deps.guestbookEntries.findById(delivery.entryId);
        if (entry === null) throw new Undeliverable('The guestbook entry no longer exists.');
        return newEntryEmail(settings, this.owner(), entry);
      }
      case 'owner_digest': {
        const day = (delivery.dedupeKey ?? '').slice(DIGEST_KEY_PREFIX.length);
        const from = new Date(`${day}T00:00:00.000Z`);
        if (Number.isNaN(from.getTime())) throw new Undeliverable(`Not a digest day: "${day}".`);
        const to = new Date(from.getTime() + 24 * 60 * 60_000);
        const [requests, entries] = await Promise.all([
          this.deps.scholarshipRequests.listCreatedBetween(from, to, DIGEST_MAX_ITEMS),
          this.deps.guestbookEntries.listCreatedBetween(from, to, DIGEST_MAX_ITEMS),
        ]);
        return digestEmail(settings, this.owner(), day, { requests, entries });
      }
      case 'signin_alert': {
        const [end = '', userId = ''] = (delivery.dedupeKey ?? '').slice(SIGN_IN_ALERT_KEY_PREFIX.length).split(':');
        const user = await this.deps.adminUsers.findById(userId);
        if (user === null) throw new Undeliverable('The admin account no longer exists.');
        const { max, windowMs } = this.deps.loginAccountLimit;
        return signInAlertEmail(settings, this.owner(), {
          username: user.username,
          failures: max,
          windowMs,
          windowEndsAt: new Date(Number(end)),
        });
      }
      case 'security_alert': {
        const eventId = (delivery.dedupeKey ?? '').slice(SECURITY_ALERT_KEY_PREFIX.length);
        const event = await this.deps.auditEvents.findById(eventId);
        if (event === null) throw new Undeliverable('The audit event it reports does not exist.');
        const actor = event.userId === null ? null : await this.deps.adminUsers.findById(event.userId);
        return securityAlertEmail(settings, this.owner(), describeSecurityEvent(event, actor?.username ?? null));
      }
      case 'reader_confirm': {
        const sending = await confirmationToSend(this.deps, delivery);
        if (!sending.ok) throw new Undeliverable(sending.error);
        return readerConfirmationEmail(settings, sending.value.reader, sending.value.links);
      }
      case 'announcement': {
        const sending = await announcementToSend(this.deps, delivery);
        if (!sending.ok) throw new Undeliverable(sending.error);
        return sending.value;
      }
      case 'review_reminder': {
        const sending = await reviewReminderToSend(this.deps, delivery);
        if (!sending.ok) throw new Undeliverable(sending.error);
        return sending.value;
      }
    }
  }

  private async request(delivery: Delivery) {
    const request =
      delivery.requestId === null ? null : await this.deps.scholarshipRequests.findById(delivery.requestId);
    if (request === null) throw new Undeliverable('The scholarship request no longer exists.');
    return request;
  }

  /** The request of an email to its requester, unless their address is suppressed for it. */
  private async requesterRequest(delivery: Delivery) {
    const request = await this.request(delivery);
    // What the reader asked for right now goes, suppressed or not.
    if (delivery.dedupeKey?.startsWith(ASKED_BY_READER_KEY_PREFIX) === true) return request;
    const suppressed = await suppressedFor(this.deps.suppressions, request);
    if (suppressed !== null) throw new Undeliverable(suppressed);
    return request;
  }

  private owner(): string {
    if (this.deps.settings.ownerEmail === null) throw new Undeliverable('OWNER_EMAIL is not set.');
    return this.deps.settings.ownerEmail;
  }
}

/** The words of a security alert, from the audit event it reports. */
export function describeSecurityEvent(event: AuditEvent, actorName: string | null): SecurityAlert {
  const when = event.createdAt.toISOString().replace('T', ' ').slice(0, 16);
  const who = actorName === null ? 'An admin' : `"${actorName}"`;
  const details = event.details ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (event.action) {
    case AuditAction.Login:
      return {
        subject: `New device signed in to "${actorName ?? 'an admin'}"`,
        paragraphs: [
          `${who} signed in at ${when} (UTC) from a device not seen before: ` +
            `${event.userAgent ?? 'no user agent'}, address ${event.ipAddress ?? 'unknown'}.`,
        ],
      };
    case AuditAction.TwoFactorDisabled:
      return {
        subject: `Two-factor sign-in turned off for "${actorName ?? 'an admin'}"`,
        paragraphs: [
          `Two-factor sign-in was turned off for ${who} at ${when} (UTC)` +
            (text(details.from) === 'command_line' ? ', from the command line (pnpm admin reset-password).' : '.'),
        ],
      };
    case AuditAction.AdminAdded:
      return {
        subject: `New admin "${text(details.username)}"`,
        paragraphs: [`${who} added the admin "${text(details.username)}" at ${when} (UTC).`],
      };
    default:
      throw new Undeliverable(`Not a security event: ${event.action}.`);
  }
}

/** A digest lists at most this many of each (the admin app has the rest). */
export const DIGEST_MAX_ITEMS = 200;

/** The reason shown to the owner: the SMTP reply or the error's message, on one line. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim() || 'Unknown error';
}
