import type { Delivery, DeliveryStatus } from '../src/outbox/delivery';
import type { DeliveryEvent } from '../src/outbox/delivery-event';
import type { DeliveryRepository, OutboxState } from '../src/outbox/delivery.repository';
import { copy, type InMemoryDatabase } from './in-memory-database';

const byDueThenId = (a: Delivery, b: Delivery): number =>
  a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class InMemoryDeliveryRepository implements DeliveryRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async add(delivery: Delivery): Promise<void> {
    if (this.db.deliveries.has(delivery.id)) throw new Error(`Duplicate delivery id ${delivery.id}`);
    if (delivery.dedupeKey !== null && this.hasKey(delivery.dedupeKey)) {
      throw new Error(`Duplicate delivery key ${delivery.dedupeKey}`);
    }
    this.db.deliveries.set(delivery.id, copy(delivery));
  }

  async addUnlessDuplicate(delivery: Delivery & { readonly dedupeKey: string }): Promise<boolean> {
    if (this.hasKey(delivery.dedupeKey)) return false;
    await this.add(delivery);
    return true;
  }

  async addManyUnlessDuplicate(deliveries: ReadonlyArray<Delivery & { readonly dedupeKey: string }>): Promise<number> {
    let added = 0;
    for (const delivery of deliveries) if (await this.addUnlessDuplicate(delivery)) added += 1;
    return added;
  }

  async countByKeyPrefix(prefix: string): Promise<Readonly<Record<DeliveryStatus, number>>> {
    const counts = { queued: 0, sent: 0, failed: 0 };
    for (const delivery of this.db.deliveries.values()) {
      if (delivery.dedupeKey?.startsWith(prefix) === true) counts[delivery.status] += 1;
    }
    return counts;
  }

  private hasKey(key: string): boolean {
    return [...this.db.deliveries.values()].some((delivery) => delivery.dedupeKey === key);
  }

  // No await between choosing and leasing: atomic on a single-threaded event loop.
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<Delivery[]> {
    const due = [...this.db.deliveries.values()]
      .filter(
        (delivery) =>
          delivery.status === 'queued' &&
          delivery.nextAttemptAt.getTime() <= now.getTime() &&
          (delivery.leaseUntil === null || delivery.leaseUntil.getTime() <= now.getTime()),
      )
      .sort(byDueThenId)
      .slice(0, Math.max(0, limit));
    return due.map((delivery) => {
      const leased = { ...delivery, leaseUntil: copy(leaseUntil) };
      this.db.deliveries.set(delivery.id, leased);
      return copy(leased);
    });
  }

  async attachLink(id: string, tokenHash: string, expiresAt: Date): Promise<void> {
    const delivery = this.db.deliveries.get(id);
    if (delivery === undefined) return;
    this.db.deliveries.set(id, { ...delivery, linkTokenHash: tokenHash, linkExpiresAt: copy(expiresAt) });
  }

  async findByLinkTokenHash(tokenHash: string): Promise<Delivery | null> {
    if (typeof tokenHash !== 'string' || tokenHash === '') return null;
    const found = [...this.db.deliveries.values()].find((delivery) => delivery.linkTokenHash === tokenHash);
    return found === undefined ? null : copy(found);
  }

  // No await between the check and the write: atomic on a single-threaded event loop.
  async countDownloadIfBelow(id: string, maxDownloads: number, at: Date): Promise<boolean> {
    const delivery = this.db.deliveries.get(id);
    if (delivery === undefined || delivery.revokedAt !== null || delivery.downloadCount >= maxDownloads) return false;
    this.db.deliveries.set(id, { ...delivery, downloadCount: delivery.downloadCount + 1, lastDownloadAt: copy(at) });
    return true;
  }

  // No await between choosing and revoking: atomic on a single-threaded event loop.
  async revokeLinks(requestId: string, at: Date): Promise<string[]> {
    const revoked: string[] = [];
    for (const delivery of this.db.deliveries.values()) {
      if (delivery.requestId !== requestId || delivery.kind !== 'approval') continue;
      if (delivery.linkTokenHash === null || delivery.revokedAt !== null) continue;
      this.db.deliveries.set(delivery.id, { ...delivery, revokedAt: copy(at) });
      revoked.push(delivery.id);
    }
    return revoked;
  }

  async findByIds(ids: readonly string[]): Promise<Delivery[]> {
    return [...new Set(ids)].flatMap((id) => {
      const delivery = this.db.deliveries.get(id);
      return delivery === undefined ? [] : [copy(delivery)];
    });
  }

  async release(ids: readonly string[], leaseUntil: Date): Promise<void> {
    for (const id of ids) {
      const delivery = this.db.deliveries.get(id);
      if (delivery === undefined || delivery.status !== 'queued') continue;
      if (delivery.leaseUntil?.getTime() !== leaseUntil.getTime()) continue;
      this.db.deliveries.set(id, { ...delivery, leaseUntil: null });
    }
  }

  async markSent(id: string, sentAt: Date): Promise<void> {
    const delivery = this.db.deliveries.get(id);
    if (delivery === undefined) return;
    this.db.deliveries.set(id, {
      ...delivery,
      status: 'sent',
      attempts: delivery.attempts + 1,
      sentAt: copy(sentAt),
      leaseUntil: null,
    });
  }

  async markAttemptFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    const delivery = this.db.deliveries.get(id);
    if (delivery === undefined) return;
    this.db.deliveries.set(id, {
      ...delivery,
      status: retryAt === null ? 'failed' : 'queued',
      attempts: delivery.attempts + 1,
      nextAttemptAt: retryAt === null ? delivery.nextAttemptAt : copy(retryAt),
      lastError: error,
      leaseUntil: null,
    });
  }

  async outboxState(): Promise<OutboxState> {
    const queued = [...this.db.deliveries.values()].filter((delivery) => delivery.status === 'queued');
    const waiting = queued.filter((delivery) => delivery.kind !== 'announcement');
    const oldest = waiting.reduce<Date | null>(
      (min, delivery) => (min === null || delivery.createdAt < min ? delivery.createdAt : min),
      null,
    );
    return { waiting: waiting.length, oldestWaitingSince: oldest, announcementWaiting: queued.length - waiting.length };
  }

  async listForRequests(requestIds: readonly string[]): Promise<Delivery[]> {
    const wanted = new Set(requestIds.filter((id) => typeof id === 'string' && id !== ''));
    return [...this.db.deliveries.values()]
      .filter((delivery) => delivery.requestId !== null && wanted.has(delivery.requestId))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }

  async removeLinksExpiredBefore(before: Date): Promise<number> {
    let removed = 0;
    for (const delivery of [...this.db.deliveries.values()]) {
      if (delivery.linkExpiresAt === null || delivery.linkExpiresAt.getTime() >= before.getTime()) continue;
      this.db.deliveries.set(delivery.id, { ...delivery, linkTokenHash: null, linkExpiresAt: null });
      removed += 1;
    }
    return removed;
  }

  async forgetPersonalDetails(requestIds: readonly string[]): Promise<number> {
    const wanted = new Set(requestIds);
    let changed = 0;
    for (const delivery of [...this.db.deliveries.values()]) {
      if (delivery.requestId === null || !wanted.has(delivery.requestId)) continue;
      if (delivery.linkTokenHash === null && delivery.linkExpiresAt === null && delivery.lastError === null) continue;
      this.db.deliveries.set(delivery.id, { ...delivery, linkTokenHash: null, linkExpiresAt: null, lastError: null });
      changed += 1;
    }
    this.db.deliveryEvents = this.db.deliveryEvents.map((event) =>
      wanted.has(this.db.deliveries.get(event.deliveryId)?.requestId ?? '') ? { ...event, detail: null } : event,
    );
    return changed;
  }

  async addEvent(event: DeliveryEvent, keep: number): Promise<boolean> {
    const held = this.db.deliveryEvents.filter((kept) => kept.deliveryId === event.deliveryId).length;
    if (held >= keep) return false;
    this.db.deliveryEvents.push(copy(event));
    return true;
  }

  async listEvents(deliveryIds: readonly string[]): Promise<DeliveryEvent[]> {
    const wanted = new Set(deliveryIds);
    return this.db.deliveryEvents
      .filter((event) => wanted.has(event.deliveryId))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((event) => copy(event));
  }
}
