import { TOASTS } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useChange } from '../../../shared/use-change';

/** Two-factor state and the admin's live sessions (`GET /api/admin/security`). */
export const securityQueryOptions = queryOptions({
  queryKey: queryKeys.security,
  queryFn: () => api.call('security'),
});

export const useSecurity = () => useSuspenseQuery(securityQueryOptions);

/** After any change of the account: the screen again, and the audit log's new event. */
export const ACCOUNT_CHANGED = [queryKeys.security, queryKeys.auditLogs] as const;

/** What failed, with the network's fallback reason. */
export const failed = (title: string) => ({ title, fallback: TOASTS.networkError });

export const useEndSession = () =>
  useChange({
    run: (id: string) => api.call('endSession', { params: { id } }),
    done: { title: 'Session ended', description: 'That device is signed out.' },
    failed: failed('Could not end the session'),
    refresh: ACCOUNT_CHANGED,
  });

export const useEndOtherSessions = () =>
  useChange({
    run: () => api.call('endOtherSessions'),
    done: ({ ended }) => ({
      title: 'Other sessions ended',
      description: `${ended} other ${ended === 1 ? 'session' : 'sessions'} signed out.`,
    }),
    failed: failed('Could not end the sessions'),
    refresh: ACCOUNT_CHANGED,
  });

export const useChangePassword = () =>
  useChange({
    run: (body: { currentPassword: string; newPassword: string }) => api.call('changePassword', { body }),
    done: { title: 'Password changed', description: 'Every other session has been signed out.' },
    failed: failed('Could not change the password'),
    refresh: ACCOUNT_CHANGED,
  });
