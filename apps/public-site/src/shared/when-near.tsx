import { useWanted } from '@memoir/web-ui';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

const NO_IDS: readonly string[] = [];

const hashTarget = (): string => decodeURIComponent(window.location.hash.slice(1));

/** Once mounted (its lazy siblings have arrived), brings the section the address names into view. */
function ScrollToTarget({ target }: { readonly target: string | null }) {
  useEffect(() => {
    if (target !== null && hashTarget() === target) document.getElementById(target)?.scrollIntoView();
  }, [target]);
  return null;
}

/**
 * Below-the-fold code that no first screen needs: `children` (lazy components) render once
 * the visitor comes within a screen of this place, shows intent, or the page has idled
 * (useWanted), or at once when the address names one of the sections inside (`ids`: the
 * hero's "#free-pdf" button, a shared link), which is then scrolled to when it arrives. Until
 * then, and while their chunks load, a placeholder keeps the space they will take.
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
  const [near, setNear] = useState(false);
  // A section inside that the address named before it existed: scrolled to once it arrives.
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    // Listening after the sections arrive too: a click on the hero's button is a sign of intent
    // that loads them before its address changes.
    const named = () => {
      const id = hashTarget();
      if (!ids.includes(id)) return;
      setTarget(id);
      setNear(true);
    };
    named();
    window.addEventListener('hashchange', named);
    return () => window.removeEventListener('hashchange', named);
  }, [ids]);
  const shown = useWanted() || near;
  useEffect(() => {
    if (shown) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    if (place.current !== null) observer.observe(place.current);
    return () => observer.disconnect();
  }, [shown]);
  const placeholder = (
    <div ref={place} className={className} style={minHeight === undefined ? undefined : { minHeight }} />
  );
  if (!shown) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      {children}
      <ScrollToTarget target={target} />
    </Suspense>
  );
}
