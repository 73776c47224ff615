import { SCREEN_TEXTS } from '@memoir/shared';

export function NotFound() {
  return (
    <main className="not-found" id="main">
      <h1>404</h1>
      <p>{SCREEN_TEXTS.notFound}</p>
      <p>
        <a href="/">Back to the book</a>
      </p>
    </main>
  );
}
