import { TOASTS } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useChange } from '../../../shared/use-change';

/**
 * The checks (`GET /api/admin/mail-health`): asked of DNS and the mail server each time, so a
 * record just published shows once "Check again" is pressed.
 */
export const mailHealthQueryOptions = queryOptions({
  queryKey: queryKeys.mailHealth,
  queryFn: () => api.call('mailHealth'),
  staleTime: 0,
});

export const useMailHealth = () => useSuspenseQuery(mailHealthQueryOptions);

/** "Send a test email": sent at once; the answer says whether the mail server took it. */
export const useSendTestEmail = () =>
  useChange({
    run: (to: string) => api.call('sendTestEmail', { body: { to } }),
    failed: { title: 'Could not send the test email', fallback: TOASTS.networkError },
  });
