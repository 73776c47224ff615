import { whenWanted } from '@memoir/web-ui';
import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';

const NO_IDS: readonly string[] = [];

const hashTarget = (): string => decodeURIComponent(window.location.hash.slice(1));

/** A gate that opens once: `opened` resolves then. */
function gate(): { readonly opened: Promise<void>; readonly open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Renders `children` once `opened` has resolved (at once without a promise: on the server). */
function Gate({ opened, children }: { readonly opened: Promise<void> | null; readonly children: ReactNode }) {
  if (opened !== null) use(opened);
  return children;
}

/**
 * Below-the-fold code that no first screen needs. The server renders `children` (lazy
 * components) into the page, so their words are in the HTML; the browser keeps that HTML as
 * it is and hydrates it, code and all, only once the visitor comes within a screen of this
 * place, shows intent, or the page has idled (whenWanted), or at once when the address names
 * one of the sections inside (`ids`: the hero's "#free-pdf" button, a shared link). Until
 * then React leaves the server's HTML in place (a Suspense boundary still hydrating).
 *
 * Nothing here sets React state: an update reaching a boundary that is still hydrating would
 * make React throw the server's HTML away and render it anew. Without the server's HTML (a
 * render in the browser alone), a placeholder of `className` keeps the space until then.
 */
export function WhenNear({
  className,
  minHeight,
  ids = NO_IDS,
  children,
}: {
  readonly className: string;
  readonly minHeight?: string;
  readonly ids?: readonly string[];
  readonly children: ReactNode;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [{ opened, open }] = useState(() => (import.meta.env.SSR ? { opened: null, open: () => {} } : gate()));
  useEffect(() => {
    // Listening after the sections arrive too: a click on the hero's button is a sign of intent.
    const named = () => {
      if (ids.includes(hashTarget())) open();
    };
    named();
    window.addEventListener('hashchange', named);
    void whenWanted().then(open);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      },
      { rootMargin: '100% 0px' },
    );
    if (place.current !== null) observer.observe(place.current);
    return () => {
      window.removeEventListener('hashchange', named);
      observer.disconnect();
    };
  }, [ids, open]);
  return (
    <div ref={place}>
      <Suspense fallback={<div className={className} style={minHeight === undefined ? undefined : { minHeight }} />}>
        <Gate opened={opened}>{children}</Gate>
      </Suspense>
    </div>
  );
}
