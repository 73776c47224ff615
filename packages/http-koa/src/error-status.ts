import {
  AdminSessionErrorCode,
  AdminUserErrorCode,
  AnalyticsErrorCode,
  CrackmeErrorCode,
  DeliveryErrorCode,
  GuestbookErrorCode,
  ListErrorCode,
  PersonalDataErrorCode,
  ScholarshipErrorCode,
  SiteContentErrorCode,
  SuppressionErrorCode,
  ReaderErrorCode,
  MediaErrorCode,
  type DomainError,
  type DomainErrorCode,
} from '@memoir/domain';

import { HttpError } from './http-error';

/**
 * THE table from domain error codes to HTTP statuses, for the JSON API and the download
 * link's pages alike. `satisfies` makes a code without a row a compile error, and
 * test/error-status.test.ts finds every code the domain's `*.errors.ts` files export.
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
  [AdminSessionErrorCode.InvalidCode]: 401,
  [AdminSessionErrorCode.ChallengeExpired]: 401,
  [AdminUserErrorCode.Invalid]: 400,
  [AdminUserErrorCode.UsernameTaken]: 409,
  [AdminUserErrorCode.NotFound]: 404,
  [AdminUserErrorCode.WrongPassword]: 400,
  [AdminUserErrorCode.SessionNotFound]: 404,
  [AdminUserErrorCode.TwoFactorAlreadyOn]: 409,
  [AdminUserErrorCode.TwoFactorNotStarted]: 409,
  [AdminUserErrorCode.WrongCode]: 400,
  [AdminUserErrorCode.LastAdmin]: 409,
  [ListErrorCode.InvalidCursor]: 400,
  [ListErrorCode.InvalidFilter]: 400,
  [ListErrorCode.InvalidSelection]: 400,
  [DeliveryErrorCode.LinkNotFound]: 404,
  [DeliveryErrorCode.LinkExpired]: 410,
  [DeliveryErrorCode.LinkExhausted]: 410,
  [DeliveryErrorCode.NotApproved]: 409,
  [DeliveryErrorCode.AlreadyQueued]: 409,
  [PersonalDataErrorCode.InvalidEmail]: 400,
  [AnalyticsErrorCode.InvalidEvent]: 400,
  [AnalyticsErrorCode.InvalidPeriod]: 400,
  [AnalyticsErrorCode.UnknownStore]: 404,
  [CrackmeErrorCode.Invalid]: 400,
  [CrackmeErrorCode.WrongKey]: 400,
  [CrackmeErrorCode.NotFound]: 404,
  [DeliveryErrorCode.LinkRevoked]: 410,
  [DeliveryErrorCode.StamperBusy]: 503,
  [SiteContentErrorCode.Invalid]: 400,
  [SiteContentErrorCode.StaleRevision]: 409,
  [SiteContentErrorCode.VersionNotFound]: 404,
  [DeliveryErrorCode.CopyFailed]: 503,
  [DeliveryErrorCode.CopyInProgress]: 202,
  [DeliveryErrorCode.NotDownloaded]: 409,
  [DeliveryErrorCode.NoLink]: 409,
  [DeliveryErrorCode.InvalidTestAddress]: 400,
  [SuppressionErrorCode.InvalidEmail]: 400,
  [DeliveryErrorCode.InvalidStatusAddress]: 400,
  [SuppressionErrorCode.NotFound]: 404,
  [ReaderErrorCode.Invalid]: 400,
  [ReaderErrorCode.WrongRiddleAnswer]: 400,
  [ReaderErrorCode.LinkNotFound]: 404,
  [ReaderErrorCode.LinkExpired]: 410,
  [ReaderErrorCode.LinkUsed]: 410,
  [ReaderErrorCode.NoOwnerAddress]: 409,
  [MediaErrorCode.Invalid]: 400,
  [MediaErrorCode.UnknownKind]: 404,
  [MediaErrorCode.TooLarge]: 413,
  [MediaErrorCode.UnsupportedType]: 415,
  [MediaErrorCode.Unreadable]: 400,
} as const satisfies Record<DomainErrorCode, number>;

// A Map, so that a code such as "constructor" finds nothing rather than Object.prototype's.
const STATUSES: ReadonlyMap<string, number> = new Map(Object.entries(STATUS_BY_CODE));

/**
 * A domain error whose code has no status in the table: a defect, not an expected failure.
 * The error middleware logs it as such and answers a generic 500.
 */
export class UnmappedDomainError extends Error {
  constructor(readonly code: string) {
    super(`unmapped domain error: ${code}`);
    this.name = 'UnmappedDomainError';
  }
}

/** The status of a domain error code; throws `UnmappedDomainError` when the table has none. */
export function statusOf(code: string): number {
  const status = STATUSES.get(code);
  if (status === undefined) throw new UnmappedDomainError(code);
  return status;
}

/** The HTTP answer to an expected domain failure. */
export function domainFailure(error: DomainError): HttpError {
  const status = statusOf(error.code);
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
