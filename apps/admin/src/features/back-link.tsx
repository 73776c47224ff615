import { Link } from '@tanstack/react-router';

export function BackLink() {
  return (
    <p>
      <Link to="/" className="back">
        ← Back to the dashboard
      </Link>
    </p>
  );
}
