import {
  ADMIN_APPROVED_LIST_LIMIT,
  ADMIN_REJECTED_LIST_LIMIT,
  classifyGuestbookEntry,
  SCREEN_TEXTS,
  type GuestbookEntryDto,
} from '@memoir/shared';
import { useState } from 'react';

import { RefreshError } from '../../../shared/load-error';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useGuestbookEntries, useModerateGuestbookEntry } from '../api/guestbook-entries';

export const GUESTBOOK_SCREEN: ScreenTexts = {
  title: 'GUESTBOOK MODERATION',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the guestbook entries.',
  backLink: true,
};

function EntryCard({ entry }: { readonly entry: GuestbookEntryDto }) {
  const [reviewing, setReviewing] = useState(false);
  const [notes, setNotes] = useState('');
  const closeReview = () => {
    setReviewing(false);
    setNotes('');
  };
  const moderate = useModerateGuestbookEntry(entry.id, closeReview);
  const decide = (isApproved: boolean) => moderate.mutate({ isApproved, notes });
  const pending = classifyGuestbookEntry(entry) === 'pending';
  return (
    <li className="item" data-testid="guestbook-entry">
      <p className="item-head">
        <strong dir="auto">{entry.name}</strong>
        {entry.location ? (
          <span>
            {' · '}
            <bdi>{entry.location}</bdi>
          </span>
        ) : null}
        <time dateTime={entry.createdAt}> · {new Date(entry.createdAt).toLocaleString()}</time>
      </p>
      <p className="item-body" dir="auto">
        {entry.message}
      </p>
      {entry.adminNotes ? (
        <p className="notes">
          Notes: <bdi>{entry.adminNotes}</bdi>
        </p>
      ) : null}
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
              disabled={moderate.isPending}
              onClick={() => decide(true)}
            >
              Approve
            </button>
            <button
              type="button"
              className="button button-danger button-small"
              disabled={moderate.isPending}
              onClick={() => decide(false)}
            >
              Reject
            </button>
            <button type="button" className="button button-ghost button-small" onClick={closeReview}>
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
  const query = useGuestbookEntries();
  const { entries } = query.data;
  const byClass = (name: string) => entries.filter((entry) => classifyGuestbookEntry(entry) === name);
  return (
    <>
      <ScreenHeader screen={GUESTBOOK_SCREEN} />
      <RefreshError query={query} title="Could not refresh the entries." />
      {entries.length === 0 ? (
        <p className="empty">{SCREEN_TEXTS.adminGuestbookEmpty}</p>
      ) : (
        <>
          <EntryList title="Pending" entries={byClass('pending')} />
          <EntryList title="Approved" entries={byClass('approved').slice(0, ADMIN_APPROVED_LIST_LIMIT)} />
          <EntryList title="Rejected" entries={byClass('rejected').slice(0, ADMIN_REJECTED_LIST_LIMIT)} />
        </>
      )}
    </>
  );
}
