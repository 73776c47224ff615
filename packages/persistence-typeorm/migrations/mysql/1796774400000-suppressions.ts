import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** The addresses that bounced hard or complained, which get no more mail (but what their reader asks for). */
export class Suppressions1796774400000 implements MigrationInterface {
  name = 'Suppressions1796774400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`suppressions\` (\`email\` varchar(254) NOT NULL, \`reason\` varchar(16) NOT NULL, \`suppressed_at\` datetime(3) NOT NULL, INDEX \`idx_suppressions_at\` (\`suppressed_at\`), PRIMARY KEY (\`email\`)) ${TABLE_OPTIONS}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `suppressions`');
  }
}
