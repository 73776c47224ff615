import { SCREEN_TEXTS } from '@memoir/shared';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

import { useSession } from '../session';

/**
 * Every admin screen: 'Loading...' while the session is loading or absent; once it is known
 * to be absent, off to sign in, remembering where the owner was.
 */
export function AuthGuard() {
  const session = useSession();
  const navigate = useNavigate();
  const here = useRouterState({ select: (state) => state.location.href });
  // The path within the app (the router may report it with or without /admin).
  const path = here.replace(/^\/admin(?=\/|$|\?)/i, '') || '/';
  const onLoginPage = /^\/login(\/|\?|$)/i.test(path);

  useEffect(() => {
    // Only from a screen of the app: while the router moves to /login, this guard may render
    // once more with the new location, and must not send the owner on with redirect=/login.
    if (!session.isLoading && !session.isAuthenticated && !onLoginPage) {
      void navigate({ to: '/login', search: { redirect: path }, replace: true });
    }
  }, [session.isLoading, session.isAuthenticated, navigate, path, onLoginPage]);

  if (session.isLoading || !session.isAuthenticated) {
    return (
      <main className="centered" id="main" aria-busy="true">
        <p>{SCREEN_TEXTS.loading}</p>
      </main>
    );
  }
  return (
    <>
      <header className="topbar">
        <Link to="/" className="brand">
          root@memoir:~# admin
        </Link>
        <span className="who">Signed in as {session.user?.username}</span>
        <button type="button" className="button button-ghost button-small" onClick={() => void session.logOut()}>
          Log out
        </button>
      </header>
      <main id="main" className="page">
        <Outlet />
      </main>
    </>
  );
}
