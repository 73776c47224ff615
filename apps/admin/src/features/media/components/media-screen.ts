import { SCREEN_TEXTS } from '@memoir/shared';

import type { ScreenTexts } from '../../../shared/screen';

/** The screen's texts, apart from its code (which loads with the screen): the router shows them meanwhile. */
export const MEDIA_SCREEN: ScreenTexts = {
  title: 'Book and images',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the uploads.',
  refreshFailed: 'Could not load the uploads again.',
  backLink: true,
};
