import type { GuestbookEntryRepository } from '../guestbook/guestbook-entry.repository';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import { DIGEST_KEY_PREFIX, newDelivery, type OwnerNotifications } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';

const DAY_MS = 24 * 60 * 60_000;

/**
 * In `daily` mode, queues one digest for the previous UTC day, once that day is over and if
 * anything arrived in it. Every server process may run it: the day's key lets only one
 * digest in.
 */
export class QueueOwnerDigestUseCase {
  /** The last day this process has dealt with, so most runs cost nothing. */
  private doneDay: string | null = null;

  constructor(
    private readonly deps: {
      readonly deliveries: DeliveryRepository;
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly guestbookEntries: GuestbookEntryRepository;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      readonly ownerNotifications: OwnerNotifications;
    },
  ) {}

  /** Returns whether a digest was queued by this call. */
  async execute(): Promise<boolean> {
    if (this.deps.ownerNotifications !== 'daily') return false;
    const now = this.deps.clock.now();
    const to = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    const from = new Date(to.getTime() - DAY_MS);
    const day = from.toISOString().slice(0, 10);
    if (this.doneDay === day) return false;
    const [requests, entries] = await Promise.all([
      this.deps.scholarshipRequests.listCreatedBetween(from, to, 1),
      this.deps.guestbookEntries.listCreatedBetween(from, to, 1),
    ]);
    let queued = false;
    if (requests.length + entries.length > 0) {
      queued = await this.deps.deliveries.addUnlessDuplicate({
        ...newDelivery({ id: this.deps.ids.next(), kind: 'owner_digest', now }),
        dedupeKey: `${DIGEST_KEY_PREFIX}${day}`,
      });
    }
    this.doneDay = day;
    return queued;
  }
}
