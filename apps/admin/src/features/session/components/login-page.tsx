import { SCREEN_TEXTS } from '@memoir/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';

import { useLogIn } from '../api/session';

/** Sign-in. The router sends an owner who is already signed in on (see the login route). */
export function LoginPage() {
  const logIn = useLogIn();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    logIn.mutate({ username, password }, { onSuccess: () => void navigate({ to: redirect ?? '/', replace: true }) });
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
        <button type="submit" className="button" disabled={logIn.isPending || username === '' || password === ''}>
          {logIn.isPending ? SCREEN_TEXTS.submitting : 'Sign in'}
        </button>
      </form>
      <p className="notice">{SCREEN_TEXTS.loginNotice}</p>
    </main>
  );
}
