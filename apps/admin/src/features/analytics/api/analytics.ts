import { ANALYTICS_DEFAULT_DAYS, type AnalyticsDto } from '@memoir/shared';
import { getJson } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

/** The last 30 days of counted events: daily totals, referrers, stores. */
export const analyticsQueryOptions = queryOptions({
  queryKey: [...queryKeys.analytics, ANALYTICS_DEFAULT_DAYS],
  queryFn: () => getJson<AnalyticsDto>(`/api/admin/analytics?days=${ANALYTICS_DEFAULT_DAYS}`),
});

export const useAnalytics = () => useSuspenseQuery(analyticsQueryOptions);
