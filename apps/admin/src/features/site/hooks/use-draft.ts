import { useEffect, useState, useSyncExternalStore } from 'react';

import { saveDraft, useFollowSavedDraft } from '../api/site-content';
import type { SiteDraft } from '../api/site-content-types';
import { DraftSaver, type DraftState } from '../utils/draft-saver';

/**
 * The draft on the screen, saved a moment after typing stops and whenever the owner leaves:
 * the tab hidden or closed (`visibilitychange`, `pagehide`: sent with keepalive, so the
 * browser finishes it after the page is gone) or another screen opened (the editor unmounts);
 * and again when the connection comes back after a save that failed.
 */
export function useDraft(loaded: SiteDraft): { readonly saver: DraftSaver; readonly state: DraftState } {
  const onSaved = useFollowSavedDraft();
  const [saver] = useState(
    () => new DraftSaver({ revision: loaded.revision, content: loaded.content }, { save: saveDraft, onSaved }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.getState);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush(true);
    };
    const onPageHide = () => void saver.flush(true);
    // Back online after a save that got no answer: the edits go now rather than with the next one.
    const onOnline = () => {
      if (saver.getState().status === 'failed') void saver.flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      void saver.flush();
      saver.dispose();
    };
  }, [saver]);

  return { saver, state };
}
