import { TOASTS } from '@memoir/shared';
import { toastFailure } from '@memoir/web-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import type { SiteContentData, SitePreview } from '../api/site-content-types';
import { fetchLatestDraft, usePreviewSite, usePublishSite, useRestoreVersion } from '../api/site-content';
import { useDraft } from '../hooks/use-draft';
import { contentPaths, fieldId, placeFieldErrors } from '../utils/field-paths';
import { AboutSection, AuthorSection, BookSection, QuotesSection, ThemesSection } from './book-sections';
import { ConflictNotice } from './conflict-notice';
import { FieldErrorsContext } from './content-field';
import {
  BuySection,
  CrackmeSection,
  FooterSection,
  PublisherSection,
  SharePostsSection,
  SocialSection,
} from './links-sections';
import { PublishBar } from './publish-bar';
import { VersionsSection } from './versions-section';

/** The action under way: one at a time (a conflict's choice is 'resolve'). */
type Busy = 'preview' | 'publish' | 'restore' | 'resolve' | null;

const LOAD_FAILED = { title: 'Could not load the latest draft', fallback: TOASTS.networkError };

/**
 * The draft's editor: the page's sections as labelled fields, saved as the owner types
 * (useDraft), with Preview and Publish above and the published versions below. Preview,
 * Publish and Restore save first; a refusal of a field puts focus on it.
 */
export function SiteEditor({ loaded }: { readonly loaded: SiteContentData }) {
  const queryClient = useQueryClient();
  const { saver, state } = useDraft(loaded.draft);
  const [busy, setBusy] = useState<Busy>(null);
  const [preview, setPreview] = useState<SitePreview | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const previewSite = usePreviewSite();
  const publishSite = usePublishSite(() => saver.markConflict());
  const restoreVersion = useRestoreVersion();

  const placed = useMemo(
    () => placeFieldErrors(state.fieldErrors, contentPaths(state.content)),
    [state.fieldErrors, state.content],
  );
  // After the owner's own action failed on a field: focus on the first one, once it shows its message.
  useEffect(() => {
    if (focusRequest > 0 && placed.first !== null) document.getElementById(fieldId(placed.first))?.focus();
    // Only a new request moves focus, not every keystroke that changes `placed`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  /** Saves what is unsaved; false (and focus on the first field at fault) when the server did not take it. */
  const saveFirst = async () => {
    const saved = await saver.flush();
    if (!saved && saver.getState().status === 'invalid') setFocusRequest((n) => n + 1);
    return saved;
  };

  /** One action at a time; a failure was already told (its toast), and the screen stays as it was. */
  const act = (kind: Exclude<Busy, null>, run: () => Promise<void>) => async () => {
    setBusy(kind);
    try {
      await run();
    } catch {
      // Told where it failed.
    } finally {
      setBusy(null);
    }
  };

  /** The draft as the server has it now; a failure to read it is told, and ends the action. */
  const latestDraft = async () => {
    try {
      return await fetchLatestDraft(queryClient);
    } catch (error) {
      toastFailure(error, LOAD_FAILED);
      throw error;
    }
  };

  const onPreview = act('preview', async () => {
    if (!(await saveFirst())) return;
    const link = await previewSite.mutateAsync();
    setPreview(link);
    window.open(link.url, '_blank', 'noopener');
  });

  const onPublish = act('publish', async () => {
    if (!(await saveFirst())) return;
    await publishSite.mutateAsync(saver.getState().revision);
  });

  const reload = async () => saver.reset(await latestDraft());

  const onRestore = (version: number) => {
    const question = `Restore version ${version} as the draft? The text in the editor is replaced by that version's; the page changes only when you publish.`;
    if (!window.confirm(question)) return;
    void act('restore', async () => {
      await saver.flush();
      await restoreVersion.mutateAsync(version);
      setPreview(null);
      await reload();
    })();
  };

  const onKeepMine = act('resolve', async () => {
    await saver.overwrite((await latestDraft()).revision);
  });

  const sections = { content: state.content, edit: (change: Parameters<typeof saver.edit>[0]) => saver.edit(change) };
  return (
    <>
      <PublishBar
        state={state}
        otherErrors={placed.elsewhere}
        published={loaded.published}
        preview={preview}
        busy={busy}
        onPreview={() => void onPreview()}
        onPublish={() => void onPublish()}
      />
      {state.status === 'conflict' ? (
        <ConflictNotice
          busy={busy !== null}
          onLoadLatest={() => void act('resolve', reload)()}
          onKeepMine={() => void onKeepMine()}
        />
      ) : null}
      <FieldErrorsContext.Provider value={placed.byPath}>
        <form
          className="site-editor"
          aria-label="Site content"
          onSubmit={(event) => {
            event.preventDefault();
            void saveFirst();
          }}
        >
          <BookSection {...sections} />
          <AboutSection {...sections} />
          <ThemesSection {...sections} />
          <QuotesSection {...sections} />
          <AuthorSection {...sections} />
          <BuySection {...sections} />
          <SocialSection {...sections} />
          <PublisherSection {...sections} />
          <SharePostsSection {...sections} />
          <CrackmeSection {...sections} />
          <FooterSection {...sections} />
        </form>
      </FieldErrorsContext.Provider>
      <VersionsSection current={loaded.published.version} busy={busy !== null} onRestore={onRestore} />
    </>
  );
}
