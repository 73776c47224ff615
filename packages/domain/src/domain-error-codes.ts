import { AdminSessionErrorCode, AdminUserErrorCode } from './admin-sessions/admin-sessions.errors';
import { AnalyticsErrorCode } from './analytics/analytics.errors';
import { CrackmeErrorCode } from './crackme/crackme.errors';
import { DeliveryErrorCode } from './deliveries/deliveries.errors';
import { GuestbookErrorCode } from './guestbook/guestbook.errors';
import { PersonalDataErrorCode } from './personal-data/personal-data.errors';
import { ScholarshipErrorCode } from './scholarships/scholarships.errors';
import { ListErrorCode } from './shared/list.errors';
import { SiteContentErrorCode } from './site-content/site-content.errors';
import { SuppressionErrorCode } from './suppressions/suppressions.errors';
import { ReaderErrorCode } from './readers/readers.errors';
import { MediaErrorCode } from './media/media.errors';

/** The code objects of every capability (`*.errors.ts`), in one list. */
const DOMAIN_ERROR_CODE_GROUPS = [
  GuestbookErrorCode,
  ScholarshipErrorCode,
  AdminSessionErrorCode,
  AdminUserErrorCode,
  ListErrorCode,
  DeliveryErrorCode,
  PersonalDataErrorCode,
  AnalyticsErrorCode,
  CrackmeErrorCode,
  SiteContentErrorCode,
  SuppressionErrorCode,
  ReaderErrorCode,
  MediaErrorCode,
] as const;

/** The values of each object of a union, apart (distributive): `{ a: 'A' } | { b: 'B' }` gives `'A' | 'B'`. */
type ValuesOf<T> = T extends unknown ? T[keyof T] : never;

/**
 * Every stable error code the domain returns. The HTTP adapter's status table is typed by it,
 * so a code without a status does not compile.
 */
export type DomainErrorCode = ValuesOf<(typeof DOMAIN_ERROR_CODE_GROUPS)[number]>;

/** The same codes at run time. */
export const DOMAIN_ERROR_CODES: readonly DomainErrorCode[] = DOMAIN_ERROR_CODE_GROUPS.flatMap(
  (group): DomainErrorCode[] => Object.values(group),
);
