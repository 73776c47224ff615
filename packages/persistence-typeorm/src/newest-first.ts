import type { ListCursor } from '@memoir/domain';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import type { Dialect } from './dialect';

/** A page of a newest-first list as the list ports ask for it: at most `limit`, after `before`. */
export interface PageRequest {
  readonly limit: number;
  readonly before?: ListCursor;
}

/**
 * Keeps the rows strictly after `before` in the newest-first order (createdAt descending,
 * then id descending), written as a range the (…, created_at, id) indexes seek to.
 */
export function olderThan<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  dialect: Dialect,
  alias: string,
  before: ListCursor | undefined,
): SelectQueryBuilder<T> {
  if (before === undefined) return query;
  const q = dialect.id;
  const time = `${alias}.${q('created_at')}`;
  return query.andWhere(`${time} <= :beforeTime AND (${time} < :beforeTime OR ${alias}.${q('id')} < :beforeId)`, {
    beforeTime: dialect.time(before.createdAt),
    beforeId: before.id,
  });
}

/**
 * A page after a cursor, read along `index` (a filter's (column, created_at, id) index) from
 * the cursor on. MariaDB's planner, given `column = ? AND created_at <= ?`, reads that index
 * from the filter's newest row instead (a `ref` on the column alone) and skips every row
 * before the cursor: a page 500 rows deep read 600. FORCE INDEX makes it seek; nothing else
 * does (USE INDEX, other spellings of the range). Not when a text index finds the rows.
 */
export function seekingAlong<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  dialect: Dialect,
  index: string,
  page: { readonly before?: ListCursor; readonly textIndex: boolean },
): SelectQueryBuilder<T> {
  if (dialect.kind !== 'mysql' || page.before === undefined || page.textIndex) return query;
  // TypeORM writes USE INDEX only; the query it builds is read through getQuery.
  query.useIndex(index);
  const getQuery = query.getQuery.bind(query);
  query.getQuery = () => getQuery().replace(' USE INDEX (', ' FORCE INDEX (');
  return query;
}

/** Newest first, at most `limit`. */
export function newestFirstPage<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, limit: number) {
  return query.orderBy(`${alias}.createdAt`, 'DESC').addOrderBy(`${alias}.id`, 'DESC').limit(Math.max(0, limit));
}
