import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeMigrations } from './migrations.suite';

describeMigrations('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-migrations-sqlite-'));
  return {
    url: `sqlite:${join(dir, 'memoir.sqlite')}`,
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
