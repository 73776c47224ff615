import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useSyncExternalStore, type ReactNode } from 'react';

import { anyToastAsked, subscribe } from './toast';
import { useWanted } from './when-wanted';

// The Radix toast view is code no first screen needs: it loads in its own chunk at the first
// toast or the visitor's first intent (when-wanted.ts), whichever comes first. A toast asked
// for before it arrives waits in the store and shows when it does.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

function DeferredToaster() {
  const asked = useSyncExternalStore(subscribe, anyToastAsked, () => false);
  const wanted = useWanted();
  if (!asked && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * What wraps each app: strict mode, the query client (when the app's first screen needs one:
 * the public site provides its own where its queries are), and the toasts beside the router.
 */
export function AppShell({
  queryClient,
  children,
}: {
  readonly queryClient?: QueryClient;
  readonly children: ReactNode;
}) {
  const content = (
    <>
      {children}
      <DeferredToaster />
    </>
  );
  return (
    <StrictMode>
      {queryClient === undefined ? content : <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>}
    </StrictMode>
  );
}
