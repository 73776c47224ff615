import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createScratchDatabase } from '@memoir/persistence-typeorm/testing';

import { describeAuditChain } from './audit-chain.suite';

describeAuditChain('MariaDB', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-chain-'));
  const scratch = await createScratchDatabase();
  return {
    url: scratch.url,
    dataDir,
    dispose: async () => {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
