import { ADMIN_API_PREFIX, TOASTS, type MediaItem, type MediaKind, type MediaUploadResponse } from '@memoir/shared';
import { api, attachmentFilename } from '@memoir/web-ui';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';

import { saveFile } from '../../../shared/download-csv';
import { queryKeys } from '../../../shared/query-keys';
import { useChange } from '../../../shared/use-change';

const MEDIA_PATH = `${ADMIN_API_PREFIX}/media`;

/** The uploads in use, one of each kind uploaded (none yet: the site shows its drawn cover and the configured book). */
export const mediaQueryOptions = queryOptions({
  queryKey: queryKeys.media,
  queryFn: async () => (await api.call('listMedia')).media,
});

export const useMedia = () => useSuspenseQuery(mediaQueryOptions);

/** What an upload is given: the file, its alt text (images), and the progress bar and Cancel's signal. */
export interface Upload {
  readonly kind: MediaKind;
  readonly file: File;
  readonly alt: string;
  readonly onProgress: (sent: number, total: number) => void;
  readonly signal: AbortSignal;
}

/** `POST /api/admin/media/{kind}` as multipart/form-data (`alt`, then `file`, so the server reads the text first). */
async function upload({ kind, file, alt, onProgress, signal }: Upload): Promise<MediaItem> {
  const form = new FormData();
  if (kind !== 'book') form.append('alt', alt.trim());
  form.append('file', file, file.name);
  const response = await api.send(`${MEDIA_PATH}/${kind}`, { method: 'POST', body: form, onProgress, signal });
  return ((await response.json()) as MediaUploadResponse).media;
}

/**
 * An upload. Its failure is shown on its card, in the card's words (not a toast: the owner is
 * looking at the card); on success the list is read again, and the card shows the new file.
 */
export function useUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.media }),
  });
}

/** "Download a test copy": the book stamped for the signed-in owner, saved as a PDF. */
export const useTestCopy = () =>
  useChange({
    run: async () => {
      const response = await api.send(`${MEDIA_PATH}/book/test-copy`, { method: 'POST' });
      saveFile(
        await response.blob(),
        attachmentFilename(response.headers.get('Content-Disposition')) ?? 'test-copy.pdf',
      );
    },
    failed: { title: 'Could not make a test copy', fallback: TOASTS.networkError },
  });
