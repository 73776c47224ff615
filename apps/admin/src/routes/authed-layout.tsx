import { SCREEN_TEXTS } from '@memoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';

import { sessionQueryOptions, useLogOut } from '../features/session/api/session';

/** What every admin screen shows while the session is being checked (spec section 2). */
export function SessionLoading() {
  return (
    <main className="centered" id="main" aria-busy="true">
      <p>{SCREEN_TEXTS.loading}</p>
    </main>
  );
}

/** Around every screen but sign-in, once the router's guard has let the owner in. */
export function AuthedLayout() {
  const { data: user } = useQuery(sessionQueryOptions);
  const logOut = useLogOut();
  return (
    <>
      <header className="topbar">
        <Link to="/" className="brand">
          root@memoir:~# admin
        </Link>
        <span className="who">
          Signed in as <bdi>{user?.username}</bdi>
        </span>
        <Link to="/site" className="button button-ghost button-small">
          Site
        </Link>
        <Link to="/media" className="button button-ghost button-small">
          Media
        </Link>
        <Link to="/readers" className="button button-ghost button-small">
          Readers
        </Link>
        <Link to="/mail" className="button button-ghost button-small">
          Mail
        </Link>
        <Link to="/security" className="button button-ghost button-small">
          Security
        </Link>
        <button type="button" className="button button-ghost button-small" onClick={() => void logOut()}>
          Log out
        </button>
      </header>
      <main id="main" className="page">
        <Outlet />
      </main>
    </>
  );
}
