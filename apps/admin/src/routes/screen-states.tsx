import { SCREEN_TEXTS } from '@memoir/shared';
import { HttpError } from '@memoir/web-ui';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { LoadError } from '../shared/load-error';
import { ScreenHeader, type ScreenTexts } from '../shared/screen';

function ScreenPending({ screen }: { readonly screen: ScreenTexts }) {
  return (
    <>
      <ScreenHeader screen={screen} />
      <p aria-busy="true">{screen.loading}</p>
    </>
  );
}

/** The screen's data did not come: say so, with Retry (which runs the route's loader again). */
function ScreenFailed({ screen, error }: { readonly screen: ScreenTexts; readonly error: unknown }) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const queryErrors = useQueryErrorResetBoundary();
  // A query that threw while rendering may try again on the next render.
  useEffect(() => queryErrors.reset(), [queryErrors]);

  // The session has ended: the guard is already taking the owner to sign in.
  if (error instanceof HttpError && error.status === 401) return <p>{SCREEN_TEXTS.loading}</p>;
  const retry = () => {
    setRetrying(true);
    void router.invalidate().finally(() => setRetrying(false));
  };
  return (
    <>
      <ScreenHeader screen={screen} />
      <LoadError title={screen.loadFailed} error={error} onRetry={retry} retrying={retrying} />
    </>
  );
}

/** The route options that show a screen's loading text, and its error with Retry. */
export function screenStates(screen: ScreenTexts) {
  return {
    pendingComponent: () => <ScreenPending screen={screen} />,
    errorComponent: ({ error }: ErrorComponentProps) => <ScreenFailed screen={screen} error={error} />,
  };
}
