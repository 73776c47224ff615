import { TOASTS, type AddAdminResponse, type AdminsResponse } from '@memoir/shared';
import { apiRequest, getJson, postJson, toast, toastFailure } from '@memoir/web-ui';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

export const adminsQueryOptions = queryOptions({
  queryKey: queryKeys.admins,
  queryFn: () => getJson<AdminsResponse>('/api/admin/admins'),
});

export const useAdmins = () => useQuery(adminsQueryOptions);

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admins }),
      queryClient.invalidateQueries({ queryKey: queryKeys.auditLogs }),
    ]);
}

/** `onAdded` gets the temporary password (shown once) before the list is read again. */
export function useAddAdmin(onAdded: (added: AddAdminResponse) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (username: string) => postJson<AddAdminResponse>('/api/admin/admins', { username }),
    onSuccess: async (added) => {
      onAdded(added);
      await refresh();
    },
    onError: (error) => toastFailure(error, { title: 'Could not add the admin', fallback: TOASTS.networkError }),
  });
}

export function useRemoveAdmin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ success: true }>('DELETE', `/api/admin/admins/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Admin removed', description: 'Their sessions have ended.' });
      await refresh();
    },
    onError: (error) => toastFailure(error, { title: 'Could not remove the admin', fallback: TOASTS.networkError }),
  });
}
