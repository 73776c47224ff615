import { QueryFailedError } from 'typeorm';

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/**
 * InnoDB may pick a transaction as a deadlock victim (concurrent upserts of one new key do
 * this); the documented remedy is to run it again. Everything we retry is a whole
 * transaction that was rolled back, so running it again cannot apply anything twice.
 */
export async function withDeadlockRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = error instanceof QueryFailedError ? (error.driverError as { code?: string }).code : undefined;
      if (attempt >= attempts || code === undefined || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
