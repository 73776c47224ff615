import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';

// The Radix toast view loads after the first render, in its own chunk (the JS budgets).
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** What wraps each app: strict mode, the query client, and the toasts beside the router. */
export function AppShell({
  queryClient,
  children,
}: {
  readonly queryClient: QueryClient;
  readonly children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>
  );
}
