import { createQueryClient } from '@memoir/web-ui';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The page's one query client. It lives in its own chunk, not in the first screen's JS: only
 * the forms and Recent Visitors, all below the fold, use React Query (shared/lazy-with-queries.tsx).
 */
export const queryClient = createQueryClient();

export function WithQueries({ children }: { readonly children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
