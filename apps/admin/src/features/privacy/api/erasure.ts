import { postJson, toast, toastFailure } from '@memoir/web-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

export interface ErasureCounts {
  readonly requests: number;
  readonly pendingClosed: number;
  readonly deliveries: number;
  readonly auditEvents: number;
  readonly crackmeClaims: number;
  readonly sentEmails: number;
}

/** What an erasure would remove: nothing changes yet. */
export const usePreviewErasure = () =>
  useMutation({
    mutationFn: (email: string) => postJson<{ counts: ErasureCounts }>('/api/admin/erasure/preview', { email }),
    onError: (error) =>
      toastFailure(error, { title: 'Could not look the address up', fallback: 'Please try again in a moment.' }),
  });

/** Erases the person; every list and count is read again after. */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => postJson<{ counts: ErasureCounts }>('/api/admin/erasure', { email }),
    onSuccess: async () => {
      toast({ title: 'Erased', description: 'The audit log records that an erasure happened, without the address.' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminData });
    },
    onError: (error) =>
      toastFailure(error, { title: 'Could not erase', fallback: 'Nothing was changed. Please try again.' }),
  });
}
