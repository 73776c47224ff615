import './analytics.css';

import { COUNTED_EVENTS, SCREEN_TEXTS, type CountedEventName } from '@memoir/shared';
import { lazy, Suspense } from 'react';

import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useAnalytics } from '../api/analytics';

export const ANALYTICS_SCREEN: ScreenTexts = {
  title: 'Analytics',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the counts.',
  backLink: true,
  refreshFailed: 'Could not refresh the counts.',
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

/** A card with a table of counts by name (referring sites, stores), or the text for none. */
function CountTable(props: {
  readonly id: string;
  readonly title: string;
  readonly empty: string;
  readonly columns: readonly [string, string];
  readonly rows: readonly (readonly [string, number])[];
}) {
  return (
    <section className="card" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <table>
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map(([name, count]) => (
              <tr key={name}>
                <td>{name}</td>
                <td>{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function AnalyticsPage() {
  const query = useAnalytics();
  const { days, referrers, stores } = query.data;
  const dates = days.map((day) => day.date);
  const total = (name: CountedEventName) => days.reduce((sum, day) => sum + (day.counts[name] ?? 0), 0);
  return (
    <>
      <ScreenHeader screen={ANALYTICS_SCREEN} query={query} />
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
        <CountTable
          id="referrers"
          title="Top referrers"
          empty="No visits from other sites yet."
          columns={['Site', 'Visits']}
          rows={referrers.map((referrer) => [referrer.domain, referrer.count])}
        />
        <CountTable
          id="stores"
          title="Buy clicks by store"
          empty="No buy clicks yet."
          columns={['Store', 'Clicks']}
          rows={stores.map((store) => [store.store, store.count])}
        />
      </div>
    </>
  );
}
