import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import type { Dialect } from './dialect';
import { count } from './statements';
import { sqliteSearchable } from './sqlite-lower';

/**
 * The admin lists' search (docs/persistence.md#search): which rows of a table contain a text,
 * found through the table's text index when that is cheaper than reading the list's own index.
 */

/**
 * What a table's search reads: its columns (MySQL's FULLTEXT index holds the same ones,
 * migrations/mysql/…-search-index.ts) and, on SQLite, the full-text table, its id map and its
 * queue (migrations/sqlite/…-search-index.ts).
 */
export interface SearchIndex {
  readonly table: string;
  readonly columns: readonly string[];
  /** The table's (created_at, id) index: its newest rows, in order. */
  readonly newest: string;
  readonly index: string;
  readonly map: string;
  readonly queue: string;
}

export const SEARCH_INDEX = {
  guestbook: {
    table: 'guestbook_entries',
    newest: 'idx_guestbook_entries_created',
    columns: ['name', 'location', 'message', 'admin_notes'],
    index: 'guestbook_search',
    map: 'guestbook_search_rows',
    queue: 'guestbook_search_queue',
  },
  scholarships: {
    table: 'scholarship_requests',
    newest: 'idx_scholarship_requests_created',
    columns: ['name', 'email', 'message', 'admin_notes'],
    index: 'scholarship_search',
    map: 'scholarship_search_rows',
    queue: 'scholarship_search_queue',
  },
  audit: {
    table: 'audit_events',
    newest: 'idx_audit_events_created',
    columns: ['details', 'resource_id', 'ip_address'],
    index: 'audit_search',
    map: 'audit_search_rows',
    queue: 'audit_search_queue',
  },
} as const satisfies Record<string, SearchIndex>;

/** The trigram index finds fragments of three characters or more; shorter ones are read row by row. */
const INDEXED_SEARCH_MIN_LENGTH = 3;

/**
 * From this many matches a search is common: its matches lie thick along the newest-first
 * index, so reading that index row by row finds a page within a few rows, where gathering every
 * match from the search index and sorting them costs more the more there are.
 */
const COMMON_SEARCH_MATCHES = 500;

/**
 * On MySQL, how many of the newest MYSQL_SAMPLE_ROWS rows a search must match to be common.
 * A common text (3 % of rows or more) fills a page of 100 within about 3,300 rows read along
 * the list's index; a rarer one is at most 3 % of the table fetched from the FULLTEXT index and
 * sorted. Both grow with the square root of the table, not with the table.
 */
const MYSQL_SAMPLE_ROWS = 500;
const MYSQL_COMMON_IN_SAMPLE = 15;

/** What `containing` gives back: the narrowed query, and whether a text index finds its rows. */
export interface Searched<T extends ObjectLiteral> {
  readonly query: SelectQueryBuilder<T>;
  readonly textIndex: boolean;
}

/** Where a search runs: `alias` is the query's name for `searchIndex.table`. */
export interface SearchPlace {
  readonly manager: EntityManager;
  readonly dialect: Dialect;
  readonly alias: string;
  readonly searchIndex: SearchIndex;
}

/** LIKE's wildcards and our escape character, escaped with '!'. */
const likeFragment = (text: string): string => `%${text.replace(/[!%_]/g, '!$&')}%`;

/**
 * Keeps the rows where one of the columns contains `search` (lower case already), and says
 * whether a text index finds them (`textIndex`). A rare search is answered from the table's
 * text index. On SQLite that is the trigram index: any fragment of three characters or more,
 * case and accents ignored; common there means COMMON_SEARCH_MATCHES. On MySQL it is the
 * FULLTEXT index, which finds the rows where the search's longest word (`fullTextTerm`)
 * begins a word, LIKE then keeping those that contain the text as typed; common there means
 * MYSQL_COMMON_IN_SAMPLE of the newest rows. A common search, a shorter one, and on MySQL
 * one without a word of three characters, is LIKE, read row by row along the list's index:
 * on SQLite it ignores case in every script (SQLite's own LIKE for ASCII, SQLITE_LOWER for a
 * search with other letters), on MySQL the utf8mb4_unicode_ci collation ignores case and accents.
 */
export async function containing<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  place: SearchPlace,
  search: string | undefined,
): Promise<Searched<T>> {
  if (search === undefined) return { query, textIndex: false };
  return place.dialect.kind === 'mysql'
    ? containingOnMysql(query, place, search)
    : containingOnSqlite(query, place, search);
}

/**
 * The condition that one of the columns (qualified, as SQL names them) contains `search` (lower
 * case already), and its parameter: LIKE, any letter case in every script (sqliteSearchable).
 */
export function anyColumnLike(
  dialect: Dialect,
  columns: readonly string[],
  search: string,
): { readonly condition: string; readonly parameters: { readonly search: string } } {
  const compared = (column: string) => (dialect.kind === 'mysql' ? column : sqliteSearchable(column, search));
  const anyColumn = columns.map((column) => `${compared(column)} LIKE :search ESCAPE '!'`).join(' OR ');
  return { condition: `(${anyColumn})`, parameters: { search: likeFragment(search) } };
}

/** Any column LIKE the text, read row by row. */
function like<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, place: SearchPlace, search: string): Searched<T> {
  const q = place.dialect.id;
  const columns = place.searchIndex.columns.map((column) => `${place.alias}.${q(column)}`);
  const { condition, parameters } = anyColumnLike(place.dialect, columns, search);
  return { query: query.andWhere(condition, parameters), textIndex: false };
}

async function containingOnMysql<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  place: SearchPlace,
  search: string,
): Promise<Searched<T>> {
  const term = fullTextTerm(search);
  if (term === null) return like(query, place, search);
  const { alias, searchIndex } = place;
  const q = place.dialect.id;
  const { columns } = searchIndex;
  const anyColumn = columns.map((column) => `recent.${q(column)} LIKE ? ESCAPE '!'`).join(' OR ');
  const [sampled] = (await place.manager.query(
    `SELECT count(*) AS n FROM (SELECT ${columns.map(q).join(', ')} FROM ${q(searchIndex.table)} FORCE INDEX (${q(searchIndex.newest)}) ORDER BY ${q('created_at')} DESC, ${q('id')} DESC LIMIT ${MYSQL_SAMPLE_ROWS}) recent WHERE ${anyColumn}`,
    columns.map(() => likeFragment(search)),
  )) as Array<{ n: unknown }>;
  if (count(sampled?.n) >= MYSQL_COMMON_IN_SAMPLE) return like(query, place, search);
  const against = `MATCH(${columns.map((column) => `${alias}.${q(column)}`).join(', ')}) AGAINST (:term IN BOOLEAN MODE)`;
  return { ...like(query.andWhere(against, { term }), place, search), textIndex: true };
}

async function containingOnSqlite<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  place: SearchPlace,
  search: string,
): Promise<Searched<T>> {
  const { manager, alias, searchIndex } = place;
  const q = place.dialect.id;
  const indexed =
    [...search].length >= INDEXED_SEARCH_MIN_LENGTH &&
    // A queue it could not index now (the file busy): read by LIKE this time, correct if slower.
    (await indexQueued(manager, searchIndex).then(
      () => true,
      () => false,
    ));
  if (!indexed) return like(query, place, search);
  const index = q(searchIndex.index);
  const map = q(searchIndex.map);
  // One phrase: the whole text as typed, quotes doubled.
  const match = `"${search.replace(/"/g, '""')}"`;
  if (!(await isRare(manager, `SELECT 1 FROM ${index} WHERE ${index} MATCH ?`, match))) {
    return like(query, place, search);
  }
  const found = query.andWhere(
    `${alias}.${q('id')} IN (SELECT m.${q('id')} FROM ${index} s JOIN ${map} m ON m.${q('fts_rowid')} = s.rowid WHERE ${index} MATCH :match)`,
    { match },
  );
  return { query: found, textIndex: true };
}

/**
 * The word of a search that MySQL's FULLTEXT index looks up: its longest run of letters, digits
 * and `_` (InnoDB's word characters) of three characters or more (`innodb_ft_min_token_size`),
 * as a word's beginning (`+word*` in boolean mode). One word: the index intersects every word's
 * rows, and "example" or "org" of an email address are in every row. Nothing else of the text
 * reaches the boolean query, so none of its operators can. Null when there is no such word.
 */
export function fullTextTerm(search: string): string | null {
  const words = search.split(/[^\p{L}\p{M}\p{N}_]+/u).filter((word) => [...word].length >= INDEXED_SEARCH_MIN_LENGTH);
  const longest = words.reduce<string | null>(
    (best, word) => (best === null || [...word].length > [...best].length ? word : best),
    null,
  );
  return longest === null ? null : `+${longest}*`;
}

/**
 * Indexes the rows the triggers queued since the last search, in one transaction: a batch costs
 * a fraction of indexing each row as it is written. Nothing to do is one small read.
 */
async function indexQueued(manager: EntityManager, search: SearchIndex): Promise<void> {
  const [queued] = (await manager.query(`SELECT 1 AS one FROM "${search.queue}" LIMIT 1`)) as unknown[];
  if (queued === undefined) return;
  const body = search.columns.map((column) => `coalesce(t."${column}", '')`).join(` || char(10) || `);
  const index = async (inside: EntityManager) => {
    await inside.query(
      `DELETE FROM "${search.index}" WHERE rowid IN (SELECT m."fts_rowid" FROM "${search.map}" m JOIN "${search.queue}" q ON q."id" = m."id")`,
    );
    await inside.query(`DELETE FROM "${search.map}" WHERE "id" IN (SELECT "id" FROM "${search.queue}")`);
    await inside.query(
      `INSERT INTO "${search.map}"("id") SELECT q."id" FROM "${search.queue}" q JOIN "${search.table}" t ON t."id" = q."id"`,
    );
    await inside.query(
      `INSERT INTO "${search.index}"(rowid, body) SELECT m."fts_rowid", ${body} FROM "${search.queue}" q JOIN "${search.map}" m ON m."id" = q."id" JOIN "${search.table}" t ON t."id" = q."id"`,
    );
    await inside.query(`DELETE FROM "${search.queue}"`);
  };
  await (manager.queryRunner?.isTransactionActive === true ? index(manager) : manager.transaction(index));
}

/** How many rows (up to COMMON_SEARCH_MATCHES) `sql` finds: a search is rare below that. */
async function isRare(manager: EntityManager, sql: string, parameter: string): Promise<boolean> {
  const [found] = (await manager.query(`SELECT count(*) AS n FROM (${sql} LIMIT ${COMMON_SEARCH_MATCHES})`, [
    parameter,
  ])) as Array<{ n: unknown }>;
  return count(found?.n) < COMMON_SEARCH_MATCHES;
}
