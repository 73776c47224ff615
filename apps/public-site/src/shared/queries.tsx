import { createQueryClient } from '@memoir/web-ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * The page's one query client. It lives in its own chunk, not in the first screen's JS: only
 * the forms and Recent Visitors, all below the fold, use React Query (shared/lazy-with-queries.tsx).
 * The server renders each page with clients of its own, so no render sees another's data.
 */
export const queryClient = import.meta.env.SSR ? null : createQueryClient();

export function WithQueries({ children }: { readonly children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
