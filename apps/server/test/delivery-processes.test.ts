import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeTwoProcesses } from './delivery-processes.suite';

describeTwoProcesses('one SQLite file', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-two-'));
  return {
    url: `sqlite:${join(dataDir, 'memoir.sqlite')}`,
    dataDir,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});
