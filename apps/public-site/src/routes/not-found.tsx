import { NotFoundScreen } from '@memoir/web-ui';

export const NotFound = () => <NotFoundScreen home="/" homeLabel="Back to the book" />;
