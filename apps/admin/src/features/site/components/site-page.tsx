import { SCREEN_TEXTS } from '@memoir/shared';

import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useSiteContent } from '../api/site-content';
import { SiteEditor } from './site-editor';

export const SITE_SCREEN: ScreenTexts = {
  title: 'Site content',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the site content.',
  backLink: true,
};

/**
 * /admin/site: every word, link and price of the landing page (docs/site-content.md). The owner
 * edits a draft, saved as they type; Preview shows the real page made from it, Publish puts it
 * on the page, and any published version can be restored.
 */
export function SitePage() {
  const { data } = useSiteContent();
  return (
    <>
      <ScreenHeader screen={SITE_SCREEN} />
      <p>
        Edit the words, links and prices of your landing page. Your changes are saved as a draft as you type; visitors
        see them once you publish.
      </p>
      <SiteEditor loaded={data} />
    </>
  );
}
