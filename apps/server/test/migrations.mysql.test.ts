import { createScratchDatabase } from '@memoir/persistence-typeorm/testing';

import { describeMigrations } from './migrations.suite';

describeMigrations('MariaDB', async () => {
  const scratch = await createScratchDatabase();
  return { url: scratch.url, dispose: () => scratch.drop() };
});
