import { createHash, randomBytes, randomUUID } from 'node:crypto';

import type {
  AdminSession,
  AdminSessionRepository,
  AdminUser,
  AdminUserRepository,
  AuditChainHead,
  AuditEvent,
  AuditEventRepository,
  AuditListFilter,
  CapabilitySummary,
  GuestbookEntry,
  GuestbookEntryRepository,
  GuestbookListFilter,
  GuestbookReview,
  ListCursor,
  PendingAge,
  ScholarshipDecision,
  ScholarshipRequest,
  ScholarshipListFilter,
  ScholarshipRequestRepository,
  ScholarshipStatus,
  SealedAuditEvent,
  TwoFactorChallenge,
  TwoFactorRepository,
} from '@memoir/domain';
import { AUDIT_TALLY_FIELDS, sealAuditEvent } from '@memoir/domain';
import { classifyGuestbookEntry, type GuestbookEntryClass } from '@memoir/shared';
import {
  Between,
  MoreThan,
  In,
  IsNull,
  LessThan,
  LessThanOrEqual,
  Not,
  QueryFailedError,
  type EntityManager,
  type EntitySchema,
  type ObjectLiteral,
  type SelectQueryBuilder,
} from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

import { withDeadlockRetry } from './deadlock-retry';
import { isKey, type Dialect } from './dialect';
import {
  AdminSessionSchema,
  AdminUserSchema,
  AuditChainHeadSchema,
  AuditEventSchema,
  GuestbookEntrySchema,
  RecoveryCodeSchema,
  ScholarshipRequestSchema,
  TwoFactorChallengeSchema,
  type AdminSessionRow,
  type AdminUserRow,
  type AuditEventRow,
  type GuestbookEntryRow,
  type ScholarshipRequestRow,
} from './schemas';

/** A tally's event id: the key's SHA-256 written as a UUID, so every process finds the same row. */
export function tallyEventId(tallyKey: string): string {
  const hex = createHash('sha256').update(tallyKey).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// Rows and domain types have the same fields; the mappers copy them so that no ORM object
// (or a driver's 0/1 for a boolean) leaks into the domain.
const toGuestbookEntry = (row: GuestbookEntryRow): GuestbookEntry => ({
  id: row.id,
  name: row.name,
  location: row.location,
  message: row.message,
  createdAt: row.createdAt,
  isApproved: Boolean(row.isApproved),
  reviewedAt: row.reviewedAt,
  adminNotes: row.adminNotes,
});

const toScholarshipRequest = (row: ScholarshipRequestRow): ScholarshipRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  status: row.status,
  adminNotes: row.adminNotes,
  createdAt: row.createdAt,
  decidedAt: row.decidedAt,
});

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  passwordHash: row.passwordHash,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  twoFactorEnabled: Boolean(row.twoFactorEnabled),
  totpSecret: row.totpSecret,
  totpLastStep: row.totpLastStep === null ? null : Number(row.totpLastStep),
});

const toAdminSession = (row: AdminSessionRow): AdminSession => ({
  id: row.id,
  userId: row.userId,
  tokenHash: row.tokenHash,
  createdAt: row.createdAt,
  lastSeenAt: row.lastSeenAt,
  expiresAt: row.expiresAt,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
});

const toAuditEvent = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  action: row.action,
  resourceType: row.resourceType,
  resourceId: row.resourceId,
  userId: row.userId,
  details: row.details,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  createdAt: row.createdAt,
});

/** The audit chain's SHA-256 (hex of the UTF-8 text): the domain's `Sha256`. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const toSealedAuditEvent = (row: AuditEventRow): SealedAuditEvent => ({
  ...toAuditEvent(row),
  seq: Number(row.seq),
  prevHash: row.prevHash,
  hash: row.hash,
  originSalt: row.originSalt,
  ipAddressDigest: row.ipAddressDigest,
  userAgentDigest: row.userAgentDigest,
  detailsSalt: row.detailsSalt,
  detailsDigest: row.detailsDigest,
});

/** SUM over no rows is NULL, and MySQL returns counts as strings. */
const count = (value: unknown): number => Number(value ?? 0);

/**
 * One INSERT of a row the domain has filled in completely. `manager.insert` would then SELECT
 * the row back to read the columns that have a database default (SQLite and MySQL have no
 * RETURNING for TypeORM): a second statement per submission, under SQLite's one connection.
 */
async function insertWithoutReselect<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  values: QueryDeepPartialEntity<T> | Array<QueryDeepPartialEntity<T>>,
): Promise<void> {
  await manager.createQueryBuilder().insert().into(schema).values(values).updateEntity(false).execute();
}

/**
 * Keeps the rows strictly after `before` in the newest-first order (createdAt descending,
 * then id descending), written as a range the (…, created_at, id) indexes seek to.
 */
function olderThan<T extends ObjectLiteral>(
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

/** LIKE's wildcards and our escape character, escaped with '!'. */
const likeFragment = (text: string): string => `%${text.replace(/[!%_]/g, '!$&')}%`;

/**
 * What a table's search reads: its columns (MySQL's FULLTEXT index holds the same ones,
 * migrations/mysql/…-search-index.ts) and, on SQLite, the full-text table, its id map and its
 * queue (migrations/sqlite/…-search-index.ts).
 */
interface SearchIndex {
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

/** The trigram index finds fragments of three characters or more; shorter ones are read row by row. */
const INDEXED_SEARCH_MIN_LENGTH = 3;

/**
 * From this many matches a search is common: its matches lie thick along the newest-first
 * index, so reading that index row by row finds a page within a few rows, where gathering every
 * match from the search index and sorting them costs more the more there are.
 */
const COMMON_SEARCH_MATCHES = 500;

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
 * On MySQL, how many of the newest MYSQL_SAMPLE_ROWS rows a search must match to be common.
 * A common text (3 % of rows or more) fills a page of 100 within about 3,300 rows read along
 * the list's index; a rarer one is at most 3 % of the table fetched from the FULLTEXT index and
 * sorted. Both grow with the square root of the table, not with the table.
 */
const MYSQL_SAMPLE_ROWS = 500;
const MYSQL_COMMON_IN_SAMPLE = 15;

/** How many rows (up to COMMON_SEARCH_MATCHES) `sql` finds: a search is rare below that. */
async function isRare(manager: EntityManager, sql: string, parameter: string): Promise<boolean> {
  const [found] = (await manager.query(`SELECT count(*) AS n FROM (${sql} LIMIT ${COMMON_SEARCH_MATCHES})`, [
    parameter,
  ])) as Array<{ n: unknown }>;
  return count(found?.n) < COMMON_SEARCH_MATCHES;
}

/**
 * Keeps the rows where one of `columns` contains `search` (lower case already), and says
 * whether a text index finds them (`textIndex`). A rare search is answered from the table's
 * text index. On SQLite that is the trigram index: any fragment of three characters or more,
 * case and accents ignored; common there means COMMON_SEARCH_MATCHES. On MySQL it is the
 * FULLTEXT index, which finds the rows where the search's longest word (`fullTextTerm`)
 * begins a word, LIKE then keeping those that contain the text as typed; common there means
 * MYSQL_COMMON_IN_SAMPLE of the newest rows. A common search, a shorter one, and on MySQL
 * one without a word of three characters, is LIKE, read row by row along the list's index:
 * SQLite's LIKE ignores the case of ASCII letters, MySQL's utf8mb4_unicode_ci collation case
 * and accents.
 */
async function containing<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  manager: EntityManager,
  dialect: Dialect,
  alias: string,
  search: string | undefined,
  searchIndex: SearchIndex,
): Promise<{ query: SelectQueryBuilder<T>; textIndex: boolean }> {
  if (search === undefined) return { query, textIndex: false };
  const q = dialect.id;
  const { columns } = searchIndex;
  const like = (textIndex: boolean) => {
    const anyColumn = columns.map((column) => `${alias}.${q(column)} LIKE :search ESCAPE '!'`).join(' OR ');
    return { query: query.andWhere(`(${anyColumn})`, { search: likeFragment(search) }), textIndex };
  };
  if (dialect.kind === 'mysql') {
    const term = fullTextTerm(search);
    if (term === null) return like(false);
    const table = q(searchIndex.table);
    const anyColumn = columns.map((column) => `recent.${q(column)} LIKE ? ESCAPE '!'`).join(' OR ');
    const [sampled] = (await manager.query(
      `SELECT count(*) AS n FROM (SELECT ${columns.map(q).join(', ')} FROM ${table} FORCE INDEX (${q(searchIndex.newest)}) ORDER BY ${q('created_at')} DESC, ${q('id')} DESC LIMIT ${MYSQL_SAMPLE_ROWS}) recent WHERE ${anyColumn}`,
      columns.map(() => likeFragment(search)),
    )) as Array<{ n: unknown }>;
    if (count(sampled?.n) >= MYSQL_COMMON_IN_SAMPLE) return like(false);
    const against = `MATCH(${columns.map((column) => `${alias}.${q(column)}`).join(', ')}) AGAINST (:term IN BOOLEAN MODE)`;
    query = query.andWhere(against, { term });
    return like(true);
  }
  const indexed =
    [...search].length >= INDEXED_SEARCH_MIN_LENGTH &&
    // A queue it could not index now (the file busy): read by LIKE this time, correct if slower.
    (await indexQueued(manager, searchIndex).then(
      () => true,
      () => false,
    ));
  if (!indexed) return like(false);
  const index = q(searchIndex.index);
  const map = q(searchIndex.map);
  // One phrase: the whole text as typed, quotes doubled.
  const match = `"${search.replace(/"/g, '""')}"`;
  if (!(await isRare(manager, `SELECT 1 FROM ${index} WHERE ${index} MATCH ?`, match))) return like(false);
  const found = query.andWhere(
    `${alias}.${q('id')} IN (SELECT m.${q('id')} FROM ${index} s JOIN ${map} m ON m.${q('fts_rowid')} = s.rowid WHERE ${index} MATCH :match)`,
    { match },
  );
  return { query: found, textIndex: true };
}

/**
 * A page after a cursor, read along `index` (a filter's (column, created_at, id) index) from
 * the cursor on. MariaDB's planner, given `column = ? AND created_at <= ?`, reads that index
 * from the filter's newest row instead (a `ref` on the column alone) and skips every row
 * before the cursor: a page 500 rows deep read 600. FORCE INDEX makes it seek; nothing else
 * does (USE INDEX, other spellings of the range). Not when a text index finds the rows.
 */
function seekingAlong<T extends ObjectLiteral>(
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
function newestFirstPage<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, limit: number) {
  return query.orderBy(`${alias}.createdAt`, 'DESC').addOrderBy(`${alias}.id`, 'DESC').limit(Math.max(0, limit));
}

interface SummaryRow {
  total: unknown;
  pending: unknown;
  createdSince: unknown;
}

export class TypeOrmGuestbookEntryRepository implements GuestbookEntryRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  async add(entry: GuestbookEntry): Promise<void> {
    await insertWithoutReselect(this.manager, GuestbookEntrySchema, {
      ...entry,
      reviewClass: classifyGuestbookEntry(entry),
    });
  }

  async findById(id: string): Promise<GuestbookEntry | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(GuestbookEntrySchema, { id });
    return row === null ? null : toGuestbookEntry(row);
  }

  async listApproved(limit: number): Promise<GuestbookEntry[]> {
    const rows = await this.manager.find(GuestbookEntrySchema, {
      where: { isApproved: true },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: Math.max(0, limit),
    });
    return rows.map(toGuestbookEntry);
  }

  async listAll(): Promise<GuestbookEntry[]> {
    const rows = await this.manager.find(GuestbookEntrySchema, { order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toGuestbookEntry);
  }

  async listPage(
    filter: GuestbookListFilter,
    page: { readonly limit: number; readonly before?: ListCursor },
  ): Promise<GuestbookEntry[]> {
    let query = this.manager.createQueryBuilder(GuestbookEntrySchema, 'entry');
    if (filter.class !== undefined) query = query.andWhere('entry.reviewClass = :class', { class: filter.class });
    const searched = await containing(
      query,
      this.manager,
      this.dialect,
      'entry',
      filter.search,
      SEARCH_INDEX.guestbook,
    );
    query = olderThan(searched.query, this.dialect, 'entry', page.before);
    if (filter.class !== undefined) {
      query = seekingAlong(query, this.dialect, 'idx_guestbook_entries_class_created', { ...page, ...searched });
    }
    return (await newestFirstPage(query, 'entry', page.limit).getMany()).map(toGuestbookEntry);
  }

  async countByClass(): Promise<Readonly<Record<GuestbookEntryClass, number>>> {
    const q = this.dialect.id;
    // One count per class, each from the (review_class, created_at, id) index.
    const rows = (await this.manager.query(
      `SELECT ${q('review_class')} AS class, COUNT(*) AS n FROM ${q('guestbook_entries')} GROUP BY ${q('review_class')}`,
    )) as Array<{ class: string; n: unknown }>;
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const row of rows) if (row.class in counts) counts[row.class as GuestbookEntryClass] = count(row.n);
    return counts;
  }

  async saveReview(id: string, review: GuestbookReview): Promise<GuestbookEntry | null> {
    if (!isKey(id)) return null;
    const reviewClass = classifyGuestbookEntry(review);
    await this.manager.update(GuestbookEntrySchema, { id }, { ...review, reviewClass });
    return this.findById(id);
  }

  async summarize(since: Date): Promise<CapabilitySummary> {
    const q = this.dialect.id;
    const table = q('guestbook_entries');
    // Three counts in one round trip, each answered from an index rather than a table scan.
    const [row] = (await this.manager.query(
      `SELECT (SELECT COUNT(*) FROM ${table}) AS total,
              (SELECT COUNT(*) FROM ${table} WHERE ${q('is_approved')} = ? AND ${q('reviewed_at')} IS NULL) AS pending,
              (SELECT COUNT(*) FROM ${table} WHERE ${q('created_at')} >= ?) AS createdSince`,
      [0, this.dialect.time(since)],
    )) as SummaryRow[];
    return { total: count(row?.total), pending: count(row?.pending), createdSince: count(row?.createdSince) };
  }

  async listCreatedBetween(from: Date, to: Date, limit: number): Promise<GuestbookEntry[]> {
    const rows = await this.manager.find(GuestbookEntrySchema, {
      where: { createdAt: createdIn(from, to) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: Math.max(0, limit),
    });
    return rows.map(toGuestbookEntry);
  }

  async deleteRejectedReviewedBefore(before: Date): Promise<number> {
    // The deliveries go with them: fk_deliveries_entry cascades.
    const result = await this.manager.delete(GuestbookEntrySchema, {
      reviewClass: 'rejected',
      reviewedAt: LessThan(before),
    });
    return result.affected ?? 0;
  }
}

export class TypeOrmScholarshipRequestRepository implements ScholarshipRequestRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  async add(request: ScholarshipRequest): Promise<void> {
    await insertWithoutReselect(this.manager, ScholarshipRequestSchema, { ...request });
  }

  async findById(id: string): Promise<ScholarshipRequest | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(ScholarshipRequestSchema, { id });
    return row === null ? null : toScholarshipRequest(row);
  }

  async listAll(): Promise<ScholarshipRequest[]> {
    const rows = await this.manager.find(ScholarshipRequestSchema, { order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toScholarshipRequest);
  }

  async listPage(
    filter: ScholarshipListFilter,
    page: { readonly limit: number; readonly before?: ListCursor },
  ): Promise<ScholarshipRequest[]> {
    let query = this.manager.createQueryBuilder(ScholarshipRequestSchema, 'request');
    if (filter.status !== undefined) query = query.andWhere('request.status = :status', { status: filter.status });
    const searched = await containing(
      query,
      this.manager,
      this.dialect,
      'request',
      filter.search,
      SEARCH_INDEX.scholarships,
    );
    query = olderThan(searched.query, this.dialect, 'request', page.before);
    if (filter.status !== undefined) {
      query = seekingAlong(query, this.dialect, 'idx_scholarship_requests_status_created', { ...page, ...searched });
    }
    return (await newestFirstPage(query, 'request', page.limit).getMany()).map(toScholarshipRequest);
  }

  async countByStatus(): Promise<Readonly<Record<ScholarshipStatus, number>>> {
    const q = this.dialect.id;
    const rows = (await this.manager.query(
      `SELECT ${q('status')} AS status, COUNT(*) AS n FROM ${q('scholarship_requests')} GROUP BY ${q('status')}`,
    )) as Array<{ status: string; n: unknown }>;
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const row of rows) if (row.status in counts) counts[row.status as ScholarshipStatus] = count(row.n);
    return counts;
  }

  async decideIfPending(id: string, decision: ScholarshipDecision): Promise<ScholarshipRequest | null> {
    if (!isKey(id)) return null;
    // One conditional UPDATE: the database decides which of concurrent decisions wins.
    const result = await this.manager
      .createQueryBuilder()
      .update(ScholarshipRequestSchema)
      .set({ ...decision })
      .where('id = :id AND status = :pending', { id, pending: 'pending' })
      .execute();
    return (result.affected ?? 0) > 0 ? this.findById(id) : null;
  }

  async summarize(since: Date): Promise<CapabilitySummary> {
    const q = this.dialect.id;
    const table = q('scholarship_requests');
    const [row] = (await this.manager.query(
      `SELECT (SELECT COUNT(*) FROM ${table}) AS total,
              (SELECT COUNT(*) FROM ${table} WHERE ${q('status')} = ?) AS pending,
              (SELECT COUNT(*) FROM ${table} WHERE ${q('created_at')} >= ?) AS createdSince`,
      ['pending', this.dialect.time(since)],
    )) as SummaryRow[];
    return { total: count(row?.total), pending: count(row?.pending), createdSince: count(row?.createdSince) };
  }

  async pendingAge(overdueBefore: Date): Promise<PendingAge> {
    const q = this.dialect.id;
    const table = q('scholarship_requests');
    // Both from the (status, created_at) index.
    const [row] = (await this.manager.query(
      `SELECT (SELECT COUNT(*) FROM ${table} WHERE ${q('status')} = ? AND ${q('created_at')} < ?) AS overdue,
              (SELECT MIN(${q('created_at')}) FROM ${table} WHERE ${q('status')} = ?) AS oldest`,
      ['pending', this.dialect.time(overdueBefore), 'pending'],
    )) as Array<{ overdue: unknown; oldest: unknown }>;
    const oldest = row?.oldest ?? null;
    return { overdue: count(row?.overdue), oldestPendingAt: oldest === null ? null : this.dialect.readTime(oldest) };
  }

  async listCreatedBetween(from: Date, to: Date, limit: number): Promise<ScholarshipRequest[]> {
    const rows = await this.manager.find(ScholarshipRequestSchema, {
      where: { createdAt: createdIn(from, to) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: Math.max(0, limit),
    });
    return rows.map(toScholarshipRequest);
  }

  async deleteRejectedDecidedBefore(before: Date): Promise<number> {
    // The deliveries go with them: fk_deliveries_request cascades.
    const result = await this.manager.delete(ScholarshipRequestSchema, {
      status: 'rejected',
      decidedAt: LessThan(before),
    });
    return result.affected ?? 0;
  }

  async listByEmail(email: string): Promise<ScholarshipRequest[]> {
    const q = this.dialect.id;
    // Addresses are compared without regard to case; MySQL's collation already does, SQLite's LOWER for ASCII.
    const rows = await this.manager
      .createQueryBuilder(ScholarshipRequestSchema, 'request')
      .where(`LOWER(request.${q('email')}) = LOWER(:email)`, { email })
      .orderBy('request.createdAt', 'ASC')
      .addOrderBy('request.id', 'ASC')
      .getMany();
    return rows.map(toScholarshipRequest);
  }

  async anonymise(id: string, standIn: { readonly name: string; readonly email: string }): Promise<boolean> {
    if (!isKey(id)) return false;
    const result = await this.manager.update(
      ScholarshipRequestSchema,
      { id },
      { name: standIn.name, email: standIn.email, message: null, adminNotes: null },
    );
    return (result.affected ?? 0) > 0;
  }
}

/** [from, to): at or after `from`, strictly before `to`. */
function createdIn(from: Date, to: Date) {
  return Between(from, new Date(to.getTime() - 1));
}

/** True when the error is the unique index on the username (SQLite or MySQL wording). */
function isDuplicateUsername(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; message?: string } | undefined;
  const code = driverError?.code ?? '';
  const duplicate = code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
  return duplicate && /username/.test(driverError?.message ?? error.message);
}

export class TypeOrmAdminUserRepository implements AdminUserRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  async addIfUsernameFree(user: AdminUser): Promise<boolean> {
    try {
      await this.manager.insert(AdminUserSchema, { ...user });
      return true;
    } catch (error) {
      if (isDuplicateUsername(error)) return false;
      throw error;
    }
  }

  async findByUsername(username: string): Promise<AdminUser | null> {
    if (!isKey(username)) return null;
    const row = await this.manager.findOneBy(AdminUserSchema, { username });
    // MySQL's collation compares case-insensitively; the port promises an exact match.
    return row === null || row.username !== username ? null : toAdminUser(row);
  }

  async findById(id: string): Promise<AdminUser | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(AdminUserSchema, { id });
    return row === null ? null : toAdminUser(row);
  }

  count(): Promise<number> {
    return this.manager.count(AdminUserSchema);
  }

  async updatePasswordHash(id: string, passwordHash: string, updatedAt: Date): Promise<boolean> {
    if (!isKey(id)) return false;
    const result = await this.manager.update(AdminUserSchema, { id }, { passwordHash, updatedAt });
    return (result.affected ?? 0) > 0;
  }

  async listAll(): Promise<AdminUser[]> {
    const rows = await this.manager.find(AdminUserSchema, { order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toAdminUser);
  }

  /**
   * Run inside a unit of work: on MySQL every admin row is locked (`FOR UPDATE`) before the
   * count, so two removals cannot both see two admins; SQLite's transaction holds the write lock.
   */
  async removeUnlessLast(id: string): Promise<'removed' | 'last' | 'missing'> {
    if (!isKey(id)) return 'missing';
    const q = this.dialect.id;
    const lock = this.dialect.kind === 'mysql' ? ' FOR UPDATE' : '';
    const rows = (await this.manager.query(`SELECT ${q('id')} AS id FROM ${q('admin_users')}${lock}`)) as Array<{
      id: string;
    }>;
    if (!rows.some((row) => row.id === id)) return 'missing';
    if (rows.length <= 1) return 'last';
    await this.manager.delete(AdminUserSchema, { id });
    return 'removed';
  }

  async setTwoFactor(
    id: string,
    state: { readonly totpSecret: string | null; readonly enabled: boolean },
    updatedAt: Date,
  ): Promise<boolean> {
    if (!isKey(id)) return false;
    const result = await this.manager.update(
      AdminUserSchema,
      { id },
      { totpSecret: state.totpSecret, twoFactorEnabled: state.enabled, totpLastStep: null, updatedAt },
    );
    return (result.affected ?? 0) > 0;
  }

  async useTotpStep(id: string, step: number): Promise<boolean> {
    if (!isKey(id)) return false;
    // One conditional statement: of concurrent uses of one code, one wins.
    const result = await this.manager
      .createQueryBuilder()
      .update(AdminUserSchema)
      .set({ totpLastStep: step })
      .where('id = :id AND (totp_last_step IS NULL OR totp_last_step < :step)', { id, step })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}

export class TypeOrmTwoFactorRepository implements TwoFactorRepository {
  constructor(private readonly manager: EntityManager) {}

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[], createdAt: Date): Promise<void> {
    if (!isKey(userId)) return;
    await this.manager.delete(RecoveryCodeSchema, { userId });
    if (codeHashes.length === 0) return;
    await insertWithoutReselect(
      this.manager,
      RecoveryCodeSchema,
      codeHashes.map((codeHash) => ({ id: randomUUID(), userId, codeHash, createdAt })),
    );
  }

  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    if (!isKey(userId) || !isKey(codeHash)) return false;
    const result = await this.manager.delete(RecoveryCodeSchema, { userId, codeHash });
    return (result.affected ?? 0) > 0;
  }

  countRecoveryCodes(userId: string): Promise<number> {
    return isKey(userId) ? this.manager.countBy(RecoveryCodeSchema, { userId }) : Promise.resolve(0);
  }

  async clearForUser(userId: string): Promise<void> {
    if (!isKey(userId)) return;
    await this.manager.delete(RecoveryCodeSchema, { userId });
    await this.manager.delete(TwoFactorChallengeSchema, { userId });
  }

  async addChallenge(challenge: TwoFactorChallenge): Promise<void> {
    await insertWithoutReselect(this.manager, TwoFactorChallengeSchema, { ...challenge });
  }

  async findChallenge(tokenHash: string, now: Date): Promise<TwoFactorChallenge | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(TwoFactorChallengeSchema, { tokenHash });
    if (row === null || row.tokenHash !== tokenHash || row.expiresAt.getTime() <= now.getTime()) return null;
    return {
      id: row.id,
      userId: row.userId,
      tokenHash: row.tokenHash,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
  }

  async takeChallenge(tokenHash: string, now: Date): Promise<TwoFactorChallenge | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(TwoFactorChallengeSchema, { tokenHash });
    if (row === null || row.tokenHash !== tokenHash) return null;
    // Single-use: whoever deletes it has it.
    const result = await this.manager.delete(TwoFactorChallengeSchema, { id: row.id });
    if ((result.affected ?? 0) === 0 || row.expiresAt.getTime() <= now.getTime()) return null;
    return {
      id: row.id,
      userId: row.userId,
      tokenHash: row.tokenHash,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
  }
}

export class TypeOrmAdminSessionRepository implements AdminSessionRepository {
  constructor(private readonly manager: EntityManager) {}

  async add(session: AdminSession): Promise<void> {
    await this.manager.insert(AdminSessionSchema, { ...session });
  }

  async findByTokenHash(tokenHash: string): Promise<AdminSession | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(AdminSessionSchema, { tokenHash });
    return row === null || row.tokenHash !== tokenHash ? null : toAdminSession(row);
  }

  async touch(id: string, lastSeenAt: Date): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.update(AdminSessionSchema, { id }, { lastSeenAt });
  }

  async revoke(id: string): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.delete(AdminSessionSchema, { id });
  }

  async listForUser(userId: string): Promise<AdminSession[]> {
    if (!isKey(userId)) return [];
    const rows = await this.manager.find(AdminSessionSchema, { where: { userId }, order: { createdAt: 'ASC' } });
    return rows.map(toAdminSession);
  }

  async revokeOfUser(id: string, userId: string): Promise<boolean> {
    if (!isKey(id) || !isKey(userId)) return false;
    const result = await this.manager.delete(AdminSessionSchema, { id, userId });
    return (result.affected ?? 0) > 0;
  }

  async revokeAllForUserExcept(userId: string, keepId: string): Promise<number> {
    if (!isKey(userId) || !isKey(keepId)) return 0;
    const result = await this.manager.delete(AdminSessionSchema, { userId, id: Not(keepId) });
    return result.affected ?? 0;
  }

  async revokeAllForUser(userId: string): Promise<number> {
    if (!isKey(userId)) return 0;
    const result = await this.manager.delete(AdminSessionSchema, { userId });
    return result.affected ?? 0;
  }

  async deleteEnded(now: Date, idleSince: Date): Promise<number> {
    const result = await this.manager.delete(AdminSessionSchema, [
      { expiresAt: LessThanOrEqual(now) },
      { lastSeenAt: LessThanOrEqual(idleSince) },
    ]);
    return result.affected ?? 0;
  }
}

/**
 * How an append holds the chain's head while it attaches an event:
 * - `'within'`: the caller's transaction (a unit of work: SQLite's is BEGIN IMMEDIATE, which
 *   holds the write lock; MySQL's locks the head row below);
 * - `'own'`: outside any transaction, the append opens its own (SQLite: BEGIN IMMEDIATE;
 *   MySQL: a transaction on a pooled connection).
 */
export type AuditAppendTransaction = 'within' | 'own';

export class TypeOrmAuditEventRepository implements AuditEventRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
    private readonly transaction: AuditAppendTransaction = 'within',
  ) {}

  async append(event: AuditEvent): Promise<void> {
    await this.chained(async (manager) => {
      await this.attach(manager, event, await this.lockHead(manager));
    });
  }

  async findById(id: string): Promise<AuditEvent | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(AuditEventSchema, { id });
    return row === null ? null : toAuditEvent(row);
  }

  async chainHead(): Promise<AuditChainHead | null> {
    const row = await this.manager.findOneBy(AuditChainHeadSchema, { id: 1 });
    return row === null || Number(row.seq) === 0 ? null : { seq: Number(row.seq), hash: row.hash };
  }

  async readChain(afterSeq: number, limit: number): Promise<SealedAuditEvent[]> {
    const rows = await this.manager.find(AuditEventSchema, {
      where: { seq: MoreThan(afterSeq) },
      order: { seq: 'ASC' },
      take: Math.max(0, limit),
    });
    return rows.map(toSealedAuditEvent);
  }

  async appendOrCount(event: AuditEvent, tallyKey: string, countField: string): Promise<void> {
    if (!/^[A-Za-z]+$/.test(countField) || !AUDIT_TALLY_FIELDS.includes(countField)) {
      throw new Error(`Not a tally field: "${countField}"`);
    }
    const q = this.dialect.id;
    const path = `'$.${countField}'`;
    const id = tallyEventId(tallyKey);
    const counted =
      this.dialect.kind === 'sqlite'
        ? `json_set(${q('details')}, ${path}, coalesce(json_extract(${q('details')}, ${path}), 0) + 1)`
        : `JSON_SET(${q('details')}, ${path}, COALESCE(JSON_EXTRACT(${q('details')}, ${path}), 0) + 1)`;
    // Under the chain's lock, so that of concurrent first calls one appends and the rest count.
    await this.chained(async (manager) => {
      const head = await this.lockHead(manager);
      // A locking read on MySQL: the latest committed row, not the transaction's snapshot.
      const lock = this.dialect.kind === 'mysql' ? ' FOR UPDATE' : '';
      const [found] = (await manager.query(`SELECT 1 AS one FROM ${q('audit_events')} WHERE ${q('id')} = ?${lock}`, [
        id,
      ])) as unknown[];
      if (found === undefined) await this.attach(manager, { ...event, id }, head);
      else
        await manager.query(`UPDATE ${q('audit_events')} SET ${q('details')} = ${counted} WHERE ${q('id')} = ?`, [id]);
    });
  }

  /**
   * Runs `work` holding the chain: inside the caller's transaction, or in one of its own. A
   * deadlock victim is run again only when the transaction is the append's own.
   */
  private async chained(work: (manager: EntityManager) => Promise<void>): Promise<void> {
    if (this.dialect.kind === 'sqlite') {
      if (this.transaction === 'within') return work(this.manager);
      await this.manager.query('BEGIN IMMEDIATE');
      try {
        await work(this.manager);
        await this.manager.query('COMMIT');
      } catch (error) {
        await this.manager.query('ROLLBACK');
        throw error;
      }
      return;
    }
    if (this.manager.queryRunner?.isTransactionActive === true) return work(this.manager);
    await withDeadlockRetry(() => this.manager.transaction(work));
  }

  /**
   * Reads the chain's head, locking its row on MySQL (SELECT ... FOR UPDATE: concurrent appends
   * wait here until this transaction ends). SQLite's transaction holds the write lock already.
   */
  private async lockHead(manager: EntityManager): Promise<AuditChainHead | null> {
    const q = this.dialect.id;
    const lock = this.dialect.kind === 'mysql' ? ' FOR UPDATE' : '';
    const [head] = (await manager.query(
      `SELECT ${q('seq')} AS seq, ${q('hash')} AS hash FROM ${q('audit_chain_head')} WHERE ${q('id')} = 1${lock}`,
    )) as Array<{ seq: number | string; hash: string }>;
    if (head === undefined) throw new Error('The audit chain head row is missing: run the migrations.');
    return Number(head.seq) === 0 ? null : { seq: Number(head.seq), hash: head.hash };
  }

  /** Seals `event` after the head (locked by the caller), inserts it and moves the head. */
  private async attach(manager: EntityManager, event: AuditEvent, previous: AuditChainHead | null): Promise<void> {
    const q = this.dialect.id;
    const sealed = sealAuditEvent(sha256Hex, event, previous, {
      origin: randomBytes(16).toString('hex'),
      details: randomBytes(16).toString('hex'),
    });
    const row: AuditEventRow = { ...sealed, details: sealed.details === null ? null : { ...sealed.details } };
    // TypeORM's deep-partial type cannot follow a free-form JSON column; the row type is exact.
    await insertWithoutReselect(manager, AuditEventSchema, row as QueryDeepPartialEntity<AuditEventRow>);
    await manager.query(`UPDATE ${q('audit_chain_head')} SET ${q('seq')} = ?, ${q('hash')} = ? WHERE ${q('id')} = 1`, [
      sealed.seq,
      sealed.hash,
    ]);
  }

  async listNewestFirst(options: {
    readonly limit: number;
    readonly before?: ListCursor;
    readonly filter?: AuditListFilter;
  }): Promise<AuditEvent[]> {
    const filter = options.filter ?? {};
    const time = (date: Date) => this.dialect.time(date);
    let query = this.manager.createQueryBuilder(AuditEventSchema, 'event');
    if (filter.action !== undefined) query = query.andWhere('event.action = :action', { action: filter.action });
    if (filter.resourceType !== undefined) {
      query = query.andWhere('event.resourceType = :resourceType', { resourceType: filter.resourceType });
    }
    if (filter.userId !== undefined) query = query.andWhere('event.userId = :userId', { userId: filter.userId });
    if (filter.resourceId !== undefined) {
      query = query.andWhere('event.resourceId = :resourceId', { resourceId: filter.resourceId });
    }
    if (filter.from !== undefined) query = query.andWhere('event.createdAt >= :from', { from: time(filter.from) });
    if (filter.to !== undefined) query = query.andWhere('event.createdAt < :to', { to: time(filter.to) });
    const searched = await containing(query, this.manager, this.dialect, 'event', filter.search, SEARCH_INDEX.audit);
    query = olderThan(searched.query, this.dialect, 'event', options.before);
    // One equality filter: its own index leads to the cursor. With several, the planner chooses.
    const only = [
      ['action', 'idx_audit_events_action'],
      ['resourceType', 'idx_audit_events_resource_type'],
      ['userId', 'idx_audit_events_user'],
    ].filter(([key]) => filter[key as 'action' | 'resourceType' | 'userId'] !== undefined);
    if (only.length === 1 && only[0]?.[1] !== undefined) {
      query = seekingAlong(query, this.dialect, only[0][1], { before: options.before, textIndex: searched.textIndex });
    }
    return (await newestFirstPage(query, 'event', options.limit).getMany()).map(toAuditEvent);
  }

  async forgetOrigins(before: Date): Promise<number> {
    const q = this.dialect.id;
    const result = await this.manager
      .createQueryBuilder()
      .update(AuditEventSchema)
      // The salt goes with the values: the digests in the chain can no longer be tested against guesses.
      .set({ ipAddress: null, userAgent: null, originSalt: null })
      .where(`${q('created_at')} < :before AND (${q('ip_address')} IS NOT NULL OR ${q('user_agent')} IS NOT NULL)`, {
        before: this.dialect.time(before),
      })
      .execute();
    return result.affected ?? 0;
  }

  async forgetDetailsOf(resourceIds: readonly string[]): Promise<number> {
    const ids = resourceIds.filter(isKey);
    if (ids.length === 0) return 0;
    const result = await this.manager.update(AuditEventSchema, { resourceId: In(ids), details: Not(IsNull()) }, {
      details: null,
      detailsSalt: null,
    } as QueryDeepPartialEntity<AuditEventRow>);
    return result.affected ?? 0;
  }
}
