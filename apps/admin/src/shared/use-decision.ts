import { queryKeys } from './query-keys';
import type { QueueDecision, QueueDecisions } from './review-queue';
import { useChange } from './use-change';

/** What a decision changes: the queue's list, the dashboard's counts and the audit log. */
export const refreshedByDecision = (queue: QueueDecisions) => [queue.list, queryKeys.dashboard, queryKeys.auditLogs];

/**
 * A moderation decision (a guestbook entry, a scholarship request), with the spec's toasts.
 * `onDecided` runs at once (it closes the form, whose card then moves to another list); the
 * decided list, the dashboard's counts and the audit log refresh after.
 */
export const useDecision = (queue: QueueDecisions, id: string, onDecided: () => void) =>
  useChange({
    run: (decision: QueueDecision) => queue.decide(id, decision),
    then: onDecided,
    done: queue.messages.success,
    failed: queue.messages.failure,
    refresh: refreshedByDecision(queue),
  });
