import type { QueueOwnerDigestUseCase, SendDueDeliveriesUseCase } from '@memoir/domain';
import type { Logger } from 'pino';

/**
 * Runs the delivery queue inside the server process: every `pollIntervalMs` it queues the
 * owner's digest when one is due, then sends what is due, batch after batch until nothing is
 * left. Any number of processes may run one against the same database (the queue's leases
 * share the work out). A failing run (the database is down) is logged and tried again at the
 * next tick. `stop()` lets the email in hand finish and hands the rest of the batch back to the
 * queue, where another process claims it at once instead of after the two-minute lease.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: {
      readonly sendDueDeliveries: SendDueDeliveriesUseCase;
      readonly queueOwnerDigest: QueueOwnerDigestUseCase;
      readonly pollIntervalMs: number;
      readonly batchSize: number;
      readonly logger: Logger;
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs the queue now (tests, and the tick). Resolves when nothing due is left. */
  runOnce(): Promise<void> {
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves once the email in hand is sent (or failed) and the rest of its batch handed back. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runOnce().finally(() => this.schedule(this.deps.pollIntervalMs));
    }, delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    const { logger } = this.deps;
    try {
      if (await this.deps.queueOwnerDigest.execute()) logger.info('queued the owner’s daily digest');
      for (;;) {
        const run = await this.deps.sendDueDeliveries.execute({ shouldStop: () => this.stopped });
        if (run.sent + run.retrying + run.failed > 0) logger.info({ ...run }, 'delivery run');
        if (run.handedBack !== undefined) {
          logger.info({ handedBack: run.handedBack }, 'stopping: handed unsent deliveries back to the queue');
        }
        if (run.failed > 0) logger.warn({ failed: run.failed }, 'deliveries failed for good: see the admin app');
        if (this.stopped || run.sent + run.retrying + run.failed < this.deps.batchSize) return;
      }
    } catch (error) {
      logger.warn({ err: error }, 'delivery run failed; trying again at the next tick');
    }
  }
}
