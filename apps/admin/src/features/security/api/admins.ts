import type { AddAdminResponse } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useSecurityChange } from './security';

export const adminsQueryOptions = queryOptions({
  queryKey: queryKeys.admins,
  queryFn: () => api.call('listAdmins'),
});

export const useAdmins = () => useQuery(adminsQueryOptions);

/** After adding or removing an admin: the list again, and the audit log's new event. */
const ADMINS_CHANGED = [queryKeys.admins, queryKeys.auditLogs] as const;

/** `onAdded` gets the temporary password (shown once) before the list is read again. */
export const useAddAdmin = (onAdded: (added: AddAdminResponse) => void) =>
  useSecurityChange({
    run: (username: string) => api.call('addAdmin', { body: { username } }),
    then: onAdded,
    failed: 'Could not add the admin',
    refresh: ADMINS_CHANGED,
  });

export const useRemoveAdmin = () =>
  useSecurityChange({
    run: (id: string) => api.call('removeAdmin', { params: { id } }),
    done: { title: 'Admin removed', description: 'Their sessions have ended.' },
    failed: 'Could not remove the admin',
    refresh: ADMINS_CHANGED,
  });
