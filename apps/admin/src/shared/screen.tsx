import { BackLink } from './back-link';
import { RefreshError, type RefreshableQuery } from './load-error';

/** What the router shows around a screen while it loads or when its data fails. */
export interface ScreenTexts {
  readonly title: string;
  readonly loading: string;
  /** The first words of the error when its data could not be loaded. */
  readonly loadFailed: string;
  readonly backLink: boolean;
  /** The first words of the notice when a refresh of its data failed (the data stays). */
  readonly refreshFailed?: string;
}

/**
 * The top of a screen: the way back to the dashboard and the title; with the screen's `query`,
 * the notice of a failed refresh under it.
 */
export function ScreenHeader({ screen, query }: { readonly screen: ScreenTexts; readonly query?: RefreshableQuery }) {
  return (
    <>
      {screen.backLink ? <BackLink /> : null}
      <h1>{screen.title}</h1>
      {query && screen.refreshFailed ? <RefreshError query={query} title={screen.refreshFailed} /> : null}
    </>
  );
}
