import type { Clock } from '../shared/clock';
import {
  READER_WEBHOOK_ERROR_MAX_LENGTH,
  webhookOutcome,
  webhookRetryAt,
  type ReaderWebhook,
  type ReaderWebhookRepository,
  type WebhookAnswer,
} from './reader-webhook';

/**
 * Port: one signed POST of a webhook's body to the receiver (READERS_WEBHOOK_URL), never
 * following a redirect, within a timeout. `at` is the attempt's time (the signed timestamp).
 * Resolves with the status, or with the network error (a timeout too); never rejects.
 */
export interface WebhookPoster {
  post(webhook: { readonly id: string; readonly body: string; readonly at: Date }): Promise<WebhookAnswer>;
}

/** What one run did. */
export interface ReaderWebhookRun {
  readonly delivered: number;
  readonly retrying: number;
  /** Given up for good (logged; the owner's summary counts them). */
  readonly failed: number;
  readonly handedBack?: number;
}

export interface ReaderWebhookPolicy {
  /** Rows per claim. */
  readonly batchSize: number;
  /** Longer than a batch of sends at the poster's timeout. */
  readonly leaseMs: number;
}

/** 10 rows of at most 10 s each well within the 3-minute lease. */
export const DEFAULT_READER_WEBHOOK_POLICY: ReaderWebhookPolicy = { batchSize: 10, leaseMs: 3 * 60_000 };

/**
 * The webhook worker's one run: claims the due rows, posts each, and records what the receiver
 * said: 2xx removes the row, a network error, a 5xx or a 429 is tried again after 1 min, 5 min,
 * 30 min, 2 h and 12 h, and anything else (a redirect, another 4xx), or a sixth failure, gives
 * up. Any number of processes may run it at once: the lease gives each row to one.
 */
export class SendReaderWebhooksUseCase {
  constructor(
    private readonly deps: {
      readonly readerWebhooks: ReaderWebhookRepository;
      readonly poster: WebhookPoster;
      readonly clock: Clock;
      readonly policy?: ReaderWebhookPolicy;
      /** Told of each row given up (the server logs it). */
      readonly onGiveUp?: (webhook: ReaderWebhook, error: string) => void;
    },
  ) {}

  async execute(options: { readonly shouldStop?: () => boolean } = {}): Promise<ReaderWebhookRun> {
    const { readerWebhooks, clock, poster } = this.deps;
    const policy = this.deps.policy ?? DEFAULT_READER_WEBHOOK_POLICY;
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + policy.leaseMs);
    const claimed = await readerWebhooks.claimDue(now, leaseUntil, policy.batchSize);
    const run = { delivered: 0, retrying: 0, failed: 0 };
    for (const [index, webhook] of claimed.entries()) {
      if (index > 0 && options.shouldStop?.() === true) {
        const rest = claimed.slice(index).map((unsent) => unsent.id);
        await readerWebhooks.release(rest, leaseUntil);
        return { ...run, handedBack: rest.length };
      }
      const answer = await poster.post({ id: webhook.id, body: webhook.body, at: clock.now() });
      const outcome = webhookOutcome(answer);
      if (outcome === 'delivered') {
        await readerWebhooks.remove(webhook.id);
        run.delivered += 1;
        continue;
      }
      const attempts = webhook.attempts + 1;
      const at = clock.now();
      const retryAt = outcome === 'retry' ? webhookRetryAt(attempts, at) : null;
      const error = (answer.kind === 'network' ? answer.error : `HTTP ${answer.status}`).slice(
        0,
        READER_WEBHOOK_ERROR_MAX_LENGTH,
      );
      await readerWebhooks.markAttemptFailed(webhook.id, error, retryAt, at);
      if (retryAt === null) {
        run.failed += 1;
        this.deps.onGiveUp?.(webhook, error);
      } else run.retrying += 1;
    }
    return run;
  }
}
