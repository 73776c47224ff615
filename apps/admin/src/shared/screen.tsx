import { BackLink } from './back-link';

/** What the router shows around a screen while it loads or when its data fails. */
export interface ScreenTexts {
  readonly title: string;
  readonly loading: string;
  /** The first words of the error when its data could not be loaded. */
  readonly loadFailed: string;
  readonly backLink: boolean;
}

/** The top of a screen: the way back to the dashboard and the title. */
export function ScreenHeader({ screen }: { readonly screen: ScreenTexts }) {
  return (
    <>
      {screen.backLink ? <BackLink /> : null}
      <h1>{screen.title}</h1>
    </>
  );
}
