import { useEffect } from 'react';

import { startFallingCharacters } from './falling-characters';

const staticHero = () => document.querySelector<HTMLElement>('body > header.hero');

/** The falling characters behind the static hero, while the landing page is shown. */
export function useHeroRain(): void {
  useEffect(() => {
    const host = staticHero();
    return host === null ? undefined : startFallingCharacters(host);
  }, []);
}

/** Hides the static skip link and hero while a screen other than the landing page is shown. */
export function useWithoutHero(): void {
  useEffect(() => {
    const parts = [staticHero(), document.querySelector<HTMLElement>('body > a.skip-link')];
    for (const part of parts) part?.setAttribute('hidden', '');
    return () => {
      for (const part of parts) part?.removeAttribute('hidden');
    };
  }, []);
}
