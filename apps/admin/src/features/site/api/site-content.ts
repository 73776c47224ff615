import { TOASTS, type SiteContent } from '@memoir/shared';
import { api, HttpError, serverMessage, toast, toastFailure } from '@memoir/web-ui';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useChange } from '../../../shared/use-change';
import type { SaveOutcome } from '../utils/draft-saver';
import { fitsKeepalive } from '../utils/keepalive';
import type { SiteDraft } from './site-content-types';

/**
 * The draft and the published version (`GET /api/admin/site-content`). The screen's loader
 * reads it afresh each time the screen opens (staleTime 0, fetchQuery): the editor starts
 * from the latest revision, so a draft saved in another tab since is not edited from an old
 * copy. The screen itself does not read it again on mounting (the loader just did).
 */
export const siteContentQueryOptions = queryOptions({
  queryKey: queryKeys.siteContent,
  queryFn: () => api.call('siteContent'),
  staleTime: 0,
  refetchOnMount: false,
});

/** Every published version, newest first, with what each changed. */
export const siteVersionsQueryOptions = queryOptions({
  queryKey: queryKeys.siteVersions,
  queryFn: () => api.call('siteContentVersions'),
});

/** The route's loader has fetched both: the data is there from the first render. */
export const useSiteContent = () => useSuspenseQuery(siteContentQueryOptions);
export const useSiteVersions = () => useSuspenseQuery(siteVersionsQueryOptions);

/** The draft as the server has it now (after a restore, or to load the latest after a conflict). */
export const fetchLatestDraft = async (queryClient: QueryClient): Promise<SiteDraft> =>
  (await queryClient.fetchQuery(siteContentQueryOptions)).draft;

const isConflict = (error: unknown): boolean => error instanceof HttpError && error.status === 409;

const NO_ANSWER = 'no answer from the server. Your edits are kept on this screen and saved with the next change.';

/** Saves the draft; the answer sorted into what the editor does next (it never throws). */
export async function saveDraft(revision: number, content: SiteContent, keepalive: boolean): Promise<SaveOutcome> {
  try {
    const body = { revision, content };
    const saved = await api.call('saveSiteDraft', { body, keepalive: keepalive && fitsKeepalive(body) });
    return { ok: true, revision: saved.revision };
  } catch (error) {
    if (isConflict(error)) return { ok: false, kind: 'conflict' };
    if (error instanceof HttpError && error.status === 400) {
      return {
        ok: false,
        kind: 'invalid',
        message: serverMessage(error) ?? 'a field breaks a rule.',
        fieldErrors: error.body?.fieldErrors ?? {},
      };
    }
    return { ok: false, kind: 'failed', message: serverMessage(error) ?? NO_ANSWER };
  }
}

/** The cached draft follows each save, so the screen opened again (or the dashboard) starts from it. */
export function useFollowSavedDraft(): (revision: number, content: SiteContent) => void {
  const queryClient = useQueryClient();
  return (revision, content) =>
    queryClient.setQueryData(siteContentQueryOptions.queryKey, (cached) =>
      cached === undefined
        ? cached
        : { ...cached, draft: { ...cached.draft, revision, content, updatedAt: new Date().toISOString() } },
    );
}

/** After a publish or a restore: the versions, the screen's data, the checklist and the audit trail again. */
const SITE_CHANGED = [queryKeys.siteVersions, queryKeys.siteContent, queryKeys.dashboard, queryKeys.auditLogs] as const;

/**
 * Publishes the draft's `revision`. A 409 (the draft changed elsewhere first) goes to
 * `onConflict`, whose notice on the screen explains it; any other failure is a toast.
 */
export function usePublishSite(onConflict: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => api.call('publishSiteContent', { body: { revision } }),
    onSuccess: async ({ version }) => {
      toast({ title: 'Published', description: `Version ${version} is on the page now.` });
      await Promise.all(SITE_CHANGED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (isConflict(error)) onConflict();
      else toastFailure(error, { title: 'Could not publish', fallback: TOASTS.networkError });
    },
  });
}

/** A link to the public page rendered from the saved draft (valid for an hour). */
export const usePreviewSite = () =>
  useChange({
    run: () => api.call('previewSiteContent'),
    failed: { title: 'Could not make a preview', fallback: TOASTS.networkError },
  });

/** Makes a published version the draft again (the screen then loads it into the editor). */
export const useRestoreVersion = () =>
  useChange({
    run: (version: number) => api.call('restoreSiteContentVersion', { params: { version: String(version) } }),
    done: {
      title: 'Version restored as the draft',
      description: 'Its text is in the editor now. Publish to put it on the page.',
    },
    failed: { title: 'Could not restore the version', fallback: TOASTS.networkError },
    refresh: SITE_CHANGED,
  });
