import { TOASTS } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useChange, type Change } from '../../../shared/use-change';

/** Two-factor state and the admin's live sessions (`GET /api/admin/security`). */
export const securityQueryOptions = queryOptions({
  queryKey: queryKeys.security,
  queryFn: () => api.call('security'),
});

export const useSecurity = () => useSuspenseQuery(securityQueryOptions);

/**
 * A change on the Security screen (the account, its sessions, the admins). `failed` is the
 * failure toast's title; its text is the server's reason, or the network's. Read again after:
 * `refresh`, by default the screen and the audit log (which has a new event).
 */
export const useSecurityChange = <TInput = void, TResult = unknown>(
  change: Omit<Change<TInput, TResult>, 'failed'> & { readonly failed: string },
) =>
  useChange({
    refresh: [queryKeys.security, queryKeys.auditLogs],
    ...change,
    failed: { title: change.failed, fallback: TOASTS.networkError },
  });

export const useEndSession = () =>
  useSecurityChange({
    run: (id: string) => api.call('endSession', { params: { id } }),
    done: { title: 'Session ended', description: 'That device is signed out.' },
    failed: 'Could not end the session',
  });

export const useEndOtherSessions = () =>
  useSecurityChange({
    run: () => api.call('endOtherSessions'),
    done: ({ ended }) => ({
      title: 'Other sessions ended',
      description: `${ended} other ${ended === 1 ? 'session' : 'sessions'} signed out.`,
    }),
    failed: 'Could not end the sessions',
  });

export const useChangePassword = () =>
  useSecurityChange({
    run: (body: { currentPassword: string; newPassword: string }) => api.call('changePassword', { body }),
    done: { title: 'Password changed', description: 'Every other session has been signed out.' },
    failed: 'Could not change the password',
  });
