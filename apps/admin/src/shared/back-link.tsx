import { ArrowLeftIcon } from '@memoir/web-ui';
import { Link } from '@tanstack/react-router';

export function BackLink() {
  return (
    <p>
      <Link to="/" className="back">
        <ArrowLeftIcon size={16} />
        Back to the dashboard
      </Link>
    </p>
  );
}
