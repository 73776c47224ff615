import '@memoir/web-ui/base.css';
import './styles.css';

import { createQueryClient } from '@memoir/web-ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

import { createAppRouter } from './router';
import { SessionProvider } from './session';

const Toaster = lazy(() => import('@memoir/web-ui/toaster').then((module) => ({ default: module.Toaster })));

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
