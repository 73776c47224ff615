import { api } from '@memoir/web-ui';

import { queryKeys } from '../../../shared/query-keys';
import { useChange } from '../../../shared/use-change';

/** What an erasure would remove: nothing changes yet. */
export const usePreviewErasure = () =>
  useChange({
    run: (email: string) => api.call('previewErasure', { body: { email } }),
    failed: { title: 'Could not look the address up', fallback: 'Please try again in a moment.' },
  });

/** Erases the person; every list and count is read again after. */
export const useErasePerson = () =>
  useChange({
    run: (email: string) => api.call('erasePerson', { body: { email } }),
    done: { title: 'Erased', description: 'The audit log records that an erasure happened, without the address.' },
    failed: { title: 'Could not erase', fallback: 'Nothing was changed. Please try again.' },
    refresh: [queryKeys.adminData],
  });
