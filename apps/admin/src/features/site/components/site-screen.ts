import { SCREEN_TEXTS } from '@memoir/shared';

import type { ScreenTexts } from '../../../shared/screen';

/**
 * The site editor's texts, apart from its components: the router needs them at once, while the
 * editor's code loads with the screen only (it is the largest screen, and only the owner's
 * edits need it).
 */
export const SITE_SCREEN: ScreenTexts = {
  title: 'Site content',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the site content.',
  backLink: true,
};
