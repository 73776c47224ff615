import { AppShell } from '@memoir/web-ui';

import { LandingPage } from './routes/landing-page';
import { SiteDataProvider, type SiteData } from './shared/site-data';

/**
 * What #root holds on the landing page, the same tree on the server (entry-server.tsx) and in
 * the browser that hydrates it (main.tsx): any difference would be a hydration mismatch.
 */
export function LandingRoot({ data }: { readonly data: SiteData }) {
  return (
    <AppShell>
      <SiteDataProvider data={data}>
        <LandingPage />
      </SiteDataProvider>
    </AppShell>
  );
}
