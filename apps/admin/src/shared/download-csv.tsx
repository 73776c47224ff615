import { toastFailure, type DownloadedFile } from '@memoir/web-ui';
import { useMutation } from '@tanstack/react-query';

/** How long the browser keeps a downloaded file's object URL: enough for the download to start. */
const OBJECT_URL_LIFETIME_MS = 60_000;

export const DOWNLOAD_FAILED = { title: 'Download failed', fallback: 'The file could not be downloaded.' } as const;

/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * "Download CSV": the export of what the screen's filters select. A plain link could not send
 * the session's bearer header (and the token never goes in a URL), so the file is fetched with
 * it and then saved from memory under the name the server gives it.
 */
export function DownloadCsvButton(props: {
  /** Fetches the export (`api.download`) for what the filters select now. */
  readonly download: () => Promise<DownloadedFile>;
  readonly fallbackName: string;
  /** The button's words; "Download CSV" unless said. */
  readonly label?: string;
}) {
  const { fallbackName } = props;
  const download = useMutation({
    mutationFn: props.download,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? fallbackName),
    onError: (error) => toastFailure(error, DOWNLOAD_FAILED),
  });
  return (
    <button
      type="button"
      className="button button-ghost button-small"
      aria-disabled={download.isPending}
      aria-busy={download.isPending}
      onClick={() => {
        if (!download.isPending) download.mutate();
      }}
    >
      {download.isPending ? 'Preparing CSV...' : (props.label ?? 'Download CSV')}
    </button>
  );
}
