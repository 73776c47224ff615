import { TOASTS, type SignGuestbookBody } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { useQueryClient } from '@tanstack/react-query';

import { countEvent } from '../../../shared/count-event';
import { useFormSubmission } from '../../../shared/form-kit';
import { recentEntriesQueryOptions } from './recent-entries';

const signGuestbook = (body: SignGuestbookBody) => api.call('signGuestbook', { body });

/** The guestbook form's submission, with the spec's toasts; Recent Visitors reloads after. */
export function useSignGuestbook() {
  const queryClient = useQueryClient();
  return useFormSubmission(signGuestbook, { success: TOASTS.guestbookSigned, failure: TOASTS.guestbookFailed }, () => {
    countEvent('guestbook_signed');
    void queryClient.invalidateQueries({ queryKey: recentEntriesQueryOptions.queryKey });
  });
}
