import type { DomainError, ErrorOf } from '../shared/domain-error';

export const DeliveryErrorCode = {
  LinkNotFound: 'DOWNLOAD.LINK_NOT_FOUND',
  LinkExpired: 'DOWNLOAD.LINK_EXPIRED',
  LinkExhausted: 'DOWNLOAD.LINK_EXHAUSTED',
  LinkRevoked: 'DOWNLOAD.LINK_REVOKED',
  /** The stamper's queue is over its memory or time bound: nothing was counted, try again in a minute. */
  StamperBusy: 'DOWNLOAD.BUSY',
  /** The copy is being made (waiting in the stamper's queue or in a thread): nothing counted yet, ask again shortly. */
  CopyInProgress: 'DOWNLOAD.COPY_IN_PROGRESS',
  /** The copy could not be made: nothing was counted. */
  CopyFailed: 'DOWNLOAD.COPY_FAILED',
  /** The copy's file address without a recent counted download: the landing page's button comes first. */
  NotDownloaded: 'DOWNLOAD.NOT_DOWNLOADED',
  /** The request has no live download link to revoke. */
  NoLink: 'DELIVERY.NO_LINK',
  NotApproved: 'DELIVERY.NOT_APPROVED',
  AlreadyQueued: 'DELIVERY.ALREADY_QUEUED',
  /** "Send a test email" to something that is not an email address. */
  InvalidTestAddress: 'DELIVERY.INVALID_TEST_ADDRESS',
  /** /request-status with something that is not an email address. */
  InvalidStatusAddress: 'REQUEST_STATUS.INVALID_EMAIL',
} as const;

export type DeliveryError = ErrorOf<typeof DeliveryErrorCode>;

/** What a download link can come to: unknown, expired, used up or revoked. */
export type DownloadLinkErrorCode =
  | typeof DeliveryErrorCode.LinkNotFound
  | typeof DeliveryErrorCode.LinkExpired
  | typeof DeliveryErrorCode.LinkExhausted
  | typeof DeliveryErrorCode.LinkRevoked;

export type DownloadLinkError = DomainError<DownloadLinkErrorCode>;

/** What a download can come to besides the link's own state: no copy now, or no download to resume. */
export type DownloadErrorCode =
  | DownloadLinkErrorCode
  | typeof DeliveryErrorCode.StamperBusy
  | typeof DeliveryErrorCode.CopyInProgress
  | typeof DeliveryErrorCode.CopyFailed
  | typeof DeliveryErrorCode.NotDownloaded;

export type DownloadError = DomainError<DownloadErrorCode>;
