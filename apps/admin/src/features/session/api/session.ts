import {
  ADMIN_SESSION_STORAGE_KEY,
  TOASTS,
  type AdminUser,
  type LoginBody,
  type LoginResponse,
  type TwoFactorLoginBody,
} from '@memoir/shared';
import { api, HttpError, toast } from '@memoir/web-ui';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';

import { queryKeys } from '../../../shared/query-keys';

/** The token of spec section 4, kept in localStorage (null where storage is refused). */
export const storedToken = (): string | null => {
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
 * Who is signed in, or null. Without a stored token nobody is; with one, the server says.
 * Anything but an answer signs out, the failure only logged (spec section 4).
 */
async function fetchSessionUser(): Promise<AdminUser | null> {
  if (storedToken() === null) return null;
  try {
    return (await api.call('me')).user;
  } catch (error) {
    console.error('Checking the admin session failed:', error);
    storeToken(null);
    return null;
  }
}

/** The session: asked once per page, then changed only by signing in and out (never stale, never dropped). */
export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: fetchSessionUser,
  gcTime: Number.POSITIVE_INFINITY,
});

/**
 * Forgets the session here, when the server has already ended it (a 401 from any admin call:
 * expired, or revoked elsewhere). Returns whether anyone was signed in, so the caller re-runs
 * the router's guard only then.
 */
export function forgetSession(queryClient: QueryClient): boolean {
  const wasSignedIn = queryClient.getQueryData(sessionQueryOptions.queryKey) != null;
  storeToken(null);
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  return wasSignedIn;
}

/** Why a sign-in failed: the server's message (or the spec's fallback), or the network error. */
function logInFailure(error: unknown): string {
  if (error instanceof HttpError) return error.body?.error ?? TOASTS.loginFailed.fallback;
  return TOASTS.networkError;
}

/**
 * Signing in stores the token and the user. Admin data read before this sign-in is dropped
 * first, so nothing of it shows before the server's new answers.
 */
export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginBody) => api.call('logIn', { body: credentials }),
    onSuccess: (body) => {
      // Two-factor on: no session yet; the login page asks for the code.
      if (body.success) signedIn(queryClient, body);
    },
    onError: (error) =>
      toast({ title: TOASTS.loginFailed.title, description: logInFailure(error), variant: 'destructive' }),
  });
}

function signedIn(queryClient: QueryClient, body: LoginResponse): void {
  storeToken(body.sessionToken);
  queryClient.removeQueries({ queryKey: queryKeys.adminData });
  queryClient.setQueryData(sessionQueryOptions.queryKey, body.user);
}

/** The second step of sign-in: the challenge of the first and the app's code (or a recovery code). */
export function useLogInTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorLoginBody) => api.call('logInTwoFactor', { body }),
    onSuccess: (body) => signedIn(queryClient, body),
    onError: (error) =>
      toast({ title: TOASTS.loginFailed.title, description: logInFailure(error), variant: 'destructive' }),
  });
}

/**
 * Logging out tells the server when there is a token (a failure only logged), forgets the
 * session, says 'Logged out', and lets the router's guard take the owner to sign in.
 */
export function useLogOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async () => {
    if (storedToken() !== null) {
      await api.call('logOut').catch((error: unknown) => console.error('Logging out failed:', error));
    }
    forgetSession(queryClient);
    toast({ title: TOASTS.loggedOut.title, description: TOASTS.loggedOut.description });
    await router.invalidate();
  };
}
