import type { Sha256 } from '../audit-log/audit-chain';
import { REQUESTER_KINDS } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import { DELIVERY_EVENTS_KEPT, newDeliveryEvent } from '../outbox/delivery-event';
import type { RateLimitStore } from '../rate-limiting/rate-limit-store';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import { suppressionKey } from './suppression';
import type { SuppressionRepository } from './suppression.repository';

/** The mail providers whose delivery events the site takes (POST /api/mail-events/{provider}). */
export const MAIL_EVENT_PROVIDERS = ['ses', 'postmark', 'mailgun'] as const;
export type MailEventProvider = (typeof MAIL_EVENT_PROVIDERS)[number];
/** Where an event comes from: a provider's webhook, or the bounce mailbox (BOUNCE_IMAP_URL). */
export type MailEventSource = MailEventProvider | 'imap';

/** What happened to a message, as far as suppressions care. */
export type MailEventKind = 'hard_bounce' | 'soft_bounce' | 'complaint' | 'other';

/** One event, its signature already checked by the adapter that received it. */
export interface MailEvent {
  readonly provider: MailEventSource;
  /** The provider's id of the event (or of the signed message, or the report's Message-ID): a second one is a replay. */
  readonly eventId: string;
  /** When the provider signed or sent it: outside the window it is refused. */
  readonly sentAt: Date;
  readonly kind: MailEventKind;
  /** The recipients it concerns. */
  readonly emails: readonly string[];
  /** What the receiving server said (a DSN's status and diagnostic), for the owner's timeline. */
  readonly detail?: string | null;
}

export type MailEventOutcome = 'recorded' | 'replay' | 'stale';

/** How far from now an event's time may be: a provider retries within minutes to hours. */
export const MAIL_EVENT_WINDOW_MS: Readonly<Record<MailEventSource, number>> = {
  ses: 60 * 60_000,
  mailgun: 60 * 60_000,
  // Postmark retries a failed webhook for hours, and its time is the bounce's, not the post's.
  postmark: 12 * 60 * 60_000,
  // A report waits in the bounce mailbox until the reader comes by (a server down for days too);
  // the mailbox's own Seen flag, not this window, keeps it from counting twice.
  imap: 7 * 24 * 60 * 60_000,
};

/** Soft bounces of one address within SOFT_BOUNCE_WINDOW_MS that suppress it as a hard bounce would. */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_MS = 3 * 24 * 60 * 60_000;

/**
 * A provider's delivery event: a hard bounce or a complaint suppresses its addresses; a soft
 * bounce (a full mailbox, a server down) is counted per address, and the SOFT_BOUNCE_LIMIT-th
 * within SOFT_BOUNCE_WINDOW_MS suppresses it as a bounce (the owner sees it in the list). An
 * event outside its provider's window is `stale`, one seen before (by any process: the ids are
 * kept in the shared counters, hashed, for twice the window) a `replay`; neither changes anything.
 * A bounce or complaint also goes on the timeline of the newest requester's email sent to the
 * address (the approval or rejection the owner reads it beside), at the event's own time.
 */
export class RecordMailEventUseCase {
  constructor(
    private readonly deps: {
      readonly suppressions: SuppressionRepository;
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly deliveries: DeliveryRepository;
      readonly rateLimits: RateLimitStore;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      readonly sha256: Sha256;
    },
  ) {}

  async execute(event: MailEvent): Promise<MailEventOutcome> {
    const now = this.deps.clock.now();
    const window = MAIL_EVENT_WINDOW_MS[event.provider];
    if (Math.abs(now.getTime() - event.sentAt.getTime()) > window) return 'stale';
    const seen = await this.deps.rateLimits.hit(
      `mail-event:${event.provider}:${this.deps.sha256(event.eventId).slice(0, 40)}`,
      2 * window,
      now,
    );
    if (seen.count > 1) return 'replay';
    for (const email of new Set(event.emails.map(suppressionKey))) {
      if (event.kind !== 'other') await this.onTimeline(email, event, event.kind);
      if (event.kind === 'hard_bounce' || event.kind === 'complaint') {
        const reason = event.kind === 'complaint' ? 'complaint' : 'bounce';
        await this.deps.suppressions.suppress({ email, reason, at: now });
      } else if (event.kind === 'soft_bounce') {
        // The address is hashed: the counters hold no one's address.
        const key = `soft-bounce:${this.deps.sha256(email).slice(0, 40)}`;
        const bounces = await this.deps.rateLimits.hit(key, SOFT_BOUNCE_WINDOW_MS, now);
        if (bounces.count >= SOFT_BOUNCE_LIMIT)
          await this.deps.suppressions.suppress({ email, reason: 'bounce', at: now });
      }
    }
    return 'recorded';
  }

  /** The event on the timeline of the newest requester's email sent to the address, if any. */
  private async onTimeline(email: string, event: MailEvent, kind: Exclude<MailEventKind, 'other'>): Promise<void> {
    const requests = await this.deps.scholarshipRequests.listByEmail(email);
    // By the time a report comes, the email it reports is as a rule the newest sent (clocks differ: no time test).
    const sent = (await this.deps.deliveries.listForRequests(requests.map((request) => request.id))).filter(
      (delivery) => REQUESTER_KINDS.includes(delivery.kind) && delivery.sentAt !== null,
    );
    const newest = sent.sort((a, b) => (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0))[0];
    if (newest === undefined) return;
    await this.deps.deliveries.addEvent(
      newDeliveryEvent({
        id: this.deps.ids.next(),
        deliveryId: newest.id,
        kind,
        // A report never comes before the send: a provider's time in whole seconds, or another clock, may seem to.
        at: new Date(Math.max(event.sentAt.getTime(), newest.sentAt?.getTime() ?? 0)),
        detail: event.detail ?? null,
      }),
      DELIVERY_EVENTS_KEPT,
    );
  }
}
