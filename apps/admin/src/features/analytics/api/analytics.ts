import { ANALYTICS_DEFAULT_DAYS } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

/** The last 30 days of counted events: daily totals, referrers, stores. */
export const analyticsQueryOptions = queryOptions({
  queryKey: [...queryKeys.analytics, ANALYTICS_DEFAULT_DAYS],
  queryFn: () => api.call('analytics', { query: { days: ANALYTICS_DEFAULT_DAYS } }),
});

export const useAnalytics = () => useSuspenseQuery(analyticsQueryOptions);
