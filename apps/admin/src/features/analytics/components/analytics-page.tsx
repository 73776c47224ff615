import { COUNTED_EVENTS, SCREEN_TEXTS, type CountedEventName } from '@memoir/shared';
import { lazy, Suspense } from 'react';

import { RefreshError } from '../../../shared/load-error';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useAnalytics } from '../api/analytics';

export const ANALYTICS_SCREEN: ScreenTexts = {
  title: 'Analytics',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the counts.',
  backLink: true,
};

/** What each counted event is, as the owner reads it. */
export const EVENT_LABELS: Readonly<Record<CountedEventName, string>> = {
  page_view: 'Page views',
  buy_click: 'Buy clicks',
  crackme_download: 'Crackme downloads',
  share_copy: 'Share posts copied',
  graphic_download: 'Share graphics downloaded',
  guestbook_signed: 'Guestbook entries sent',
  scholarship_requested: 'Free PDF requests sent',
  pdf_download: 'Free PDFs downloaded',
};

// uPlot is this screen's alone: its code loads when the screen opens.
const EventChart = lazy(() => import('./event-chart').then((m) => ({ default: m.EventChart })));

export function AnalyticsPage() {
  const query = useAnalytics();
  const { days, referrers, stores } = query.data;
  const dates = days.map((day) => day.date);
  const total = (name: CountedEventName) => days.reduce((sum, day) => sum + (day.counts[name] ?? 0), 0);
  return (
    <>
      <ScreenHeader screen={ANALYTICS_SCREEN} />
      <RefreshError query={query} title="Could not refresh the counts." />
      <p>
        The last {days.length} days, counted without cookies and without keeping anything about a visitor. Visitors who
        ask not to be tracked, and bots, are not counted.
      </p>
      <ul className="analytics">
        {COUNTED_EVENTS.map((name) => (
          <li key={name} className="card" data-testid={`event-${name}`}>
            <h2>
              {EVENT_LABELS[name]}: <span className="count">{total(name)}</span>
            </h2>
            <Suspense fallback={<div className="event-chart" />}>
              <EventChart label={EVENT_LABELS[name]} dates={dates} values={days.map((day) => day.counts[name] ?? 0)} />
            </Suspense>
          </li>
        ))}
      </ul>
      <div className="cards">
        <section className="card" aria-labelledby="referrers-heading">
          <h2 id="referrers-heading">Top referrers</h2>
          {referrers.length === 0 ? (
            <p>No visits from other sites yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Site</th>
                  <th scope="col">Visits</th>
                </tr>
              </thead>
              <tbody>
                {referrers.map((referrer) => (
                  <tr key={referrer.domain}>
                    <td>{referrer.domain}</td>
                    <td>{referrer.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="card" aria-labelledby="stores-heading">
          <h2 id="stores-heading">Buy clicks by store</h2>
          {stores.length === 0 ? (
            <p>No buy clicks yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Store</th>
                  <th scope="col">Clicks</th>
                </tr>
              </thead>
              <tbody>
                {stores.map((store) => (
                  <tr key={store.store}>
                    <td>{store.store}</td>
                    <td>{store.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}
