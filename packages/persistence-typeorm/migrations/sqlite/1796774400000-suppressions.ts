import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The addresses that bounced hard or complained, which get no more mail (but what their reader asks for). */
export class Suppressions1796774400000 implements MigrationInterface {
  name = 'Suppressions1796774400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "suppressions" ("email" varchar(254) PRIMARY KEY NOT NULL, "reason" varchar(16) NOT NULL, "suppressed_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_suppressions_at" ON "suppressions" ("suppressed_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_suppressions_at"`);
    await queryRunner.query(`DROP TABLE "suppressions"`);
  }
}
