import type { ErrorOf } from '../shared/domain-error';

/**
 * `SITE_CONTENT.INVALID` (a field breaks a rule; fieldErrors names each by path),
 * `.STALE_REVISION` (the draft changed since the caller read it), `.VERSION_NOT_FOUND`.
 */
export const SiteContentErrorCode = {
  Invalid: 'SITE_CONTENT.INVALID',
  StaleRevision: 'SITE_CONTENT.STALE_REVISION',
  VersionNotFound: 'SITE_CONTENT.VERSION_NOT_FOUND',
} as const;

export type SiteContentError = ErrorOf<typeof SiteContentErrorCode>;
