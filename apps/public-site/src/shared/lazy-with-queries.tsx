import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a component that uses React Query: its chunk and the query client's
 * (shared/queries.tsx) load together, and it renders inside that client. The first screen's
 * JS holds neither.
 */
export function lazyWithQueries(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => {
    const [Component, { WithQueries }] = await Promise.all([load(), import('./queries')]);
    return {
      default: () => (
        <WithQueries>
          <Component />
        </WithQueries>
      ),
    };
  });
}
