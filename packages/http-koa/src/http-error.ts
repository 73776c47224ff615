import type { ErrorBody } from '@memoir/shared';

/**
 * An error with its HTTP answer: a status, the `{ success: false, error }` body and any
 * headers (Retry-After, WWW-Authenticate). Thrown by routes; shaped by the error middleware.
 */
export class HttpError extends Error {
  readonly expose = true;

  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.error);
    this.name = 'HttpError';
  }
}

export function badRequest(error: string, extra: Omit<ErrorBody, 'success' | 'error'> = {}): HttpError {
  return new HttpError(400, { success: false, error, ...extra });
}
