import { HttpError, serverMessage } from '@memoir/web-ui';

/** A size as the owner reads it: "812 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** How far an upload is, as its progress bar's label says it: "1.2 MB of 48.0 MB (3%)". */
export function progressText(sent: number, total: number): string {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  return `${formatBytes(sent)} of ${formatBytes(total)} (${percent}%)`;
}

/** What the owner is told when no message came with a refusal, by status. */
const BY_STATUS: Readonly<Record<number, string>> = {
  400: 'The file could not be read. Check that it opens on your computer and try again.',
  401: 'Your session has ended. Sign in again, then upload the file.',
  413: 'The file is too large.',
  415: 'This type of file is not accepted here.',
};

/** Why an upload did not happen, in plain words: the server's own message when it sent one. */
export function uploadFailureText(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return 'Upload cancelled. Nothing was changed.';
  const message = serverMessage(error);
  if (message !== null) return message;
  if (error instanceof HttpError)
    return BY_STATUS[error.status] ?? 'The server could not take the file just now. Try again in a moment.';
  return 'The upload did not reach the server. Check your connection and try again.';
}
