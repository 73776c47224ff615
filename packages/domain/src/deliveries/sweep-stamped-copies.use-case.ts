import type { Clock } from '../shared/clock';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import type { StampedCopies } from './stamped-copies';

/**
 * Removes the kept copies whose link works no more: expired, revoked (by this process or
 * another), taken away (an erasure or the retention job clears the link), or gone with its
 * request. Run now and then by each server process over its own
 * copies; a copy is never needed again once its link stops working, so removing it is safe.
 */
export class SweepStampedCopiesUseCase {
  constructor(
    private readonly deps: {
      readonly deliveries: DeliveryRepository;
      readonly copies: StampedCopies;
      readonly clock: Clock;
    },
  ) {}

  /** Returns how many copies it removed. */
  async execute(): Promise<number> {
    const kept = await this.deps.copies.list();
    if (kept.length === 0) return 0;
    const now = this.deps.clock.now().getTime();
    const live = new Set(
      (await this.deps.deliveries.findByIds(kept))
        .filter(
          (delivery) =>
            delivery.linkTokenHash !== null &&
            delivery.revokedAt === null &&
            (delivery.linkExpiresAt?.getTime() ?? 0) > now,
        )
        .map((delivery) => delivery.id),
    );
    const dead = kept.filter((id) => !live.has(id));
    await this.deps.copies.remove(dead);
    return dead.length;
  }
}
