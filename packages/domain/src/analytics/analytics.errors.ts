import type { ErrorOf } from '../shared/domain-error';

export const AnalyticsErrorCode = {
  /** Not one of the counted events, or a detail that is not a short word. */
  InvalidEvent: 'ANALYTICS.INVALID_EVENT',
  /** `days` is not a whole number from 1 to ANALYTICS_MAX_DAYS. */
  InvalidPeriod: 'ANALYTICS.INVALID_PERIOD',
  /** `/go/<format>` names no format of the buy links. */
  UnknownStore: 'ANALYTICS.UNKNOWN_STORE',
} as const;

export type AnalyticsError = ErrorOf<typeof AnalyticsErrorCode>;
