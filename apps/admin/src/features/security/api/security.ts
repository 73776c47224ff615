import { TOASTS, type SecurityResponse } from '@memoir/shared';
import { apiRequest, getJson, postJson, toast, toastFailure } from '@memoir/web-ui';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

/** Two-factor state and the admin's live sessions (`GET /api/admin/security`). */
export const securityQueryOptions = queryOptions({
  queryKey: queryKeys.security,
  queryFn: () => getJson<SecurityResponse>('/api/admin/security'),
});

export const useSecurity = () => useSuspenseQuery(securityQueryOptions);

/** After any change: the list again, and the audit log's new event. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.security }),
      queryClient.invalidateQueries({ queryKey: queryKeys.auditLogs }),
    ]);
}

export function useEndSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: true }>('DELETE', `/api/admin/sessions/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Session ended', description: 'That device is signed out.' });
      await refresh();
    },
    onError: (error) => toastFailure(error, { title: 'Could not end the session', fallback: TOASTS.networkError }),
  });
}

export function useEndOtherSessions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => postJson<{ success: true; ended: number }>('/api/admin/sessions/end-others', {}),
    onSuccess: async ({ ended }) => {
      toast({
        title: 'Other sessions ended',
        description: `${ended} other ${ended === 1 ? 'session' : 'sessions'} signed out.`,
      });
      await refresh();
    },
    onError: (error) => toastFailure(error, { title: 'Could not end the sessions', fallback: TOASTS.networkError }),
  });
}

export function useChangePassword() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      postJson<{ success: true; endedSessions: number }>('/api/admin/password', body),
    onSuccess: async () => {
      toast({ title: 'Password changed', description: 'Every other session has been signed out.' });
      await refresh();
    },
    onError: (error) => toastFailure(error, { title: 'Could not change the password', fallback: TOASTS.networkError }),
  });
}
