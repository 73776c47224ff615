import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describePersistenceContract } from '@memoir/domain/testing';

import { createTypeOrmPersistence } from '../src';

// A fresh database file for every test, removed afterwards.
describePersistenceContract(
  'SQLite (TypeORM, better-sqlite3)',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memoir-sqlite-'));
    const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'test.sqlite')}` });
    return {
      ...persistence,
      close: async () => {
        await persistence.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  { concurrency: 50 },
);
