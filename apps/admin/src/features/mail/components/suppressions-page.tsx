import { SCREEN_TEXTS, type SuppressionItem } from '@memoir/shared';
import { useState } from 'react';

import { Badge, ButtonRow, EmptyState, ListCard } from '../../../shared/page';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { When } from '../../../shared/when';
import { useRemoveSuppression, useSuppressions } from '../api/suppressions';
import { MailNav } from './mail-nav';

export const SUPPRESSIONS_SCREEN: ScreenTexts = {
  title: 'Suppressed addresses',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the suppressed addresses.',
  refreshFailed: 'Could not refresh the suppressed addresses.',
  backLink: true,
};

/** Why an address is on the list, as the owner reads it. */
const REASONS: Readonly<Record<SuppressionItem['reason'], { badge: string; words: string }>> = {
  bounce: { badge: 'BOUNCED', words: 'its server said the address does not exist' },
  complaint: { badge: 'SPAM COMPLAINT', words: 'its reader marked a mail as spam' },
};

function SuppressionRow({ suppression }: { readonly suppression: SuppressionItem }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveSuppression(() => setConfirming(false));
  const reason = REASONS[suppression.reason] ?? { badge: 'SUPPRESSED', words: 'mail to it was refused' };
  return (
    <ListCard data-testid="suppression">
      <p>
        <strong>
          <bdi>{suppression.email}</bdi>
        </strong>{' '}
        <Badge tone="rejected">{reason.badge}</Badge>
      </p>
      <p className="meta">
        Suppressed <When iso={suppression.at} />: {reason.words}.
      </p>
      {confirming ? (
        <div className="review" role="group" aria-label={`Remove ${suppression.email}`}>
          <p>Remove this address from the list? Mail from the site goes to it again.</p>
          <ButtonRow>
            <button
              type="button"
              className="button button-small button-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(suppression.email)}
            >
              Remove
            </button>
            <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </ButtonRow>
        </div>
      ) : (
        <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(true)}>
          Remove from the list
        </button>
      )}
    </ListCard>
  );
}

/** The addresses the site sends no more mail to, and lifting one. */
export function SuppressionsPage() {
  const query = useSuppressions();
  const { suppressions } = query.data;
  return (
    <>
      <ScreenHeader screen={SUPPRESSIONS_SCREEN} query={query} />
      <MailNav />
      <p>
        Addresses that bounced hard or whose reader marked a mail as spam. The site sends them nothing but what their
        reader asks for again (a new request, or the &ldquo;I never got the email&rdquo; page). Remove one when its
        reader has fixed their mailbox.
      </p>
      {suppressions.length === 0 ? (
        <EmptyState>
          No suppressed addresses. When an address bounces hard or its reader marks a mail as spam, it shows here.
        </EmptyState>
      ) : (
        <ul className="cards cards-single">
          {suppressions.map((suppression) => (
            <SuppressionRow key={suppression.email} suppression={suppression} />
          ))}
        </ul>
      )}
    </>
  );
}
