import { PUBLIC_GUESTBOOK_LIMIT } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { queryOptions } from '@tanstack/react-query';

/**
 * Recent Visitors: the newest approved entries, read with `useQuery` when the guestbook
 * arrives (not suspense: the page never waits for them, and a failed load leaves the list
 * empty, spec section 8).
 */
export const recentEntriesQueryOptions = queryOptions({
  queryKey: ['guestbook-entries', { limit: PUBLIC_GUESTBOOK_LIMIT }],
  queryFn: () => api.call('publicGuestbookEntries', { query: { limit: PUBLIC_GUESTBOOK_LIMIT } }),
});
