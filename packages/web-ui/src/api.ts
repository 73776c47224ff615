import { QueryClient } from '@tanstack/react-query';
import type { ErrorBody } from '@memoir/shared';

/** A non-OK answer, as the spec's default fetch reports it: "status: body or status text". */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | null,
    text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'HttpError';
  }
}

interface ApiSettings {
  /** The admin session token, sent as a bearer header on /api/admin/ calls only. */
  getToken: () => string | null;
  /** Called when an admin call answers 401 (an expired or revoked session). */
  onUnauthorized: (() => void) | null;
}

const settings: ApiSettings = { getToken: () => null, onUnauthorized: null };

/** The admin app plugs in its session: where the token comes from, what a 401 means. */
export function configureApi(options: Partial<ApiSettings>): void {
  Object.assign(settings, options);
}

const isAdminPath = (path: string): boolean => path.startsWith('/api/admin/');

function headersFor(path: string, json: boolean): Record<string, string> {
  const headers: Record<string, string> = json ? { 'Content-Type': 'application/json' } : {};
  const token = isAdminPath(path) ? settings.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function failure(path: string, response: Response): Promise<HttpError> {
  const text = (await response.text()) || response.statusText;
  let body: Partial<ErrorBody> | null;
  try {
    body = JSON.parse(text) as Partial<ErrorBody>;
  } catch {
    body = null;
  }
  // A refused sign-in (either step) is no session ending.
  const signingIn = path === '/api/admin/login' || path === '/api/admin/login/two-factor';
  if (response.status === 401 && isAdminPath(path) && !signingIn) settings.onUnauthorized?.();
  return new HttpError(response.status, body, text);
}

/**
 * One call to the API: JSON in and out, credentials included, the bearer header on admin
 * paths. Resolves with the body of a 2xx answer; rejects with HttpError otherwise, and with
 * a TypeError when there is no connection.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: headersFor(path, body !== undefined),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw await failure(path, response);
  return (await response.json()) as T;
}

/** A file the API answered (a CSV export): its bytes and the name the server gave it, if any. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly filename: string | null;
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function attachmentFilename(disposition: string | null): string | null {
  const match = /filename="([^"]+)"|filename=([^;\s]+)/i.exec(disposition ?? '');
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * Fetches a file with the same headers as any call (the bearer header on admin paths), so a
 * download needs no token in its URL. Rejects with HttpError on a non-OK answer.
 */
export async function downloadFile(path: string): Promise<DownloadedFile> {
  const response = await fetch(path, { credentials: 'include', headers: headersFor(path, false) });
  if (!response.ok) throw await failure(path, response);
  return { blob: await response.blob(), filename: attachmentFilename(response.headers.get('Content-Disposition')) };
}

export const getJson = <T>(path: string): Promise<T> => apiRequest<T>('GET', path);

export const postJson = <T>(path: string, body: unknown): Promise<T> => apiRequest<T>('POST', path, body);

/**
 * The spec's data-fetching defaults: no retries, never stale, no refetch on focus, no polling.
 * Each query brings its own typed `queryFn` (the `queryOptions` of its feature), so there is
 * no default one.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
