import {
  ADMIN_SESSION_STORAGE_KEY,
  TOASTS,
  type AdminUserDto,
  type LoginResponse,
  type MeResponse,
} from '@memoir/shared';
import { apiRequest, configureApi, HttpError, toast } from '@memoir/web-ui';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** The admin session of spec section 4. */
export interface Session {
  readonly isLoading: boolean;
  readonly isAuthenticated: boolean;
  readonly user: AdminUserDto | null;
  /** Resolves to null on success, or the message to show. */
  logIn(username: string, password: string): Promise<{ error: string | null }>;
  logOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

const storedToken = (): string | null => {
  try {
    return window.localStorage.getItem(ADMIN_SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
};
const storeToken = (token: string | null): void => {
  if (token === null) window.localStorage.removeItem(ADMIN_SESSION_STORAGE_KEY);
  else window.localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, token);
};

/**
 * Starts loading and unauthenticated. With a stored token it asks the server who the user is;
 * anything but an answer signs out (the failure only logged). A 401 from any later admin call
 * (an expired or revoked session) signs out too, so the guard sends the owner to sign in and
 * back to where they were.
 */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const [state, setState] = useState<{ isLoading: boolean; user: AdminUserDto | null }>({
    isLoading: true,
    user: null,
  });

  const signOutLocally = useCallback(() => {
    storeToken(null);
    setState({ isLoading: false, user: null });
  }, []);

  useEffect(() => {
    configureApi({ getToken: storedToken, onUnauthorized: signOutLocally });
    if (storedToken() === null) {
      setState({ isLoading: false, user: null });
      return;
    }
    apiRequest<MeResponse>('GET', '/api/admin/me')
      .then((body) => setState({ isLoading: false, user: body.user }))
      .catch((error: unknown) => {
        console.error('Checking the admin session failed:', error);
        signOutLocally();
      });
  }, [signOutLocally]);

  const logIn = useCallback(async (username: string, password: string) => {
    try {
      const body = await apiRequest<LoginResponse>('POST', '/api/admin/login', { username, password });
      storeToken(body.sessionToken);
      setState({ isLoading: false, user: body.user });
      return { error: null };
    } catch (error) {
      if (error instanceof HttpError) return { error: error.body?.error ?? TOASTS.loginFailed.fallback };
      return { error: TOASTS.networkError };
    }
  }, []);

  const logOut = useCallback(async () => {
    if (storedToken() !== null) {
      await apiRequest('POST', '/api/admin/logout').catch((error: unknown) =>
        console.error('Logging out failed:', error),
      );
    }
    signOutLocally();
    toast({ title: TOASTS.loggedOut.title, description: TOASTS.loggedOut.description });
  }, [signOutLocally]);

  const session = useMemo<Session>(
    () => ({ isLoading: state.isLoading, isAuthenticated: state.user !== null, user: state.user, logIn, logOut }),
    [state, logIn, logOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession needs a SessionProvider');
  return session;
}
