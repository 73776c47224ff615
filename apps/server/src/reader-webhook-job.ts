import type { SendReaderWebhooksUseCase } from '@memoir/domain';
import type { Logger } from 'pino';

import type { BackgroundJob } from './background-jobs';

/**
 * The readers' webhook (READERS_WEBHOOK_URL), run in every server process: every
 * `pollIntervalMs` it posts the events that are due, batch after batch until none is left. The
 * rows' leases share the work out between processes, so none is posted by two at once. An event
 * given up (a 4xx, a redirect, or six failed attempts over about 15 hours) is logged as a
 * warning; the Readers screen counts them.
 */
export function readerWebhookJob(deps: {
  readonly sendReaderWebhooks: Pick<SendReaderWebhooksUseCase, 'execute'>;
  readonly pollIntervalMs: number;
  readonly batchSize: number;
  readonly logger: Logger;
}): BackgroundJob {
  const { logger } = deps;
  return {
    name: 'reader-webhooks',
    periodMs: deps.pollIntervalMs,
    runAtStart: true,
    async run(stopping) {
      try {
        for (;;) {
          const run = await deps.sendReaderWebhooks.execute({ shouldStop: stopping });
          if (run.delivered + run.retrying + run.failed > 0) logger.info({ ...run }, 'reader webhook run');
          if (run.failed > 0) {
            logger.warn(
              { failed: run.failed },
              'reader webhooks given up: the receiver refused them or never answered',
            );
          }
          if (stopping() || run.delivered + run.retrying + run.failed < deps.batchSize) return;
        }
      } catch (error) {
        logger.warn({ err: error }, 'reader webhook run failed; trying again at the next tick');
      }
    },
  };
}
