import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the admin lists search (`q`), as InnoDB FULLTEXT indexes: a word, or the beginning of
 * one, of three characters or more (InnoDB's `innodb_ft_min_token_size`) is found from the
 * index instead of by reading every row. MySQL and MariaDB have no trigram index, so a
 * fragment inside a word is not found this way (docs/persistence.md#search).
 *
 * InnoDB leaves out the words of a stopword list ("the", "com", "www", "about" ...); a search
 * for one would find nothing. The indexes are built with an empty list of our own
 * (`search_stopwords`, read when an index is created), so every word counts.
 */
export const FULLTEXT_INDEXES = [
  {
    table: 'guestbook_entries',
    index: 'ft_guestbook_entries_search',
    columns: ['name', 'location', 'message', 'admin_notes'],
  },
  {
    table: 'scholarship_requests',
    index: 'ft_scholarship_requests_search',
    columns: ['name', 'email', 'message', 'admin_notes'],
  },
  { table: 'audit_events', index: 'ft_audit_events_search', columns: ['details', 'resource_id', 'ip_address'] },
] as const;

export class SearchIndex1795910400000 implements MigrationInterface {
  name = 'SearchIndex1795910400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `search_stopwords` (`value` varchar(32) NOT NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    const [database] = (await queryRunner.query('SELECT DATABASE() AS name')) as Array<{ name: string }>;
    await queryRunner.query('SET SESSION innodb_ft_user_stopword_table = ?', [`${database?.name}/search_stopwords`]);
    try {
      // One at a time: InnoDB builds one FULLTEXT index per statement.
      for (const { table, index, columns } of FULLTEXT_INDEXES) {
        const list = columns.map((column) => `\`${column}\``).join(', ');
        await queryRunner.query(`CREATE FULLTEXT INDEX \`${index}\` ON \`${table}\` (${list})`);
      }
    } finally {
      await queryRunner.query('SET SESSION innodb_ft_user_stopword_table = NULL');
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, index } of FULLTEXT_INDEXES) {
      await queryRunner.query(`DROP INDEX \`${index}\` ON \`${table}\``);
    }
    await queryRunner.query('DROP TABLE `search_stopwords`');
  }
}
