import { SCREEN_TEXTS } from '@memoir/shared';

/** The fallback screen of both apps, with the spec's text and a way back. */
export function NotFoundScreen({ home, homeLabel }: { readonly home: string; readonly homeLabel: string }) {
  return (
    <main className="not-found" id="main">
      <h1>404</h1>
      <p>{SCREEN_TEXTS.notFound}</p>
      <p>
        <a href={home}>{homeLabel}</a>
      </p>
    </main>
  );
}
