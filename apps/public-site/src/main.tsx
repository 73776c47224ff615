import '@memoir/web-ui/base.css';
import './styles.css';

import { AppShell, createQueryClient } from '@memoir/web-ui';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';

import { createAppRouter } from './router';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <AppShell queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppShell>,
);
