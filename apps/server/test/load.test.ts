import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeLoadWithoutLoss } from './load.suite';

describeLoadWithoutLoss('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-load-db-'));
  return {
    url: `sqlite:${join(dir, 'memoir.sqlite')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
