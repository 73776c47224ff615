import { DASHBOARD_REFRESH_MS } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

/** The counts of the dashboard, polled every 30 s while it is on screen. */
export const dashboardQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: () => api.call('dashboard'),
  refetchInterval: DASHBOARD_REFRESH_MS,
});

/** The route's loader has fetched it: the data is there from the first render. */
export const useDashboard = () => useSuspenseQuery(dashboardQueryOptions);
