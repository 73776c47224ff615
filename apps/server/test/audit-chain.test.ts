import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeAuditChain } from './audit-chain.suite';

describeAuditChain('SQLite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-chain-'));
  return {
    url: `sqlite:${join(dataDir, 'memoir.sqlite')}`,
    dataDir,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});
