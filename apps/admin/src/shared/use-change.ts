import { toast, toastFailure, type ToastInput } from '@memoir/web-ui';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What the owner is told when a change fails: the server's reason, or the fallback. */
export interface FailureText {
  readonly title: string;
  readonly fallback: string;
}

/** A change: what it calls, what the owner is told after, and what is read again. */
export interface Change<TInput, TResult> {
  readonly run: (input: TInput) => Promise<TResult>;
  readonly done?: ToastInput | ((result: TResult) => ToastInput);
  readonly failed: FailureText;
  readonly then?: (result: TResult) => void;
  readonly refresh?: readonly QueryKey[];
}

/**
 * A change the owner makes on a screen (a decision, a session ended, an admin added). On
 * success: `then` (it closes a form or shows a one-time secret), the toast, and the queries in
 * `refresh` read again; on failure, the failure toast.
 */
export function useChange<TInput = void, TResult = unknown>(options: Change<TInput, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: async (result) => {
      options.then?.(result);
      const { done } = options;
      if (done !== undefined) toast(typeof done === 'function' ? done(result) : done);
      await Promise.all((options.refresh ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => toastFailure(error, options.failed),
  });
}
