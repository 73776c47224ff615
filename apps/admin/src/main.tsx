import '@memoir/web-ui/base.css';
import './styles.css';

import { AppShell, configureApi, createQueryClient } from '@memoir/web-ui';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';

import { forgetSession, sessionQueryOptions, storedToken } from './features/session/api/session';
import { createAppRouter } from './router';
import { SessionLoading } from './routes/authed-layout';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// The bearer header on admin calls; a 401 from any of them (a session that expired, or was
// revoked elsewhere) signs out here too, and the router's guard takes the owner to sign in.
configureApi({
  getToken: storedToken,
  onUnauthorized: () => {
    if (forgetSession(queryClient)) void router.invalidate();
  },
});

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// Who is signed in is known before the router's first load: its guard then decides at once,
// and the first screen shows its own loading text rather than the session's.
const app = createRoot(root);
app.render(<SessionLoading />);
void queryClient.ensureQueryData(sessionQueryOptions).then(() =>
  app.render(
    <AppShell queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppShell>,
  ),
);
