import { TOASTS } from '@memoir/shared';
import { postJson } from '@memoir/web-ui';
import { useQueryClient } from '@tanstack/react-query';

import { countEvent } from '../../../shared/count-event';
import { useFormSubmission, type FormFields } from '../../../shared/form-kit';
import { recentEntriesQueryOptions } from './recent-entries';

const signGuestbook = (fields: FormFields) => postJson('/api/guestbook-entry', fields);

/** The guestbook form's submission, with the spec's toasts; Recent Visitors reloads after. */
export function useSignGuestbook() {
  const queryClient = useQueryClient();
  return useFormSubmission(signGuestbook, { success: TOASTS.guestbookSigned, failure: TOASTS.guestbookFailed }, () => {
    countEvent('guestbook_signed');
    void queryClient.invalidateQueries({ queryKey: recentEntriesQueryOptions.queryKey });
  });
}
