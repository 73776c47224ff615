import { toast, toastFailure } from '@memoir/web-ui';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

import { queryKeys } from './query-keys';

/** Admin notes as a decision sends them: empty notes are sent as absent (spec section 5). */
export const adminNotesField = (notes: string): { adminNotes?: string } =>
  notes.trim() === '' ? {} : { adminNotes: notes };

/**
 * A moderation decision (a guestbook entry, a scholarship request), with the spec's toasts.
 * `onDecided` runs at once (it closes the form, whose card then moves to another list); the
 * decided list, the dashboard's counts and the audit log refresh after.
 */
export function useDecision<TDecision>(options: {
  readonly decide: (decision: TDecision) => Promise<unknown>;
  readonly list: QueryKey;
  readonly messages: {
    readonly success: { readonly title: string; readonly description: string };
    readonly failure: { readonly title: string; readonly fallback: string };
  };
  readonly onDecided: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.decide,
    onSuccess: async () => {
      toast({ title: options.messages.success.title, description: options.messages.success.description });
      options.onDecided();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: options.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLogs }),
      ]);
    },
    onError: (error) => toastFailure(error, options.messages.failure),
  });
}
