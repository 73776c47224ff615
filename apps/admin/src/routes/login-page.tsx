import { SCREEN_TEXTS, TOASTS } from '@memoir/shared';
import { toast } from '@memoir/web-ui';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';

import { useSession } from '../session';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (session.isAuthenticated) void navigate({ to: redirect ?? '/', replace: true });
  }, [session.isAuthenticated, navigate, redirect]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    const { error } = await session.logIn(username, password);
    setSubmitting(false);
    if (error !== null) toast({ title: TOASTS.loginFailed.title, description: error, variant: 'destructive' });
  };

  return (
    <main className="centered login" id="main">
      <h1>Admin sign-in</h1>
      <p className="warning">{SCREEN_TEXTS.loginTagline}</p>
      <form className="form" onSubmit={onSubmit} method="post" action="/admin/login">
        <div className="field">
          <label htmlFor="username">Username</label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <div className="password">
            <input
              id="password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button
              type="button"
              className="button button-ghost button-small"
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? 'Hide' : 'Show'}
              <span className="visually-hidden"> password</span>
            </button>
          </div>
        </div>
        <button type="submit" className="button" disabled={submitting || username === '' || password === ''}>
          {submitting ? SCREEN_TEXTS.submitting : 'Sign in'}
        </button>
      </form>
      <p className="notice">{SCREEN_TEXTS.loginNotice}</p>
    </main>
  );
}
