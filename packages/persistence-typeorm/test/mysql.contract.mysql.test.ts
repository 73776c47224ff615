import { afterAll, beforeAll } from '@jest/globals';
import { describePersistenceContract } from '@memoir/domain/testing';

import { openScratchMysql, type ScratchMysql } from '../testing';

let scratch: ScratchMysql;
beforeAll(async () => {
  scratch = await openScratchMysql({ connectionLimit: 20 });
});
afterAll(async () => {
  await scratch?.dispose();
});

// One schema per file (migrated once); every test starts from empty tables.
describePersistenceContract(
  'MySQL (TypeORM, mysql2, MariaDB)',
  async () => {
    await scratch.empty();
    return scratch.persistence;
  },
  { concurrency: 50, search: 'words' },
);
