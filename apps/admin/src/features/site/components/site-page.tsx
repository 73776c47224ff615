import './site-editor.css';

import { ScreenHeader } from '../../../shared/screen';
import { useSiteContent } from '../api/site-content';
import { SITE_SCREEN } from './site-screen';
import { SiteEditor } from './site-editor';

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
