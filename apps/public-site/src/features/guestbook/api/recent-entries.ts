import { PUBLIC_GUESTBOOK_LIMIT, type PublicGuestbookEntriesResponse } from '@memoir/shared';
import { getJson } from '@memoir/web-ui';
import { queryOptions } from '@tanstack/react-query';

const fetchRecentEntries = () =>
  getJson<PublicGuestbookEntriesResponse>(`/api/guestbook-entries?limit=${PUBLIC_GUESTBOOK_LIMIT}`);

/**
 * Recent Visitors: the newest approved entries. The landing route prefetches them, and Recent
 * Visitors reads them with `useQuery` (not suspense: the page never waits for them, and a
 * failed load leaves the list empty, spec section 8). No hook here: the route's chunk loads
 * this file first, and a hook would pull React Query's observer into the first screen's JS.
 */
export const recentEntriesQueryOptions = queryOptions({
  queryKey: ['guestbook-entries', { limit: PUBLIC_GUESTBOOK_LIMIT }],
  queryFn: fetchRecentEntries,
});
