import { api } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useChange } from '../../../shared/use-change';

/** The suppressed addresses (`GET /api/admin/suppressions`), the newest first. */
export const suppressionsQueryOptions = queryOptions({
  queryKey: queryKeys.suppressions,
  queryFn: () => api.call('listSuppressions'),
});

export const useSuppressions = () => useSuspenseQuery(suppressionsQueryOptions);

/** What the owner is told after lifting a suppression. */
export const REMOVE_SUPPRESSION_TEXTS = {
  removed: { title: 'Address removed from the list', description: 'Mail goes to it again.' },
  failed: { title: 'Could not remove the address', fallback: 'Please try again.' },
} as const;

/** Lifts an address's suppression (audited without the address); the list and the audit log are read again. */
export const useRemoveSuppression = (onRemoved: () => void) =>
  useChange({
    run: (email: string) => api.call('removeSuppression', { params: { email } }),
    then: onRemoved,
    done: REMOVE_SUPPRESSION_TEXTS.removed,
    failed: REMOVE_SUPPRESSION_TEXTS.failed,
    refresh: [queryKeys.suppressions, queryKeys.auditLogs],
  });
