import type { ErrorOf } from './domain-error';

/** The failures every admin list shares. */
export const ListErrorCode = {
  /** A `before` cursor we did not make. */
  InvalidCursor: 'LIST.INVALID_CURSOR',
  /** A filter value that is not one the list knows (an unknown action, a date that is no date). */
  InvalidFilter: 'LIST.INVALID_FILTER',
  /** A bulk decision over no item, or over more than BULK_DECISION_MAX_ITEMS. */
  InvalidSelection: 'LIST.INVALID_SELECTION',
} as const;

export type ListError = ErrorOf<typeof ListErrorCode>;

export const invalidCursor = (): ListError => ({
  code: ListErrorCode.InvalidCursor,
  message: 'That page of the list does not exist: start again from the first page.',
});

export const invalidFilter = (message: string): ListError => ({ code: ListErrorCode.InvalidFilter, message });
