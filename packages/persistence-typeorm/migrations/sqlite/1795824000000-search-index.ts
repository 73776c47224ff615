import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the admin lists search (`q`), as SQLite's full-text index with the trigram tokenizer:
 * any fragment of three characters or more is found from the index, whatever its case and
 * accents, instead of by reading every row. One index per table, kept by triggers, so that every
 * writer keeps it right. The index's rows are found by the item's id through a small map (the
 * items' own rowids may change with VACUUM).
 */
export const SEARCH_INDEXES = [
  {
    table: 'guestbook_entries',
    index: 'guestbook_search',
    map: 'guestbook_search_rows',
    columns: ['name', 'location', 'message', 'admin_notes'],
  },
  {
    table: 'scholarship_requests',
    index: 'scholarship_search',
    map: 'scholarship_search_rows',
    columns: ['name', 'email', 'message', 'admin_notes'],
  },
  {
    table: 'audit_events',
    index: 'audit_search',
    map: 'audit_search_rows',
    columns: ['details', 'resource_id', 'ip_address'],
  },
] as const;

/** The text one row contributes: its columns, one a line. */
const body = (row: 'new' | 'e', columns: readonly string[]) =>
  columns.map((column) => `coalesce(${row}."${column}", '')`).join(` || char(10) || `);

export class SearchIndex1795824000000 implements MigrationInterface {
  name = 'SearchIndex1795824000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, index, map, columns } of SEARCH_INDEXES) {
      await queryRunner.query(
        `CREATE VIRTUAL TABLE "${index}" USING fts5(body, tokenize = 'trigram remove_diacritics 1')`,
      );
      await queryRunner.query(
        `CREATE TABLE "${map}" ("fts_rowid" integer PRIMARY KEY NOT NULL, "id" varchar(36) NOT NULL UNIQUE)`,
      );
      // The rows there are, numbered by their own rowids (new ones come after the largest).
      await queryRunner.query(
        `INSERT INTO "${index}"(rowid, body) SELECT e.rowid, ${body('e', columns)} FROM "${table}" e`,
      );
      await queryRunner.query(`INSERT INTO "${map}"("id", "fts_rowid") SELECT e."id", e.rowid FROM "${table}" e`);
      const forget = `DELETE FROM "${index}" WHERE rowid = (SELECT "fts_rowid" FROM "${map}" WHERE "id" = old."id");`;
      await queryRunner.query(
        `CREATE TRIGGER "${index}_insert" AFTER INSERT ON "${table}" BEGIN
           INSERT INTO "${index}"(body) VALUES (${body('new', columns)});
           INSERT INTO "${map}"("id", "fts_rowid") VALUES (new."id", last_insert_rowid());
         END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${index}_update" AFTER UPDATE OF ${columns.map((c) => `"${c}"`).join(', ')} ON "${table}" BEGIN
           ${forget}
           INSERT INTO "${index}"(body) VALUES (${body('new', columns)});
           UPDATE "${map}" SET "fts_rowid" = last_insert_rowid() WHERE "id" = new."id";
         END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${index}_delete" AFTER DELETE ON "${table}" BEGIN
           ${forget}
           DELETE FROM "${map}" WHERE "id" = old."id";
         END`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { index, map } of SEARCH_INDEXES) {
      for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER "${index}_${event}"`);
      await queryRunner.query(`DROP TABLE "${map}"`);
      await queryRunner.query(`DROP TABLE "${index}"`);
    }
  }
}
