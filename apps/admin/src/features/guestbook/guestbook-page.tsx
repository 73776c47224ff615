import {
  ADMIN_APPROVED_LIST_LIMIT,
  ADMIN_REJECTED_LIST_LIMIT,
  classifyGuestbookEntry,
  SCREEN_TEXTS,
  TOASTS,
  type AdminGuestbookEntriesResponse,
  type GuestbookEntryDto,
} from '@memoir/shared';
import { apiRequest, toast, toastFailure } from '@memoir/web-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { BackLink } from '../back-link';
import { DASHBOARD_KEY } from '../dashboard/dashboard-page';

export const GUESTBOOK_KEY = ['/api/admin/guestbook'];

function EntryCard({ entry }: { readonly entry: GuestbookEntryDto }) {
  const queryClient = useQueryClient();
  const [reviewing, setReviewing] = useState(false);
  const [notes, setNotes] = useState('');
  const decide = useMutation({
    mutationFn: (isApproved: boolean) =>
      apiRequest('PATCH', `/api/admin/guestbook/${entry.id}`, {
        isApproved,
        ...(notes.trim() === '' ? {} : { adminNotes: notes }),
      }),
    onSuccess: async () => {
      toast({ title: TOASTS.guestbookEntryUpdated.title, description: TOASTS.guestbookEntryUpdated.description });
      setReviewing(false);
      setNotes('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: GUESTBOOK_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
      ]);
    },
    onError: (error) => toastFailure(error, TOASTS.guestbookEntryUpdateFailed),
  });
  const pending = classifyGuestbookEntry(entry) === 'pending';
  return (
    <li className="item" data-testid="guestbook-entry">
      <p className="item-head">
        <strong>{entry.name}</strong>
        {entry.location ? <span> · {entry.location}</span> : null}
        <time dateTime={entry.createdAt}> · {new Date(entry.createdAt).toLocaleString()}</time>
      </p>
      <p className="item-body">{entry.message}</p>
      {entry.adminNotes ? <p className="notes">Notes: {entry.adminNotes}</p> : null}
      {pending && !reviewing ? (
        <button type="button" className="button button-small" onClick={() => setReviewing(true)}>
          Review
        </button>
      ) : null}
      {pending && reviewing ? (
        <div className="review">
          <label htmlFor={`notes-${entry.id}`}>Admin notes (optional)</label>
          <textarea id={`notes-${entry.id}`} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
          <div className="actions">
            <button
              type="button"
              className="button button-small"
              disabled={decide.isPending}
              onClick={() => decide.mutate(true)}
            >
              Approve
            </button>
            <button
              type="button"
              className="button button-danger button-small"
              disabled={decide.isPending}
              onClick={() => decide.mutate(false)}
            >
              Reject
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => {
                setReviewing(false);
                setNotes('');
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function EntryList({ title, entries }: { readonly title: string; readonly entries: GuestbookEntryDto[] }) {
  return (
    <section aria-label={title} className="list-section">
      <h2>
        {title} ({entries.length})
      </h2>
      <ul className="items">
        {entries.map((entry) => (
          <EntryCard key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

export function GuestbookPage() {
  const { data, isLoading } = useQuery<AdminGuestbookEntriesResponse>({ queryKey: GUESTBOOK_KEY });
  const entries = data?.entries ?? [];
  const byClass = (name: string) => entries.filter((entry) => classifyGuestbookEntry(entry) === name);
  return (
    <>
      <BackLink />
      <h1>GUESTBOOK MODERATION</h1>
      {isLoading ? <p>{SCREEN_TEXTS.loading}</p> : null}
      {!isLoading && entries.length === 0 ? <p className="empty">{SCREEN_TEXTS.adminGuestbookEmpty}</p> : null}
      {entries.length > 0 ? (
        <>
          <EntryList title="Pending" entries={byClass('pending')} />
          <EntryList title="Approved" entries={byClass('approved').slice(0, ADMIN_APPROVED_LIST_LIMIT)} />
          <EntryList title="Rejected" entries={byClass('rejected').slice(0, ADMIN_REJECTED_LIST_LIMIT)} />
        </>
      ) : null}
    </>
  );
}
