import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeSignInLimits } from './sign-in-limits.suite';

describeSignInLimits('one SQLite file', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-signin-'));
  return {
    url: `sqlite:${join(dataDir, 'memoir.sqlite')}`,
    dataDir,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});
