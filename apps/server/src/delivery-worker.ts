import type { QueueOwnerDigestUseCase, ResumeAnnouncementsUseCase, SendDueDeliveriesUseCase } from '@memoir/domain';
import type { Logger } from 'pino';

import type { BackgroundJob } from './background-jobs';

/**
 * The delivery queue, run inside the server process as a background job: every
 * `pollIntervalMs` it queues the owner's digest when one is due, then sends what is due, batch
 * after batch until nothing is left. Any number of processes may run one against the same
 * database (the queue's leases share the work out). A failing run (the database is down) is
 * logged and tried again at the next turn. Once the jobs stop, the email in hand finishes and
 * the rest of the batch goes back to the queue, where another process claims it at once
 * instead of after the two-minute lease.
 */
export function deliveryJob(deps: {
  readonly sendDueDeliveries: SendDueDeliveriesUseCase;
  readonly queueOwnerDigest: QueueOwnerDigestUseCase;
  /** Finishes the queuing of an announcement a crash cut short (none: not looked for). */
  readonly resumeAnnouncements?: Pick<ResumeAnnouncementsUseCase, 'execute'>;
  readonly pollIntervalMs: number;
  readonly batchSize: number;
  readonly logger: Logger;
}): BackgroundJob {
  const { logger } = deps;
  return {
    name: 'delivery',
    periodMs: deps.pollIntervalMs,
    runAtStart: true,
    async run(stopping) {
      try {
        if (await deps.queueOwnerDigest.execute()) logger.info('queued the owner’s daily digest');
        const resumed = (await deps.resumeAnnouncements?.execute()) ?? 0;
        if (resumed > 0) logger.info({ resumed }, 'finished queuing announcements cut short');
        for (;;) {
          const run = await deps.sendDueDeliveries.execute({ shouldStop: stopping });
          if (run.sent + run.retrying + run.failed > 0) logger.info({ ...run }, 'delivery run');
          if (run.handedBack !== undefined) {
            logger.info({ handedBack: run.handedBack }, 'stopping: handed unsent deliveries back to the queue');
          }
          if (run.failed > 0) logger.warn({ failed: run.failed }, 'deliveries failed for good: see the admin app');
          if (stopping() || run.sent + run.retrying + run.failed < deps.batchSize) return;
        }
      } catch (error) {
        logger.warn({ err: error }, 'delivery run failed; trying again at the next tick');
      }
    },
  };
}
