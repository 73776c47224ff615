import { RECENT_ACTIVITY_WINDOW_DAYS, SCREEN_TEXTS, type DashboardResponse, type SetupStep } from '@memoir/shared';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { humanAge } from '../../../shared/human-age';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useDashboard } from '../api/dashboard';

export const DASHBOARD_SCREEN: ScreenTexts = {
  title: 'Dashboard',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the dashboard.',
  backLink: false,
  refreshFailed: 'Could not refresh the figures.',
};

const Count = ({ testId, value }: { readonly testId: string; readonly value: number }) => (
  <span className="count" data-testid={testId}>
    {value}
  </span>
);

function TotalAndPending(props: {
  readonly testIdPrefix: 'guestbook' | 'scholarships';
  readonly noun: string;
  readonly counts: { readonly total: number; readonly pending: number };
}) {
  return (
    <p>
      <Count testId={`${props.testIdPrefix}-total`} value={props.counts.total} /> {props.noun},{' '}
      <Count testId={`${props.testIdPrefix}-pending`} value={props.counts.pending} /> pending
    </p>
  );
}

/** The 24-hour promise: how many requests wait longer, and how old the oldest is (red when any is late). */
function Promise24h({ promise }: { readonly promise: NonNullable<DashboardResponse['scholarshipPromise']> }) {
  return (
    <p className={promise.overdue ? 'promise promise-late' : 'promise'}>
      <Count testId="scholarships-overdue" value={promise.overdue} /> waiting over 24 h · oldest pending:{' '}
      <span data-testid="scholarships-oldest">
        {promise.oldestPendingAt ? humanAge(Date.now() - new Date(promise.oldestPendingAt).getTime()) : 'none'}
      </span>
    </p>
  );
}

/**
 * The free copies and the review reminder, in plain words: downloads, reminders sent (only to
 * readers who asked for one), and the answers, which are never required.
 */
function Reviews({ reviews }: { readonly reviews: NonNullable<DashboardResponse['reviews']> }) {
  return (
    <section aria-labelledby="reviews-heading" className="activity">
      <h2 id="reviews-heading">Free copies and reviews</h2>
      <p data-testid="reviews">
        <Count testId="reviews-downloads" value={reviews.downloads} /> downloads of the free PDF, by{' '}
        <Count testId="reviews-downloaded-by" value={reviews.downloadedBy} /> readers ·{' '}
        <Count testId="reviews-reminders" value={reviews.remindersSent} /> review reminders sent (only to readers who
        asked for one) · <Count testId="reviews-reviewed" value={reviews.reviewed} /> answered “I left a review” ·{' '}
        <Count testId="reviews-declined" value={reviews.declined} /> answered “No thanks”
      </p>
    </section>
  );
}

/** The audit trail's hash chain at the server's last check (it checks in the background, every 10 minutes). */
function AuditChain({ chain }: { readonly chain: NonNullable<DashboardResponse['auditChain']> }) {
  const checked = chain.checkedAt ? `checked ${humanAge(Date.now() - new Date(chain.checkedAt).getTime())} ago` : '';
  if (chain.status === 'unchecked') {
    return <p data-testid="audit-chain">Trail integrity: being checked…</p>;
  }
  if (chain.status === 'intact') {
    return (
      <p data-testid="audit-chain" className="chain chain-intact">
        Trail intact: {chain.verifiedEvents} events chained ({checked})
      </p>
    );
  }
  return (
    <p data-testid="audit-chain" className="chain chain-broken" role="alert">
      Trail broken at event {chain.firstBreak?.position}: {chain.firstBreak?.problem} ({checked}). Run{' '}
      <code>pnpm admin audit-verify</code> on the server.
    </p>
  );
}

/** A step's place as a path of this app: "/admin/site" is "/site". */
const withinApp = (href: string): string => href.replace(/^\/admin(?=\/|$)/i, '') || '/';

/**
 * What a new owner still has to do, each with where it is done: the step itself is the link
 * when it is done on a screen of this app. Each goes once it is done; the list with the last.
 */
function SetupChecklist({ steps }: { readonly steps: readonly SetupStep[] }) {
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="setup-heading" className="setup">
      <h2 id="setup-heading">Set up your site</h2>
      <ul className="setup-steps">
        {steps.map((step) => (
          <li key={step.key} data-testid="setup-step">
            {step.href === null ? step.text : <Link to={withinApp(step.href)}>{step.text}</Link>}{' '}
            <span className="hint">Where: {step.where}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A card of the dashboard: what a screen holds, and the way there. */
function NavCard(props: {
  readonly title: string;
  readonly to: '/guestbook' | '/scholarships' | '/analytics' | '/prizes' | '/privacy' | '/logs' | '/site';
  readonly action: string;
  readonly children: ReactNode;
}) {
  return (
    <li className="card">
      <h2>{props.title}</h2>
      {props.children}
      <Link to={props.to} className="button">
        {props.action}
      </Link>
    </li>
  );
}

export function DashboardPage() {
  const query = useDashboard();
  const { data } = query;
  return (
    <>
      <ScreenHeader screen={DASHBOARD_SCREEN} query={query} />
      <SetupChecklist steps={data.setup} />
      <ul className="cards">
        <NavCard title="Guestbook" to="/guestbook" action="Manage Entries">
          <TotalAndPending testIdPrefix="guestbook" noun="entries" counts={data.guestbook} />
        </NavCard>
        <NavCard title="Scholarships" to="/scholarships" action="Manage Requests">
          <TotalAndPending testIdPrefix="scholarships" noun="requests" counts={data.scholarships} />
          {data.scholarshipPromise ? <Promise24h promise={data.scholarshipPromise} /> : null}
        </NavCard>
        <NavCard title="Site content" to="/site" action="Edit the Site">
          <p>Every word, link and price of the landing page: draft, preview, publish.</p>
        </NavCard>
        <NavCard title="Analytics" to="/analytics" action="View Analytics">
          <p>Page views, buy clicks and downloads, counted without cookies.</p>
        </NavCard>
        <NavCard title="Crackme prizes" to="/prizes" action="View Claims">
          <p>Who cracked it, in order, and whose prize is on its way.</p>
        </NavCard>
        <NavCard title="Personal data" to="/privacy" action="Erase a Person">
          <p>Erase a person who asks, and see what would go first.</p>
        </NavCard>
        <NavCard title="Audit logs" to="/logs" action="View Logs">
          <p>Every sign-in and decision, newest first.</p>
          {data.auditChain ? <AuditChain chain={data.auditChain} /> : null}
        </NavCard>
      </ul>
      <section aria-labelledby="activity-heading" className="activity">
        <h2 id="activity-heading">Last {RECENT_ACTIVITY_WINDOW_DAYS} days</h2>
        <p>
          <Count testId="recent-guestbook" value={data.recentActivity.guestbookCount} /> guestbook entries ·{' '}
          <Count testId="recent-scholarships" value={data.recentActivity.scholarshipCount} /> scholarship requests
        </p>
        {data.countedEvents ? (
          <p data-testid="recent-events">
            <Count testId="recent-page-views" value={data.countedEvents.page_view ?? 0} /> page views ·{' '}
            <Count testId="recent-buy-clicks" value={data.countedEvents.buy_click ?? 0} /> buy clicks ·{' '}
            <Count testId="recent-crackme" value={data.countedEvents.crackme_download ?? 0} /> crackme downloads ·{' '}
            <Count testId="recent-pdf" value={data.countedEvents.pdf_download ?? 0} /> free PDFs downloaded
          </p>
        ) : null}
      </section>
      {data.reviews ? <Reviews reviews={data.reviews} /> : null}
    </>
  );
}
