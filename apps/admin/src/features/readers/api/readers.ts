import type { ReaderExportFormat } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { keepPreviousData, queryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { pagedQueryOptions } from '../../../shared/review-queue';
import type { ReaderSearch } from '../utils/reader-search';

/** Newest sign-up first, a page at a time (the list can hold many thousands). */
export const readersQueryOptions = (search: ReaderSearch) =>
  pagedQueryOptions([...queryKeys.readers, search], (before) =>
    api.call('listReaders', { query: { ...search, ...(before === null ? {} : { before }) } }),
  );

/** The filters changed: the screen stays, the list shows its loading text until the new one comes. */
export const useReaders = (search: ReaderSearch) =>
  useInfiniteQuery({ ...readersQueryOptions(search), placeholderData: keepPreviousData });

/** The counts per status and the last weeks' confirmations. */
export const readerSummaryQueryOptions = queryOptions({
  queryKey: queryKeys.readerSummary,
  queryFn: () => api.call('readerSummary'),
});

/** An export of the list in a newsletter tool's format (confirmed readers) or plain (everyone). */
export const downloadReaders = (format: ReaderExportFormat) => api.download('exportReaders', { query: { format } });
