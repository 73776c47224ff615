import type { Clock, MailEventOutcome, RateLimitStore, UseCases } from '@memoir/domain';
import { bounceReportEvents, ImapBounceMailbox, type BounceImapTarget } from '@memoir/mail';
import type { Logger } from 'pino';

import type { BackgroundJob } from './background-jobs';

/** How often the bounce mailbox is read (by one process of all: see `readBounceMailbox`). */
export const BOUNCE_MAILBOX_INTERVAL_MS = 5 * 60_000;

/** What one read of the mailbox did: messages read, and their events by outcome. */
export interface BounceMailboxRun {
  readonly messages: number;
  /** Messages left unseen because the server was stopping. */
  readonly left: number;
  readonly events: Readonly<Record<MailEventOutcome, number>>;
}

export interface BounceMailboxDeps {
  readonly target: BounceImapTarget;
  readonly useCases: Pick<UseCases, 'recordMailEvent'>;
  /** The shared counters: the period's claim, so that of N processes one reads the mailbox. */
  readonly rateLimits: RateLimitStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly intervalMs?: number;
}

/**
 * One read of the bounce mailbox (BOUNCE_IMAP_URL), the way the webhooks feed the same use
 * case: each unseen message's DSNs and spam complaints (bounce-reports.ts in @memoir/mail) go
 * to RecordMailEventUseCase, then the message is flagged \Seen. One process of all reads it in
 * a period: the first to count the period's key in the shared counters (as the daily retention
 * run is shared); null when another has it. Counted once even so: a message is flagged \Seen
 * after its events are recorded, and an event seen before (its report's Message-ID and the
 * recipient) is a replay that changes nothing.
 */
export async function readBounceMailbox(
  deps: BounceMailboxDeps,
  stopping: () => boolean = () => false,
): Promise<BounceMailboxRun | null> {
  const periodMs = deps.intervalMs ?? BOUNCE_MAILBOX_INTERVAL_MS;
  const now = deps.clock.now();
  const claim = await deps.rateLimits.hit(`job:bounce-mailbox:${Math.floor(now.getTime() / periodMs)}`, periodMs, now);
  if (claim.count !== 1) return null;
  const events: Record<MailEventOutcome, number> = { recorded: 0, replay: 0, stale: 0 };
  const { read, left } = await new ImapBounceMailbox(deps.target).readUnseen(async (message) => {
    const found = await bounceReportEvents(message.source, { fallbackId: message.ref, receivedAt: message.receivedAt });
    for (const event of found) events[await deps.useCases.recordMailEvent.execute(event)] += 1;
  }, stopping);
  return { messages: read, left, events };
}

/** The background job over `readBounceMailbox`: at start, then every BOUNCE_MAILBOX_INTERVAL_MS. */
export function bounceMailboxJob(deps: BounceMailboxDeps): BackgroundJob {
  return {
    name: 'bounce-mailbox',
    periodMs: deps.intervalMs ?? BOUNCE_MAILBOX_INTERVAL_MS,
    runAtStart: true,
    run: async (stopping) => {
      try {
        const run = await readBounceMailbox(deps, stopping);
        if (run !== null && run.messages > 0) deps.logger.info({ ...run }, 'read the bounce mailbox');
      } catch (error) {
        // The address, the user and the mailbox only: never the password.
        const { host, port, user, mailbox } = deps.target;
        deps.logger.warn({ err: error, imap: { host, port, user, mailbox } }, 'reading the bounce mailbox failed');
      }
    },
  };
}
