import './delivery-timeline.css';

import { SCREEN_TEXTS } from '@memoir/shared';
import { useId } from 'react';

import { LoadError } from '../../../shared/load-error';
import { EmptyState } from '../../../shared/page';
import { When } from '../../../shared/when';
import { useDeliveryTimeline } from '../api/scholarship-requests';
import { isTrouble, timelineLine, timelineTitle } from '../utils/delivery-timeline';

/**
 * What became of a request's emails, each with its timeline in plain words (queued, each
 * failed attempt, accepted by the mail server, bounced or marked as spam, the page opened,
 * downloaded) and, above it, why one was not sent.
 */
export function DeliveryTimelinePanel({ requestId }: { readonly requestId: string }) {
  const id = useId();
  const query = useDeliveryTimeline(requestId);
  if (query.isError) {
    return (
      <LoadError
        title="Could not load what became of the emails."
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data === undefined) return <p className="hint">{SCREEN_TEXTS.loading}</p>;
  const { deliveries } = query.data;
  if (deliveries.length === 0) return <EmptyState>No email to the requester yet.</EmptyState>;
  return (
    <div className="timelines" data-testid="delivery-timeline">
      {deliveries.map((delivery, index) => (
        <section key={delivery.deliveryId} aria-labelledby={`${id}-${index}`} className="timeline">
          <h3 id={`${id}-${index}`}>{timelineTitle(delivery, index)}</h3>
          {delivery.notSent === null ? null : (
            <p className="hint hint-error" data-testid="not-sent">
              {delivery.notSent}
            </p>
          )}
          <ol>
            {delivery.events.map((event, at) => (
              <li key={at} className={isTrouble(event.kind) ? 'timeline-trouble' : undefined}>
                <When iso={event.at} /> · <span>{timelineLine(event)}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
