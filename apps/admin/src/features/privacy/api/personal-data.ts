import { api, toastFailure } from '@memoir/web-ui';
import { useMutation } from '@tanstack/react-query';

import { saveFile } from '../../../shared/download-csv';

/**
 * "Download their data": what is held about an address (as `pnpm admin export-person` prints
 * it), fetched with the session's header and saved as the server's JSON file. Audited.
 */
export const useDownloadPersonalData = () =>
  useMutation({
    mutationFn: (email: string) => api.download('exportPersonalData', { query: { email } }),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? 'personal-data.json'),
    onError: (error) =>
      toastFailure(error, { title: 'Could not download their data', fallback: 'Please try again in a moment.' }),
  });
