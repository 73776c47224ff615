import { Link } from '@tanstack/react-router';

/** The Mail screens, side by side: the checks and the test email, and the suppressed addresses. */
export function MailNav() {
  return (
    <nav aria-label="Mail" className="actions mail-nav">
      <Link to="/mail" className="button button-ghost button-small" activeOptions={{ exact: true }}>
        Mail health
      </Link>
      <Link to="/mail/suppressions" className="button button-ghost button-small">
        Suppressed addresses
      </Link>
    </nav>
  );
}
