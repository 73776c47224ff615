import { QueryClient, type QueryFunction } from '@tanstack/react-query';
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

async function failure(response: Response): Promise<HttpError> {
  const text = (await response.text()) || response.statusText;
  let body: Partial<ErrorBody> | null;
  try {
    body = JSON.parse(text) as Partial<ErrorBody>;
  } catch {
    body = null;
  }
  return new HttpError(response.status, body, text);
}

/** The default query: GET the query key's parts joined with "/", credentials included, JSON back. */
export const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const response = await fetch(queryKey.join('/'), { credentials: 'include' });
  if (!response.ok) throw await failure(response);
  return response.json();
};

/** POSTs JSON; resolves with the body of a 2xx answer, rejects with HttpError otherwise (TypeError offline). */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** The spec's data-fetching defaults: no retries, never stale, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
