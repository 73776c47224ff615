import { SCREEN_TEXTS } from '@memoir/shared';
import { HttpError } from '@memoir/web-ui';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';

import { Form, FormField, SubmitButton } from '../../../shared/form-field';
import { useLogIn, useLogInTwoFactor } from '../api/session';

/** The second step, for an account with two-factor on: the code after the password. */
function CodeStep({ challenge, onDone, onRestart }: { challenge: string; onDone: () => void; onRestart: () => void }) {
  const logInTwoFactor = useLogInTwoFactor();
  const [code, setCode] = useState('');
  const onSubmit = () => {
    logInTwoFactor.mutate(
      { challenge, code: code.trim() },
      {
        onSuccess: onDone,
        // A spent or expired challenge: back to the password.
        onError: (error) => {
          if (error instanceof HttpError && error.body?.code === 'ADMIN_SESSION.CHALLENGE_EXPIRED') onRestart();
          else setCode('');
        },
      },
    );
  };
  return (
    <Form onSubmit={onSubmit}>
      <FormField
        id="code"
        label="Code from your authenticator app"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={setCode}
        hint="6 digits, or one of your recovery codes."
      />
      <SubmitButton sending={logInTwoFactor.isPending} ready={code.trim() !== ''} text="Verify" />
      <button type="button" className="button button-ghost" onClick={onRestart}>
        Start again
      </button>
    </Form>
  );
}

/** The frame of both steps: the title, the warning above the form and the notice below. */
function SignInScreen({ children }: { readonly children: ReactNode }) {
  return (
    <main className="centered login" id="main">
      <h1>Admin sign-in</h1>
      <p className="warning">{SCREEN_TEXTS.loginTagline}</p>
      {children}
      <p className="notice">{SCREEN_TEXTS.loginNotice}</p>
    </main>
  );
}

/** Sign-in. The router sends an owner who is already signed in on (see the login route). */
export function LoginPage() {
  const logIn = useLogIn();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const goOn = () => void navigate({ to: redirect ?? '/', replace: true });

  const onSubmit = () => {
    logIn.mutate(
      { username, password },
      { onSuccess: (body) => (body.success ? goOn() : setChallenge(body.challenge)) },
    );
  };

  if (challenge !== null) {
    return (
      <SignInScreen>
        <CodeStep
          challenge={challenge}
          onDone={goOn}
          onRestart={() => {
            setChallenge(null);
            setPassword('');
          }}
        />
      </SignInScreen>
    );
  }

  return (
    <SignInScreen>
      <Form onSubmit={onSubmit} method="post" action="/admin/login">
        <FormField
          id="username"
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
        />
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
        <SubmitButton sending={logIn.isPending} ready={username !== '' && password !== ''} text="Sign in" />
      </Form>
    </SignInScreen>
  );
}
