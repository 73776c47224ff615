import {
  AdminSessionErrorCode,
  AdminUserErrorCode,
  AuditLogErrorCode,
  DeliveryErrorCode,
  GuestbookErrorCode,
  ScholarshipErrorCode,
  type DomainError,
} from '@memoir/domain';

import { HttpError } from './http-error';

type Code<T> = T[keyof T];
type AnyDomainErrorCode =
  | Code<typeof GuestbookErrorCode>
  | Code<typeof ScholarshipErrorCode>
  | Code<typeof AdminSessionErrorCode>
  | Code<typeof AdminUserErrorCode>
  | Code<typeof AuditLogErrorCode>
  | Code<typeof DeliveryErrorCode>;

/**
 * THE table from domain error codes to HTTP statuses. `satisfies` makes a new code without a
 * row a compile error, so no expected failure can leak out as a 500.
 */
export const STATUS_BY_CODE = {
  [GuestbookErrorCode.Invalid]: 400,
  [GuestbookErrorCode.WrongRiddleAnswer]: 400,
  [GuestbookErrorCode.NotFound]: 404,
  [ScholarshipErrorCode.Invalid]: 400,
  [ScholarshipErrorCode.WrongRiddleAnswer]: 400,
  [ScholarshipErrorCode.NotFound]: 404,
  [ScholarshipErrorCode.NotPending]: 409,
  [AdminSessionErrorCode.InvalidCredentials]: 401,
  [AdminSessionErrorCode.NotAuthenticated]: 401,
  [AdminSessionErrorCode.TooManyAttempts]: 429,
  [AdminUserErrorCode.Invalid]: 400,
  [AdminUserErrorCode.UsernameTaken]: 409,
  [AdminUserErrorCode.NotFound]: 404,
  [AuditLogErrorCode.InvalidCursor]: 400,
  [DeliveryErrorCode.LinkNotFound]: 404,
  [DeliveryErrorCode.LinkExpired]: 410,
  [DeliveryErrorCode.LinkExhausted]: 410,
  [DeliveryErrorCode.NotApproved]: 409,
  [DeliveryErrorCode.AlreadyQueued]: 409,
} as const satisfies Record<AnyDomainErrorCode, number>;

/** The HTTP answer to an expected domain failure. */
export function domainFailure(error: DomainError): HttpError {
  const status = (STATUS_BY_CODE as Readonly<Record<string, number>>)[error.code] ?? 500;
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  return new HttpError(
    status,
    {
      success: false,
      error: error.message,
      code: error.code,
      ...(error.fieldErrors === undefined ? {} : { fieldErrors: { ...error.fieldErrors } }),
    },
    headers,
  );
}
