import { useEffect, useState } from 'react';

/**
 * When the page's deferred code (below-the-fold sections, the toasts' view) should load: at the
 * visitor's first sign of intent (a pointer press, a key, a touch, a wheel turn, a scroll), or
 * once the page has loaded and stayed idle for `IDLE_FALLBACK_MS`, whichever comes first. The
 * first screen's network and main thread are then the first screen's alone, and a visitor who
 * never touches the page still gets the whole page a few seconds later (find in page, a screen
 * reader's list of headings, a crawler that renders scripts).
 */
export const IDLE_FALLBACK_MS = 3000;

const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

let wanted: Promise<void> | null = null;

/** Resolves once, for every caller, at the first intent or the idle fallback. */
export function whenWanted(): Promise<void> {
  wanted ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, done);
      resolve();
    };
    // Not capturing: a scroll inside an element (the quotes' carousel) is no sign of intent.
    for (const type of INTENT_EVENTS) window.addEventListener(type, done, { passive: true });
    const idle = () => {
      setTimeout(() => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(done, { timeout: IDLE_FALLBACK_MS });
        else done();
      }, IDLE_FALLBACK_MS);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return wanted;
}

/** Whether the page's deferred code is wanted yet (`whenWanted`), as React state. */
export function useWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let live = true;
    void whenWanted().then(() => {
      if (live) setWanted(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return wanted;
}
