import { BULK_DECISION_MAX_ITEMS, type BulkItemResult } from '@memoir/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { loadFailureReason } from './load-error';
import type { QueueDecision, QueueDecisions } from './review-queue';
import { refreshedByDecision } from './use-decision';

/** What the owner decided for the selected items, and what each is called on screen. */
export interface BulkDecisionInput {
  readonly ids: readonly string[];
  readonly decision: QueueDecision;
  /** Each id's name as listed, to say which item failed even after it has left the list. */
  readonly names: Readonly<Record<string, string>>;
}

/** How a bulk decision went: every item's result, with the names and the verb for the notice. */
export interface BulkOutcome {
  readonly approved: boolean;
  readonly results: readonly BulkItemResult[];
  readonly names: Readonly<Record<string, string>>;
}

/** The ids in groups the API takes at once (BULK_DECISION_MAX_ITEMS). */
export function inChunks<T>(items: readonly T[], size: number = BULK_DECISION_MAX_ITEMS): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Decides the selected items with one call per BULK_DECISION_MAX_ITEMS. Each item's result comes
 * back on its own (one that is no longer pending fails alone); a call that fails as a whole
 * (no connection, a refused note) fails each of its items with the reason. Afterwards the list,
 * the dashboard's counts and the audit log refresh.
 */
export function useBulkDecision(queue: QueueDecisions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, decision, names }: BulkDecisionInput): Promise<BulkOutcome> => {
      const results: BulkItemResult[] = [];
      for (const chunk of inChunks(ids)) {
        try {
          results.push(...(await queue.decideMany(chunk, decision)).results);
        } catch (error) {
          const reason = loadFailureReason(error);
          results.push(...chunk.map((id) => ({ id, success: false, error: reason })));
        }
      }
      return { approved: decision.approve, results, names };
    },
    onSettled: () =>
      Promise.all(refreshedByDecision(queue).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
