import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the admin lists search (`q`), as SQLite's full-text index with the trigram tokenizer:
 * any fragment of three characters or more is found from the index, whatever its case and
 * accents, instead of by reading every row. One index per table. Its rows are found by the
 * item's id through a small map (the items' own rowids may change with VACUUM).
 *
 * Triggers keep it right whoever writes, but a new or changed row is only queued (one small
 * insert): indexing costs a public form four times its insert one row at a time, and an
 * eighth of that a hundred rows at a time. A search indexes what is queued, in one batch,
 * and reads the queued rows it could not index by LIKE (repositories.ts, `containing`).
 */
export const SEARCH_INDEXES = [
  {
    table: 'guestbook_entries',
    index: 'guestbook_search',
    map: 'guestbook_search_rows',
    queue: 'guestbook_search_queue',
    columns: ['name', 'location', 'message', 'admin_notes'],
  },
  {
    table: 'scholarship_requests',
    index: 'scholarship_search',
    map: 'scholarship_search_rows',
    queue: 'scholarship_search_queue',
    columns: ['name', 'email', 'message', 'admin_notes'],
  },
  {
    table: 'audit_events',
    index: 'audit_search',
    map: 'audit_search_rows',
    queue: 'audit_search_queue',
    columns: ['details', 'resource_id', 'ip_address'],
  },
] as const;

/** The text one row contributes: its columns, one a line. */
const body = (row: 'new' | 'e', columns: readonly string[]) =>
  columns.map((column) => `coalesce(${row}."${column}", '')`).join(` || char(10) || `);

export class SearchIndex1795824000000 implements MigrationInterface {
  name = 'SearchIndex1795824000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, index, map, queue, columns } of SEARCH_INDEXES) {
      await queryRunner.query(
        `CREATE VIRTUAL TABLE "${index}" USING fts5(body, tokenize = 'trigram remove_diacritics 1')`,
      );
      await queryRunner.query(
        `CREATE TABLE "${map}" ("fts_rowid" integer PRIMARY KEY NOT NULL, "id" varchar(36) NOT NULL UNIQUE)`,
      );
      await queryRunner.query(`CREATE TABLE "${queue}" ("id" varchar(36) PRIMARY KEY NOT NULL) WITHOUT ROWID`);
      // The rows there are, numbered by their own rowids (new ones come after the largest).
      await queryRunner.query(
        `INSERT INTO "${index}"(rowid, body) SELECT e.rowid, ${body('e', columns)} FROM "${table}" e`,
      );
      await queryRunner.query(`INSERT INTO "${map}"("id", "fts_rowid") SELECT e."id", e.rowid FROM "${table}" e`);
      // Not INSERT OR IGNORE: an upsert's own conflict clause would override the trigger's.
      const enqueue = `INSERT INTO "${queue}"("id") SELECT new."id" WHERE NOT EXISTS (SELECT 1 FROM "${queue}" WHERE "id" = new."id");`;
      const forget = `DELETE FROM "${index}" WHERE rowid = (SELECT "fts_rowid" FROM "${map}" WHERE "id" = old."id");
           DELETE FROM "${map}" WHERE "id" = old."id";`;
      await queryRunner.query(
        `CREATE TRIGGER "${index}_insert" AFTER INSERT ON "${table}" BEGIN
           ${enqueue}
         END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${index}_update" AFTER UPDATE OF ${columns.map((c) => `"${c}"`).join(', ')} ON "${table}" BEGIN
           ${forget}
           ${enqueue}
         END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${index}_delete" AFTER DELETE ON "${table}" BEGIN
           ${forget}
           DELETE FROM "${queue}" WHERE "id" = old."id";
         END`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { index, map, queue } of SEARCH_INDEXES) {
      for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER "${index}_${event}"`);
      await queryRunner.query(`DROP TABLE "${queue}"`);
      await queryRunner.query(`DROP TABLE "${map}"`);
      await queryRunner.query(`DROP TABLE "${index}"`);
    }
  }
}
