import { MoreThan, type EntityManager, type EntitySchema } from 'typeorm';

import type { TypeOrmPersistence } from './persistence-options';
import {
  AdminSessionSchema,
  AdminUserSchema,
  AuditChainHeadSchema,
  AuditEventSchema,
  CrackmeClaimSchema,
  DeliveryEventSchema,
  DeliverySchema,
  EventCountSchema,
  GuestbookEntrySchema,
  RateLimitCounterSchema,
  RecoveryCodeSchema,
  ScholarshipRequestSchema,
  SuppressionSchema,
  TwoFactorChallengeSchema,
} from './schemas';
import { AnnouncementSchema, ReaderSchema, ReaderTokenSchema } from './reader-schemas';
import { ReviewReminderSchema } from './review-reminder-schemas';
import { ReaderWebhookSchema } from './reader-webhook-schemas';
import { SITE_CONTENT_ENTITIES, SITE_CONTENT_TABLES, type SiteContentEntity } from './site-content-schemas';
import { MediaBlobSchema, MediaUploadSchema } from './media-schemas';

/**
 * A database as data, the same for SQLite and MySQL: every row of every table, as the entity
 * schemas describe it (times as ISO 8601 text in UTC, booleans as booleans, an audit event's
 * details as an object). `pnpm admin backup` (MySQL), `export`, `restore` and `import` read
 * and write it as JSON Lines (apps/server/src/backup.ts).
 */
export interface DumpedRow {
  readonly table: string;
  readonly row: Record<string, unknown>;
}

/** Raised for a dump this code cannot load, or a database it will not load into. */
export class DumpError extends Error {
  override readonly name = 'DumpError';
}

/**
 * The rows' shape, versioned: a dump names the version it was written in, and one from a newer
 * version is refused. Bump it when a migration adds, removes or changes a column (dump.test.ts
 * holds the columns of this version and fails when they change).
 */
export const DUMP_SCHEMA_VERSION = 11;

/**
 * What each version added over the one before: tables, and columns with the value a row of an
 * older dump takes. A dump of any version from OLDEST_READABLE_DUMP on loads: its columns are
 * checked against this version's less what came later, and its rows get the later columns.
 */
const ADDED_IN: Readonly<
  Record<number, { tables: readonly string[]; columns: Record<string, Record<string, unknown>> }>
> = {
  6: { tables: ['readers', 'reader_tokens'], columns: { scholarship_requests: { reviewReminder: false } } },
  7: { tables: ['media_uploads', 'media_blobs', 'media_chunks'], columns: {} },
  8: { tables: ['delivery_events'], columns: {} },
  9: { tables: ['announcements'], columns: {} },
  10: { tables: ['review_reminders'], columns: {} },
  11: { tables: ['reader_webhooks'], columns: {} },
};
export const OLDEST_READABLE_DUMP = 5;

const addedAfter = (version: number) =>
  Object.entries(ADDED_IN)
    .filter(([added]) => Number(added) > version)
    .map(([, what]) => what);

/** The columns a dump of `version` holds, from this version's (`columns`). */
export function columnsOfVersion(columns: Record<string, string[]>, version: number): Record<string, string[]> {
  const later = addedAfter(version);
  const tables = new Set(later.flatMap((what) => what.tables));
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([table]) => !tables.has(table))
      .map(([table, names]) => [
        table,
        names.filter((name) => !later.some((what) => what.columns[table]?.[name] !== undefined)),
      ]),
  );
}

/** A row of a dump of `version` as this version holds it: the later columns with their values for older rows. */
export function upgradeRow(version: number, table: string, row: Record<string, unknown>): Record<string, unknown> {
  const filled = addedAfter(version).map((what) => what.columns[table] ?? {});
  return filled.length === 0 ? row : Object.assign({}, ...filled, row);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables' row types differ; rows are plain records here
type AnySchema = EntitySchema<any> | SiteContentEntity | 'MediaChunk';

/**
 * Parents before children, so that every foreign key finds its row when loaded in order. The
 * site content's tables are named, as their schemas differ by database kind (schemas.ts).
 */
const TABLES: ReadonlyArray<AnySchema> = [
  AdminUserSchema,
  AdminSessionSchema,
  RecoveryCodeSchema,
  TwoFactorChallengeSchema,
  GuestbookEntrySchema,
  ScholarshipRequestSchema,
  DeliverySchema,
  DeliveryEventSchema,
  AuditEventSchema,
  AuditChainHeadSchema,
  RateLimitCounterSchema,
  EventCountSchema,
  CrackmeClaimSchema,
  SuppressionSchema,
  ReaderSchema,
  ReaderTokenSchema,
  AnnouncementSchema,
  ReviewReminderSchema,
  ReaderWebhookSchema,
  SITE_CONTENT_ENTITIES.draft,
  SITE_CONTENT_ENTITIES.version,
  SITE_CONTENT_ENTITIES.preview,
  MediaUploadSchema,
  MediaBlobSchema,
  // The uploads' bytes (the database's media store): their column differs by database kind.
  'MediaChunk',
];

/** Rows read or written at a time. */
const BATCH = 500;
/** Chunks of a stored file read or written at a time: 4 MiB, so that a dump of a 200 MB book holds little in memory. */
const CHUNK_BATCH = 8;
const batchOf = (schema: AnySchema): number => (schema === 'MediaChunk' ? CHUNK_BATCH : BATCH);

const tableOf = (schema: AnySchema): string =>
  schema === 'MediaChunk'
    ? 'media_chunks'
    : typeof schema === 'string'
      ? SITE_CONTENT_TABLES[schema]
      : (schema.options.tableName ?? schema.options.name);

/** The columns that hold bytes: written as base64 text, read back into Buffers. */
function binaryColumns(persistence: TypeOrmPersistence, schema: AnySchema): string[] {
  return persistence.dataSource
    .getMetadata(schema)
    .columns.filter((column) => column.type === 'blob' || column.type === 'mediumblob')
    .map((column) => column.propertyName);
}

/** Each table's columns (entity property names), in order: what a dump of this version holds. */
export function dumpColumns(persistence: TypeOrmPersistence): Record<string, string[]> {
  return Object.fromEntries(
    TABLES.map((schema) => [
      tableOf(schema),
      persistence.dataSource.getMetadata(schema).columns.map((column) => column.propertyName),
    ]),
  );
}

/** A table's primary key columns (entity property names): one, or several (the event totals). */
function primaryKey(persistence: TypeOrmPersistence, schema: AnySchema): string[] {
  const columns = persistence.dataSource.getMetadata(schema).primaryColumns.map((column) => column.propertyName);
  return columns.length > 0 ? columns : ['id'];
}

/** The columns that hold a time: written as ISO text, read back into Dates. */
function timeColumns(persistence: TypeOrmPersistence, schema: AnySchema): string[] {
  return persistence.dataSource
    .getMetadata(schema)
    .columns.filter((column) => column.type === 'datetime')
    .map((column) => column.propertyName);
}

/**
 * Reads every row, table by table in primary-key order, `BATCH` at a time, inside one
 * transaction: on MySQL a REPEATABLE READ snapshot, on SQLite one read transaction (WAL), so the
 * rows are the database at one instant however many writes go on meanwhile. `write` receives
 * each row and may wait (a file's back-pressure). Returns each table's row count.
 */
export async function dumpDatabase(
  persistence: TypeOrmPersistence,
  write: (row: DumpedRow) => Promise<void> | void,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const readAll = async (manager: EntityManager) => {
    for (const schema of TABLES) {
      const table = tableOf(schema);
      const key = primaryKey(persistence, schema);
      counts[table] = 0;
      const batch = batchOf(schema);
      const binary = binaryColumns(persistence, schema);
      let after: Record<string, unknown> | undefined;
      for (;;) {
        const query = manager.createQueryBuilder(schema, 't').limit(batch);
        for (const column of key) query.addOrderBy(`t.${column}`, 'ASC');
        if (after !== undefined) {
          // A row value comparison: the rows after the last one read, by the whole primary key.
          const last = after;
          const names = key.map((column) => `t.${column}`).join(', ');
          const marks = key.map((_, i) => `:k${i}`).join(', ');
          query.where(`(${names}) > (${marks})`, Object.fromEntries(key.map((column, i) => [`k${i}`, last[column]])));
        }
        const rows = (await query.getMany()) as Array<Record<string, unknown>>;
        for (const row of rows) await write({ table, row: plain(row, binary) });
        counts[table] += rows.length;
        if (rows.length < batch) break;
        after = rows.at(-1);
      }
    }
  };
  const mysql = persistence.dataSource.options.type !== 'better-sqlite3';
  await (mysql
    ? persistence.dataSource.transaction('REPEATABLE READ', readAll)
    : persistence.dataSource.transaction(readAll));
  return counts;
}

/** A row as JSON holds it: Dates as ISO text, bytes as base64 text, nothing else changed. */
function plain(row: Record<string, unknown>, binary: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    out[name] =
      value instanceof Date
        ? value.toISOString()
        : binary.includes(name) && Buffer.isBuffer(value)
          ? value.toString('base64')
          : value;
  }
  return out;
}

/**
 * How many rows each table holds. A new database's audit chain head (position 0, written by
 * the migration) is no data and is not counted.
 */
export async function countRows(persistence: TypeOrmPersistence): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const { manager } = persistence.dataSource;
  for (const schema of TABLES) {
    counts[tableOf(schema)] =
      schema === AuditChainHeadSchema
        ? await manager.countBy(AuditChainHeadSchema, { seq: MoreThan(0) })
        : await manager.count(schema);
  }
  return counts;
}

/**
 * Loads `rows` (in the dump's order: parents first) into an empty database, in one
 * transaction: all of them or, on any failure, none. Refuses a database that holds any row.
 * Returns each table's row count.
 */
export async function loadDatabase(
  persistence: TypeOrmPersistence,
  rows: AsyncIterable<DumpedRow>,
): Promise<Record<string, number>> {
  const held = Object.entries(await countRows(persistence)).filter(([, n]) => n > 0);
  if (held.length > 0) {
    const list = held.map(([table, n]) => `${n} in ${table}`).join(', ');
    throw new DumpError(
      `The database is not empty (${list}). Restore or import into a new, empty database: one no server has started on yet.`,
    );
  }
  const byTable = new Map(TABLES.map((schema) => [tableOf(schema), schema]));
  const times = new Map(TABLES.map((schema) => [tableOf(schema), timeColumns(persistence, schema)]));
  const binaries = new Map(TABLES.map((schema) => [tableOf(schema), binaryColumns(persistence, schema)]));
  const counts: Record<string, number> = Object.fromEntries(TABLES.map((schema) => [tableOf(schema), 0]));
  const keyOf = new Map(TABLES.map((schema) => [tableOf(schema), primaryKey(persistence, schema)]));
  // Each table's keys seen so far: a row given twice is named, rather than left to the database's wording.
  const seen = new Map(TABLES.map((schema) => [tableOf(schema), new Set<string>()]));
  await persistence.dataSource.transaction(async (manager) => {
    // The dump's head replaces the empty one.
    await manager.delete(AuditChainHeadSchema, { seq: 0 });
    let pending: Array<Record<string, unknown>> = [];
    let pendingTable: AnySchema | null = null;
    const flush = async () => {
      if (pendingTable === null || pending.length === 0) return;
      try {
        await manager.createQueryBuilder().insert().into(pendingTable).values(pending).updateEntity(false).execute();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new DumpError(
          `The rows of ${tableOf(pendingTable)} could not be loaded (${reason}): the dump is damaged or edited. Nothing was loaded.`,
        );
      }
      pending = [];
    };
    for await (const { table, row } of rows) {
      const schema = byTable.get(table);
      if (schema === undefined)
        throw new DumpError(`The dump holds rows of a table this version does not know: ${table}.`);
      if (schema !== pendingTable || pending.length >= batchOf(schema)) {
        await flush();
        pendingTable = schema;
      }
      const key = (keyOf.get(table) ?? ['id']).map((column) => String(row[column])).join(' / ');
      const keys = seen.get(table);
      if (keys?.has(key)) {
        throw new DumpError(
          `The dump holds the row ${key} of ${table} twice: it was edited or joined from two dumps. Nothing was loaded.`,
        );
      }
      keys?.add(key);
      const entity: Record<string, unknown> = { ...row };
      for (const column of times.get(table) ?? []) {
        const value = entity[column];
        if (typeof value === 'string') entity[column] = new Date(value);
      }
      for (const column of binaries.get(table) ?? []) {
        const value = entity[column];
        if (typeof value === 'string') entity[column] = Buffer.from(value, 'base64');
      }
      pending.push(entity);
      counts[table] = (counts[table] ?? 0) + 1;
    }
    await flush();
  });
  return counts;
}
