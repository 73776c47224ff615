import { QueryClient } from '@tanstack/react-query';
import {
  ADMIN_API_PREFIX,
  API_ROUTES,
  apiPath,
  type ApiBody,
  type ApiParams,
  type ApiQuery,
  type ApiResponse,
  type ApiRoute,
  type ApiRouteName,
  type ErrorBody,
} from '@memoir/shared';

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

const isAdminPath = (path: string): boolean => path.startsWith(`${ADMIN_API_PREFIX}/`);

function headersFor(path: string, json: boolean): Record<string, string> {
  const headers: Record<string, string> = json ? { 'Content-Type': 'application/json' } : {};
  const token = isAdminPath(path) ? settings.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function failure(route: ApiRoute, response: Response): Promise<HttpError> {
  const text = (await response.text()) || response.statusText;
  let body: Partial<ErrorBody> | null;
  try {
    body = JSON.parse(text) as Partial<ErrorBody>;
  } catch {
    body = null;
  }
  // A refused sign-in (either step, access 'sign-in') is no session ending.
  if (response.status === 401 && route.access === 'admin') settings.onUnauthorized?.();
  return new HttpError(response.status, body, text);
}

/** One part of a call's input: absent when the call takes none, optional when all of it is. */
type Part<Name extends string, T> = [keyof T] extends [never]
  ? { readonly [P in Name]?: never }
  : object extends T
    ? { readonly [P in Name]?: T }
    : { readonly [P in Name]: T };

/**
 * What a call takes: its path parameters, its body and its query, each where the route has one;
 * `keepalive` for a call made as the page goes away (the admin's draft saved on leaving), which
 * the browser then finishes after the page is gone.
 */
export type ApiInput<K extends ApiRouteName> = Part<'params', ApiParams<K>> &
  Part<'body', ApiBody<K>> &
  Part<'query', ApiQuery<K>> & { readonly keepalive?: boolean };

/** The input as an argument: it may be left out when nothing in it is required. */
type InputArgs<K extends ApiRouteName> = object extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

/** The calls that answer a CSV file (`answer: 'csv'`, typed as its text), and the JSON ones. */
type CsvRouteName = { [K in ApiRouteName]: ApiResponse<K> extends string ? K : never }[ApiRouteName];
type JsonRouteName = Exclude<ApiRouteName, CsvRouteName>;
/** The calls whose answer is a file to save: the CSV exports, and JSON sent as an attachment. */
type FileRouteName =
  | CsvRouteName
  | { [K in ApiRouteName]: (typeof API_ROUTES)[K] extends { attachment: string } ? K : never }[ApiRouteName];

type QueryValue = string | number | boolean | null | undefined;

/** The route's path with its parameters filled in and its query (without empty values) after it. */
export function apiUrl(path: string, input: { readonly params?: object; readonly query?: object } = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const filled = apiPath(path, (input.params ?? {}) as Record<string, string>);
  const text = query.toString();
  return text === '' ? filled : `${filled}?${text}`;
}

/** POST and PATCH always carry a JSON object (an empty one when the call takes no body). */
function bodyOf(route: ApiRoute, body: unknown): unknown {
  return body ?? (route.method === 'POST' || route.method === 'PATCH' ? {} : undefined);
}

/** Sends the call with credentials and the bearer header on admin paths; rejects a non-2xx answer. */
/** A call's input as it is sent (the route table has checked its types at the call). */
interface SentInput {
  readonly params?: object;
  readonly query?: object;
  readonly body?: unknown;
  readonly keepalive?: boolean;
}

async function send(route: ApiRoute, [input = {}]: readonly [unknown?]) {
  const sent = input as SentInput;
  const url = apiUrl(route.path, sent);
  const body = bodyOf(route, sent.body);
  const response = await fetch(url, {
    method: route.method,
    credentials: 'include',
    headers: headersFor(route.path, body !== undefined),
    ...(sent.keepalive === true ? { keepalive: true } : {}),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw await failure(route, response);
  return response;
}

/** A file the API answered (a CSV export, a person's data): its bytes and the name the server gave it, if any. */
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
 * The API, called by the names of the route table (API_ROUTES in @memoir/shared), so a path,
 * a body, a query or an answer can only be what the table says. Each call includes
 * credentials and, on admin paths, the session's bearer header; it resolves with the answer
 * of a 2xx, and rejects with HttpError otherwise (with a TypeError when there is no
 * connection).
 */
export const api = {
  /** A JSON call: `api.call('moderateGuestbookEntry', { params: { id }, body })`. */
  async call<K extends JsonRouteName>(name: K, ...input: InputArgs<K>): Promise<ApiResponse<K>> {
    const response = await send(API_ROUTES[name], input);
    return (await response.json()) as ApiResponse<K>;
  },

  /**
   * A file (a CSV export, a person's data), fetched with the same headers as any call, so a
   * download needs no token in its URL: `api.download('exportGuestbookEntries', { query })`.
   */
  async download<K extends FileRouteName>(name: K, ...input: InputArgs<K>): Promise<DownloadedFile> {
    const response = await send(API_ROUTES[name], input);
    return { blob: await response.blob(), filename: attachmentFilename(response.headers.get('Content-Disposition')) };
  },

  /** A call outside the route table, with an upload's progress and a way to cancel it (SendOptions). */
  send: sendWithProgress,
};

/** How a call outside the route table is sent (`api.send`): an upload, or a file the answer is. */
export interface SendOptions {
  readonly method?: 'GET' | 'POST';
  /** Sent as it is: a FormData goes as multipart/form-data, with its boundary. */
  readonly body?: FormData | Blob;
  /** Told how much of the body has gone, as it goes (an upload's progress bar). */
  readonly onProgress?: (sent: number, total: number) => void;
  /** Aborting it cancels the call; the promise then rejects with an AbortError. */
  readonly signal?: AbortSignal;
}

/** XMLHttpRequest's answer headers ("Name: value" lines) as a Headers. */
function responseHeaders(lines: string): Headers {
  const headers = new Headers();
  for (const line of lines.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A call the route table does not describe (its body is a file, or its answer is one), sent
 * with XMLHttpRequest: fetch cannot yet report an upload's progress. The same credentials and
 * bearer header as api.call, the same HttpError for a non-2xx answer (and the same end of the
 * session on a 401 from an admin path); a TypeError when there is no connection, as fetch gives.
 */
function sendWithProgress(path: string, options: SendOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
  if (options.signal?.aborted) return Promise.reject(aborted());
  return new Promise<Response>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    request.responseType = 'blob';
    for (const [name, value] of Object.entries(headersFor(path, false))) request.setRequestHeader(name, value);
    const { onProgress } = options;
    if (onProgress) request.upload.addEventListener('progress', (event) => onProgress(event.loaded, event.total));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.addEventListener('abort', () => reject(aborted()));
    request.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    request.addEventListener('load', () => {
      const headers = responseHeaders(request.getAllResponseHeaders());
      // A 204 or 304 may carry no body.
      const body = request.status === 204 || request.status === 304 ? null : (request.response as Blob);
      const response = new Response(body, { status: request.status, statusText: request.statusText, headers });
      // The route failure() judges a 401 by: an admin path's call is the session's.
      const route: ApiRoute = { method, path, access: isAdminPath(path) ? 'admin' : 'public', status: 200, answer: [] };
      if (response.ok) resolve(response);
      else void failure(route, response).then(reject);
    });
    request.send(options.body ?? null);
  });
}

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
