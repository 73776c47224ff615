import { lazy, useEffect } from 'react';

import { ManifestoCarousel } from '../features/carousel/manifesto-carousel';
import { useHeroRain } from '../features/hero/hero';
import { About, AuthorBio, CallToAction, Crackme, Footer, Themes } from '../features/story/sections';
import { countPageView } from '../shared/count-event';
import { lazyWithQueries } from '../shared/lazy-with-queries';
import { WhenNear } from '../shared/when-near';

// Below the fold, and more than half of the page's JS: the forms (with the query client they
// use), the share section's Radix tooltips, the prize claim. Their words are in the served
// HTML; their code loads when the visitor comes near, shows intent, or the page has idled
// (shared/when-near.tsx), so the first screen's network is the first screen's alone.
const ScholarshipForm = lazyWithQueries(() =>
  import('../features/scholarship-request/components/scholarship-form').then((m) => m.ScholarshipForm),
);
const ClaimForm = lazyWithQueries(() => import('../features/crackme/claim-form').then((m) => m.ClaimForm));
const SignUpForm = lazyWithQueries(() => import('../features/readers/sign-up-form').then((m) => m.SignUpForm));
const Guestbook = lazyWithQueries(() => import('../features/guestbook/components/guestbook').then((m) => m.Guestbook));
const ShareSection = lazy(() => import('../features/share/share-section').then((m) => ({ default: m.ShareSection })));

/**
 * The landing page: every section, in the order the specification gives, with the words of
 * the site content (shared/site-data.tsx). The server renders it whole (src/entry-server.tsx)
 * and the browser hydrates it (src/main.tsx). The skip link and the hero come first, written
 * by the server before #root (features/hero/hero.tsx).
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
          <WhenNear className="claim-form-reserved">
            <ClaimForm />
          </WhenNear>
        </Crackme>
        <CallToAction>
          <WhenNear className="signup-form-reserved">
            <SignUpForm />
          </WhenNear>
        </CallToAction>
        <WhenNear className="section" minHeight="100rem" ids={['free-pdf', 'guestbook']}>
          <ShareSection />
          <ScholarshipForm />
          <Guestbook />
        </WhenNear>
      </main>
      <Footer />
    </>
  );
}
