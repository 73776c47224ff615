import { DASHBOARD_REFRESH_MS, RECENT_ACTIVITY_WINDOW_DAYS, type DashboardResponse } from '@memoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { humanAge } from '../scholarships/delivery-state';

export const DASHBOARD_KEY = ['/api/admin/dashboard'];

export function DashboardPage() {
  const { data } = useQuery<DashboardResponse>({ queryKey: DASHBOARD_KEY, refetchInterval: DASHBOARD_REFRESH_MS });
  const count = (value: number | undefined) => (value === undefined ? '…' : value);
  return (
    <>
      <h1>Dashboard</h1>
      <ul className="cards">
        <li className="card">
          <h2>Guestbook</h2>
          <p>
            <span className="count" data-testid="guestbook-total">
              {count(data?.guestbook.total)}
            </span>{' '}
            entries,{' '}
            <span className="count" data-testid="guestbook-pending">
              {count(data?.guestbook.pending)}
            </span>{' '}
            pending
          </p>
          <Link to="/guestbook" className="button">
            Manage Entries
          </Link>
        </li>
        <li className="card">
          <h2>Scholarships</h2>
          <p>
            <span className="count" data-testid="scholarships-total">
              {count(data?.scholarships.total)}
            </span>{' '}
            requests,{' '}
            <span className="count" data-testid="scholarships-pending">
              {count(data?.scholarships.pending)}
            </span>{' '}
            pending
          </p>
          <p className={data?.scholarshipPromise?.overdue ? 'promise promise-late' : 'promise'}>
            <span className="count" data-testid="scholarships-overdue">
              {count(data?.scholarshipPromise?.overdue)}
            </span>{' '}
            waiting over 24 h · oldest pending:{' '}
            <span data-testid="scholarships-oldest">
              {data?.scholarshipPromise?.oldestPendingAt
                ? humanAge(Date.now() - new Date(data.scholarshipPromise.oldestPendingAt).getTime())
                : 'none'}
            </span>
          </p>
          <Link to="/scholarships" className="button">
            Manage Requests
          </Link>
        </li>
        <li className="card">
          <h2>Audit logs</h2>
          <p>Every sign-in and decision, newest first.</p>
          <Link to="/logs" className="button">
            View Logs
          </Link>
        </li>
      </ul>
      <section aria-labelledby="activity-heading" className="activity">
        <h2 id="activity-heading">Last {RECENT_ACTIVITY_WINDOW_DAYS} days</h2>
        <p>
          <span className="count" data-testid="recent-guestbook">
            {count(data?.recentActivity.guestbookCount)}
          </span>{' '}
          guestbook entries ·{' '}
          <span className="count" data-testid="recent-scholarships">
            {count(data?.recentActivity.scholarshipCount)}
          </span>{' '}
          scholarship requests
        </p>
      </section>
    </>
  );
}
