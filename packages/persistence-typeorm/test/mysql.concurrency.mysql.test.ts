import { afterAll, beforeAll } from '@jest/globals';

import { openScratchMysql, type ScratchMysql } from '../testing';
import { describeConcurrency } from './concurrency';

let scratch: ScratchMysql;
beforeAll(async () => {
  scratch = await openScratchMysql({ connectionLimit: 10, queueLimit: 1000 });
});
afterAll(async () => {
  await scratch?.dispose();
});

describeConcurrency('MySQL (MariaDB)', async () => {
  await scratch.empty();
  return scratch.persistence;
});
