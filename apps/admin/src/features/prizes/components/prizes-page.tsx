import { SCREEN_TEXTS, type CrackmeClaim } from '@memoir/shared';

import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { SentBy, When } from '../../../shared/when';
import { useMarkPrizeSent, usePrizeClaims } from '../api/prize-claims';

export const PRIZES_SCREEN: ScreenTexts = {
  title: 'Crackme prizes',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the prize claims.',
  backLink: true,
  refreshFailed: 'Could not refresh the claims.',
};

function ClaimRow({ claim }: { readonly claim: CrackmeClaim }) {
  const mark = useMarkPrizeSent(claim.id);
  return (
    <li className="item" data-testid="prize-claim">
      <div className="item-content">
        <p className="item-head">
          <strong>#{claim.position}</strong> <strong dir="auto">{claim.name}</strong>{' '}
          <span className={claim.winner ? 'badge badge-approved' : 'badge badge-pending'}>
            {claim.winner ? 'Winner' : 'After the prizes'}
          </span>
        </p>
        <SentBy email={claim.email} at={claim.createdAt} />
        {claim.prizeSentAt === null ? (
          claim.winner ? (
            <button
              type="button"
              className="button button-small"
              disabled={mark.isPending}
              onClick={() => mark.mutate()}
            >
              Mark prize as sent
            </button>
          ) : null
        ) : (
          <p className="delivery delivery-sent">
            Prize sent <When iso={claim.prizeSentAt} />
          </p>
        )}
      </div>
    </li>
  );
}

export function PrizesPage() {
  const query = usePrizeClaims();
  const { claims, winners } = query.data;
  return (
    <>
      <ScreenHeader screen={PRIZES_SCREEN} query={query} />
      <p>
        Claims with the key the crackme accepts, in the order they came. The first {winners} win a signed hardcover (
        <code>CRACKME_WINNERS</code>).
      </p>
      {claims.length === 0 ? <p className="empty">No one has claimed the prize yet.</p> : null}
      <ol className="list">
        {claims.map((claim) => (
          <ClaimRow key={claim.id} claim={claim} />
        ))}
      </ol>
    </>
  );
}
