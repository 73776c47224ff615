import { CURRENT_MEDIA_TTL_MS, DEFAULT_READER_WEBHOOK_POLICY } from '@memoir/domain';

import type { BackgroundJob } from './background-jobs';
import { bounceMailboxJob } from './bounce-mailbox-job';
import { TYPES } from './container';
import type { Composition } from './compose';
import { deliveryJob } from './delivery-worker';
import { readerWebhookJob } from './reader-webhook-job';
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from './scheduled-jobs';

/** How often a process writes the counted events it has totalled. */
export const EVENT_FLUSH_INTERVAL_MS = 10_000;

/**
 * How often each process looks for review reminders that fell due: a reminder is due days
 * after a download, so a minute late is on time; several processes at once queue each once.
 */
export const REVIEW_REMINDER_CHECK_MS = 60_000;

/** How often each process removes the kept copies of links that stopped working. */
export const COPY_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * What every server process does beside answering requests, one list: started when it
 * listens and stopped when a shutdown begins, the same way for each (background-jobs.ts).
 */
export function serverJobs({
  useCases,
  persistence,
  clock,
  settings,
  config,
  logger,
  container,
}: Composition): BackgroundJob[] {
  const currentBook = container.get(TYPES.CurrentBook);
  return [
    {
      // The newest uploaded book, fetched from the shared store when another process took it in.
      name: 'current-book',
      periodMs: CURRENT_MEDIA_TTL_MS,
      runAtStart: false,
      run: () =>
        currentBook
          .refresh()
          .then(() => undefined)
          .catch((error: unknown) => logger.warn({ err: error }, 'fetching the newest uploaded book failed')),
    },
    // The email queue: at once, then every DELIVERY_POLL_INTERVAL.
    deliveryJob({
      sendDueDeliveries: useCases.sendDueDeliveries,
      queueOwnerDigest: useCases.queueOwnerDigest,
      resumeAnnouncements: useCases.resumeAnnouncements,
      pollIntervalMs: config.mail.pollIntervalMs,
      batchSize: settings.deliveryPolicy.batchSize,
      logger,
    }),
    {
      // Hourly: ended rate-limit windows go, and once a UTC day (in one process) the retention job runs.
      name: 'maintenance',
      periodMs: MAINTENANCE_INTERVAL_MS,
      runAtStart: false,
      run: async () => void (await runMaintenance({ useCases, rateLimits: persistence.rateLimits, clock, logger })),
    },
    {
      // Kept copies whose link expired or was revoked (here or by another process) go, at
      // start and every ten minutes.
      name: 'copy-sweep',
      periodMs: COPY_SWEEP_INTERVAL_MS,
      runAtStart: true,
      run: () =>
        useCases.sweepStampedCopies.execute().then(
          (removed) => {
            if (removed > 0) logger.info({ removed }, 'removed the kept copies of links that work no more');
          },
          (error: unknown) => logger.warn({ err: error }, 'sweeping the kept copies failed'),
        ),
    },
    {
      // Review reminders fell due (REVIEW_REMINDER_DAYS after a first download): queued for the delivery worker.
      name: 'review-reminders',
      periodMs: REVIEW_REMINDER_CHECK_MS,
      runAtStart: true,
      run: () =>
        useCases.queueReviewReminders.execute().then(
          (queued) => {
            if (queued > 0) logger.info({ queued }, 'queued the review reminders that fell due');
          },
          (error: unknown) => logger.warn({ err: error }, 'queuing the review reminders failed; tried again later'),
        ),
    },
    {
      // Counted events are totalled in memory and written every few seconds, and once more
      // at shutdown, after the last requests have counted theirs.
      name: 'counted-events',
      periodMs: EVENT_FLUSH_INTERVAL_MS,
      runAtStart: false,
      run: () =>
        useCases.countedEvents
          .flush()
          .catch((error: unknown) =>
            logger.warn({ err: error }, 'writing the counted events failed; kept for the next try'),
          ),
      atShutdown: () =>
        useCases.countedEvents
          .flush()
          .catch((error: unknown) => logger.warn({ err: error }, 'the last counted events could not be written')),
    },
    // The readers' webhook, only with READERS_WEBHOOK_URL: at once, then every DELIVERY_POLL_INTERVAL.
    ...(config.readersWebhook === null
      ? []
      : [
          readerWebhookJob({
            sendReaderWebhooks: useCases.sendReaderWebhooks,
            pollIntervalMs: config.mail.pollIntervalMs,
            batchSize: DEFAULT_READER_WEBHOOK_POLICY.batchSize,
            logger,
          }),
        ]),
    // The bounce mailbox, only with BOUNCE_IMAP_URL: at start and every five minutes, by one process of all.
    ...(config.mail.bounceImap === null
      ? []
      : [
          bounceMailboxJob({
            target: config.mail.bounceImap,
            useCases,
            rateLimits: persistence.rateLimits,
            clock,
            logger,
          }),
        ]),
  ];
}
