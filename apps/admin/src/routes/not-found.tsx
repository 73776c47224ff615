import { SCREEN_TEXTS } from '@memoir/shared';

export function NotFound() {
  return (
    <main className="centered" id="main">
      <h1>404</h1>
      <p>{SCREEN_TEXTS.notFound}</p>
      <p>
        <a href="/admin">Back to the dashboard</a>
      </p>
    </main>
  );
}
