import '@memoir/web-ui/base.css';
import './styles.css';

import { AppShell } from '@memoir/web-ui';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';

import { createAppRouter } from './router';

// No query client here: React Query is only below the fold (shared/queries.tsx).
const router = createAppRouter();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <AppShell>
    <RouterProvider router={router} />
  </AppShell>,
);
