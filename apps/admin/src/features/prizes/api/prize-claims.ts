import { api } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useChange } from '../../../shared/use-change';

/** The first 100 claims, in the order they came (the prizes go to the first few). */
export const prizeClaimsQueryOptions = queryOptions({
  queryKey: queryKeys.prizeClaims,
  queryFn: () => api.call('listCrackmeClaims'),
});

export const usePrizeClaims = () => useSuspenseQuery(prizeClaimsQueryOptions);

/** Marks a winner's prize as sent (audited); the list then shows when. */
export const useMarkPrizeSent = (id: string) =>
  useChange({
    run: () => api.call('markPrizeSent', { params: { id } }),
    done: { title: 'Prize marked as sent', description: 'The audit log records it.' },
    failed: { title: 'Could not mark the prize', fallback: 'Please try again in a moment.' },
    refresh: [queryKeys.prizeClaims],
  });
