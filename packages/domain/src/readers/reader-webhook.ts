import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import { readerItem, readerKey, type Reader } from './reader';

/**
 * The owner's newsletter tool (or Zapier, Make, n8n) hears of each reader who confirms or
 * leaves through a signed POST to READERS_WEBHOOK_URL (docs/readers.md, "Webhook"). Each event
 * is a row of a small outbox, written in the same transaction as the change it reports, so
 * none is lost and none is sent for a change that was rolled back; a worker sends it with
 * retries. The body is made when the event is queued: every attempt sends the same bytes.
 */
export type ReaderWebhookType = 'reader.confirmed' | 'reader.unsubscribed';

/** pending: waiting or between attempts; failed: given up (kept for the owner's count, then removed). Delivered rows go. */
export type ReaderWebhookStatus = 'pending' | 'failed';

export interface ReaderWebhook {
  /** The delivery's id: the body's `id` and the `webhook-id` header, the same at every attempt. */
  readonly id: string;
  readonly type: ReaderWebhookType;
  /** The reader's address in lower case: what export-person and erase find the row by. */
  readonly emailKey: string;
  /** The JSON body, as sent. */
  readonly body: string;
  readonly status: ReaderWebhookStatus;
  readonly attempts: number;
  readonly nextAttemptAt: Date;
  /** Until when a worker holds it; another may claim it after that. */
  readonly leaseUntil: Date | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
  /** When it was given up; null while pending. */
  readonly failedAt: Date | null;
}

/** Port: the pending webhook deliveries, shared by every server process. */
export interface ReaderWebhookRepository {
  add(webhook: ReaderWebhook): Promise<void>;
  /**
   * Takes up to `limit` pending rows whose next attempt is due and that no live lease holds,
   * oldest due first, and leases them until `leaseUntil`. Atomic: of concurrent claims (in one
   * process or several), each row goes to one.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ReaderWebhook[]>;
  /** Hands back rows claimed with `leaseUntil` that will not be sent now (the worker is stopping). */
  release(ids: readonly string[], leaseUntil: Date): Promise<void>;
  /** Delivered (the receiver answered 2xx): the row goes at once. */
  remove(id: string): Promise<void>;
  /** A failed attempt: attempts + 1, the error, the lease released; pending again at `retryAt`, or failed at `at` when null. */
  markAttemptFailed(id: string, error: string, retryAt: Date | null, at: Date): Promise<void>;
  countByStatus(): Promise<Readonly<Record<ReaderWebhookStatus, number>>>;
  /** Retention: deletes the rows given up before `before`; how many. */
  deleteFailedBefore(before: Date): Promise<number>;
  /** export-person: the rows about this address (any case), oldest first. */
  listByEmail(email: string): Promise<ReaderWebhook[]>;
  /** Erasure: deletes the rows about this address (any case); how many. */
  deleteByEmail(email: string): Promise<number>;
}

/** The longest error kept on a row (a receiver's status line or a network error's message). */
export const READER_WEBHOOK_ERROR_MAX_LENGTH = 500;

/** The waits after the 1st … 5th failed attempt: 1 min, 5 min, 30 min, 2 h, 12 h; the 6th failure gives up. */
export const READER_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  12 * 60 * 60_000,
];

/** How long a delivered or given-up row is kept: a delivered one goes at once, a given-up one after this. */
export const READER_WEBHOOK_FAILED_KEPT_DAYS = 30;

/**
 * The body's `reader`: a GET /api/admin/readers item (docs/api.md). An erased reader is only
 * `{ email }`: what the receiver needs to remove them, and nothing more.
 */
export function webhookReader(reader: Reader | { readonly email: string }) {
  return 'id' in reader ? readerItem(reader) : { email: reader.email };
}

/** Whether events are queued at all (READERS_WEBHOOK_URL set), and what makes their ids and times. */
export interface ReaderWebhookQueueing {
  readonly on: boolean;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/** A new pending event about `reader` (a whole reader, or only the address of one being erased). */
export function newReaderWebhook(
  deps: Pick<ReaderWebhookQueueing, 'ids' | 'clock'>,
  type: ReaderWebhookType,
  reader: Reader | { readonly email: string },
): ReaderWebhook {
  const id = deps.ids.next();
  const now = deps.clock.now();
  const body = JSON.stringify({ id, type, occurredAt: now.toISOString(), reader: webhookReader(reader) });
  return {
    id,
    type,
    emailKey: readerKey(reader.email),
    body,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseUntil: null,
    lastError: null,
    createdAt: now,
    failedAt: null,
  };
}

/**
 * Queues the event in the caller's transaction when webhooks are on. `reader.unsubscribed` is
 * only for a reader the receiver was told of: one who had confirmed (confirmedAt is cleared when
 * a reader who left signs up again, so a pending reader has none).
 */
export async function queueReaderWebhook(
  deps: ReaderWebhookQueueing | undefined,
  webhooks: ReaderWebhookRepository,
  type: ReaderWebhookType,
  reader: Reader | { readonly email: string },
): Promise<boolean> {
  if (deps?.on !== true) return false;
  if (type === 'reader.unsubscribed' && 'id' in reader && reader.confirmedAt === null) return false;
  await webhooks.add(newReaderWebhook(deps, type, reader));
  return true;
}

/** What the receiver's answer means: done, try again later, or give up. */
export type WebhookAnswer =
  { readonly kind: 'status'; readonly status: number } | { readonly kind: 'network'; readonly error: string };

export function webhookOutcome(answer: WebhookAnswer): 'delivered' | 'retry' | 'give-up' {
  if (answer.kind === 'network') return 'retry';
  const { status } = answer;
  if (status >= 200 && status < 300) return 'delivered';
  // A server error or "too many requests" may pass; any other answer (a redirect, which is never
  // followed, or a 4xx) will not change by itself.
  return status >= 500 || status === 429 ? 'retry' : 'give-up';
}

/** When to try again after the `attempts`-th failed attempt (1-based), or null: give up. */
export function webhookRetryAt(attempts: number, now: Date): Date | null {
  const wait = READER_WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait);
}
