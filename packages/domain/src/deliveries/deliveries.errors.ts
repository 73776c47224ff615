import type { DomainError } from '../shared/domain-error';

export const DeliveryErrorCode = {
  LinkNotFound: 'DOWNLOAD.LINK_NOT_FOUND',
  LinkExpired: 'DOWNLOAD.LINK_EXPIRED',
  LinkExhausted: 'DOWNLOAD.LINK_EXHAUSTED',
  NotApproved: 'DELIVERY.NOT_APPROVED',
  AlreadyQueued: 'DELIVERY.ALREADY_QUEUED',
} as const;

export type DeliveryErrorCode = (typeof DeliveryErrorCode)[keyof typeof DeliveryErrorCode];

export type DeliveryError = DomainError<DeliveryErrorCode>;

/** What a download link can come to: unknown, expired or used up. */
export type DownloadLinkErrorCode =
  typeof DeliveryErrorCode.LinkNotFound | typeof DeliveryErrorCode.LinkExpired | typeof DeliveryErrorCode.LinkExhausted;

export type DownloadLinkError = DomainError<DownloadLinkErrorCode>;
