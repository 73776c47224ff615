import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createTypeOrmPersistence } from '../src';
import { describeConcurrency } from './concurrency';

describeConcurrency('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-sqlite-'));
  const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'test.sqlite')}` });
  return {
    ...persistence,
    close: async () => {
      await persistence.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
