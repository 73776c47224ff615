import { apiRequest, getJson, toast, toastFailure } from '@memoir/web-ui';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

export interface PrizeClaim {
  readonly id: string;
  readonly position: number;
  readonly name: string;
  readonly email: string;
  readonly createdAt: string;
  readonly winner: boolean;
  readonly prizeSentAt: string | null;
}

interface PrizeClaimsResponse {
  readonly winners: number;
  readonly claims: readonly PrizeClaim[];
}

/** The first 100 claims, in the order they came (the prizes go to the first few). */
export const prizeClaimsQueryOptions = queryOptions({
  queryKey: queryKeys.prizeClaims,
  queryFn: () => getJson<PrizeClaimsResponse>('/api/admin/crackme-claims'),
});

export const usePrizeClaims = () => useSuspenseQuery(prizeClaimsQueryOptions);

/** Marks a winner's prize as sent (audited); the list then shows when. */
export function useMarkPrizeSent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/admin/crackme-claims/${id}/prize-sent`, {}),
    onSuccess: async () => {
      toast({ title: 'Prize marked as sent', description: 'The audit log records it.' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.prizeClaims });
    },
    onError: (error) =>
      toastFailure(error, { title: 'Could not mark the prize', fallback: 'Please try again in a moment.' }),
  });
}
