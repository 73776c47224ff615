import { NotFoundScreen } from '@memoir/web-ui';

export const NotFound = () => <NotFoundScreen home="/admin" homeLabel="Back to the dashboard" />;
