import { lazy, Suspense, useEffect } from 'react';

import { ManifestoCarousel } from '../features/carousel/manifesto-carousel';
import { useHeroRain } from '../features/hero/hero';
import { About, AuthorBio, CallToAction, Crackme, Footer, Themes } from '../features/story/sections';
import { countPageView } from '../shared/count-event';

// Below the fold: fetched right after the first render, so the first screen needs less JS.
const ShareSection = lazy(() => import('../features/share/share-section').then((m) => ({ default: m.ShareSection })));
const ScholarshipForm = lazy(() =>
  import('../features/scholarship-request/components/scholarship-form').then((m) => ({ default: m.ScholarshipForm })),
);
// Only for solvers, below the fold: the prize claim's code loads after the first screen.
const ClaimForm = lazy(() => import('../features/crackme/claim-form').then((m) => ({ default: m.ClaimForm })));
const Guestbook = lazy(() =>
  import('../features/guestbook/components/guestbook').then((m) => ({ default: m.Guestbook })),
);

/** Keeps the space a lazy section will take, so nothing shifts when it arrives. */
const Reserved = ({ height }: { readonly height: string }) => <div className="section" style={{ minHeight: height }} />;

/**
 * The landing page: every section, in the order the specification gives. The skip link and
 * the hero come first, from index.html itself (features/hero/hero.tsx).
 */
export function LandingPage() {
  useHeroRain();
  useEffect(countPageView, []);
  return (
    <>
      <main id="main">
        <About />
        <Themes />
        <ManifestoCarousel />
        <AuthorBio />
        <Crackme>
          <Suspense fallback={<div className="claim-form-reserved" />}>
            <ClaimForm />
          </Suspense>
        </Crackme>
        <CallToAction />
        <Suspense fallback={<Reserved height="60rem" />}>
          <ShareSection />
          <ScholarshipForm />
          <Guestbook />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
