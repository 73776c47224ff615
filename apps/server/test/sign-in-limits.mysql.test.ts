import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createScratchDatabase } from '@memoir/persistence-typeorm/testing';

import { describeSignInLimits } from './sign-in-limits.suite';

describeSignInLimits('one MariaDB database', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-signin-'));
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
