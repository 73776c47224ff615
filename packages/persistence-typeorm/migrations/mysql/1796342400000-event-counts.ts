import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Daily totals of the counted events: one row per day, event and detail, never one per visit. */
export class EventCounts1796342400000 implements MigrationInterface {
  name = 'EventCounts1796342400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`event_counts\` (\`day\` varchar(10) NOT NULL, \`name\` varchar(32) NOT NULL, \`detail\` varchar(100) NOT NULL, \`count\` int NOT NULL, PRIMARY KEY (\`day\`, \`name\`, \`detail\`)) ${TABLE_OPTIONS}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`event_counts\``);
  }
}
