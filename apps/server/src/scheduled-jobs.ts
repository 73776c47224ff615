import type { Clock, RateLimitStore, UseCases } from '@memoir/domain';
import type { Logger } from 'pino';

/** How often each process looks at its scheduled work. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One process's hourly maintenance: ended rate-limit windows are deleted (the table stays
 * small), and the retention job runs once a UTC day. Several processes share the day's run
 * through the shared store: the first to count a hit on the day's key runs it, the others see
 * a count above one and leave it. A failed run is logged and waits for the next day.
 * Returns whether this call ran the retention job.
 */
export async function runMaintenance(deps: {
  readonly useCases: Pick<UseCases, 'applyRetention'>;
  readonly rateLimits: RateLimitStore;
  readonly clock: Clock;
  readonly logger: Logger;
}): Promise<boolean> {
  const { rateLimits, clock, logger } = deps;
  const now = clock.now();
  await rateLimits
    .deleteEnded(now, false)
    .catch((error: unknown) => logger.warn({ err: error }, 'deleting ended rate-limit windows failed'));
  const day = now.toISOString().slice(0, 10);
  const claim = await rateLimits.hit(`job:retention:${day}`, 2 * DAY_MS, now).catch((error: unknown) => {
    logger.warn({ err: error }, 'the retention job could not claim its day');
    return null;
  });
  if (claim === null || claim.count !== 1) return false;
  try {
    const report = await deps.useCases.applyRetention.execute();
    logger.info({ counts: report.counts }, 'retention run');
  } catch (error) {
    logger.error({ err: error }, 'the retention run failed; it runs again tomorrow');
  }
  return true;
}
