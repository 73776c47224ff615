import type { ScholarshipStatus } from '@memoir/shared';

import { choiceParam, definedOnly, textParam, withQuery } from '../../../shared/list-search';

export const SCHOLARSHIP_STATUSES: readonly ScholarshipStatus[] = ['pending', 'approved', 'rejected'];

/** The screen's filters, kept in the URL: `/admin/scholarships?status=pending&q=gmail`. */
export interface ScholarshipSearch {
  readonly status?: ScholarshipStatus;
  readonly q?: string;
}

/** The route's `validateSearch`: what the screen knows of the URL's parameters; the rest is dropped. */
export const parseScholarshipSearch = (search: Record<string, unknown>): ScholarshipSearch =>
  definedOnly({ status: choiceParam(SCHOLARSHIP_STATUSES, search.status), q: textParam(search.q) });

/** Without a filter or a search the screen shows the spec's three sections; with one, one list. */
export const isFiltered = (search: ScholarshipSearch): boolean => search.status !== undefined || search.q !== undefined;

/**
 * A page of the list. Unfiltered, the first page is the server's default view (a page of
 * pending requests, the 10 newest approved and the 5 newest rejected) and the next pages go on
 * through the pending ones; filtered, every page is of the matching requests.
 */
export function scholarshipPagePath(search: ScholarshipSearch, before: string | null): string {
  if (!isFiltered(search)) {
    return before === null
      ? '/api/admin/scholarships'
      : withQuery('/api/admin/scholarships', { status: 'pending', before });
  }
  return withQuery('/api/admin/scholarships', { status: search.status, q: search.q, before });
}

/** The CSV export of what the filters select (every matching request, not only the pages shown). */
export const scholarshipCsvPath = (search: ScholarshipSearch): string =>
  withQuery('/api/admin/scholarships.csv', { status: search.status, q: search.q });
