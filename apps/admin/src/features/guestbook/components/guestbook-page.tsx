import { classifyGuestbookEntry, SCREEN_TEXTS, type GuestbookEntriesPage, type GuestbookEntry } from '@memoir/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';

import { DecisionButtons } from '../../../shared/bulk-bar';
import { ReviewQueueScreen, QueueCard, type ReviewQueue } from '../../../shared/review-queue-screen';
import type { ScreenTexts } from '../../../shared/screen';
import type { Selection } from '../../../shared/selection';
import { useDecision } from '../../../shared/use-decision';
import {
  downloadGuestbookEntries,
  GUESTBOOK_DECISIONS,
  guestbookSearch,
  useGuestbookEntries,
} from '../api/guestbook-entries';

export const GUESTBOOK_SCREEN: ScreenTexts = {
  title: 'GUESTBOOK MODERATION',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the guestbook entries.',
  backLink: true,
};

const GUESTBOOK_QUEUE: ReviewQueue<'class', GuestbookEntry, GuestbookEntriesPage> = {
  screen: GUESTBOOK_SCREEN,
  search: guestbookSearch,
  filterLabel: 'Class',
  noun: { one: 'entry', many: 'entries' },
  emptyText: SCREEN_TEXTS.adminGuestbookEmpty,
  sections: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  countsInHeadings: true,
  itemsOf: (page) => page.entries,
  statusOf: classifyGuestbookEntry,
  decisions: GUESTBOOK_DECISIONS,
  download: downloadGuestbookEntries,
  csvFallbackName: 'guestbook.csv',
};

/** An entry: who, from where, when, the message, the notes; a pending one's Review opens its decision. */
function EntryCard({ entry, selection }: { readonly entry: GuestbookEntry; readonly selection?: Selection }) {
  const [reviewing, setReviewing] = useState(false);
  const [notes, setNotes] = useState('');
  const closeReview = () => {
    setReviewing(false);
    setNotes('');
  };
  const moderate = useDecision(GUESTBOOK_DECISIONS, entry.id, closeReview);
  const decide = (approve: boolean) => moderate.mutate({ approve, notes });
  const pending = classifyGuestbookEntry(entry) === 'pending';
  return (
    <QueueCard
      testId="guestbook-entry"
      id={entry.id}
      selectLabel={`Select entry by ${entry.name}`}
      pending={pending}
      selection={selection}
    >
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
            <DecisionButtons deciding={moderate.isPending} onDecide={decide} />
            <button type="button" className="button button-ghost button-small" onClick={closeReview}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </QueueCard>
  );
}

export function GuestbookPage() {
  const search = useSearch({ from: '/authed/guestbook' });
  const navigate = useNavigate({ from: '/guestbook' });
  const query = useGuestbookEntries(search);
  return (
    <ReviewQueueScreen
      queue={GUESTBOOK_QUEUE}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      query={query}
      renderItems={(entries, selection) => (
        <ul className="items">
          {entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} {...(selection ? { selection } : {})} />
          ))}
        </ul>
      )}
    />
  );
}
