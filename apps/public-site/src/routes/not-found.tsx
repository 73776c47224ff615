import { NotFoundScreen } from '@memoir/web-ui';

import { useWithoutHero } from '../features/hero/hero';

export const NotFound = () => {
  useWithoutHero();
  return <NotFoundScreen home="/" homeLabel="Back to the book" />;
};
