import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { startServerProcess } from './support/server-process';

const ROOT = join(__dirname, '../../..');
const ENV_FILE_FLAG = '--env-file-if-exists=.env';

describe('the .env file', () => {
  it('is read by pnpm start, pnpm admin and the Docker image', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(`node ${ENV_FILE_FLAG} apps/server/dist/src/main.js`);
    expect(scripts.admin).toContain(`node ${ENV_FILE_FLAG} apps/server/dist/src/cli.js`);
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toContain(
      `CMD ["node", "${ENV_FILE_FLAG}", "dist/src/main.js"]`,
    );
  });

  // The built server (pnpm build), started as `pnpm start` starts it, in a folder with a .env.
  it('sets what the environment does not, and the real environment wins', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'env-file-'));
    const dataDir = join(folder, 'from-dot-env');
    // PORT=1 would fail to listen: the environment's PORT=0 (any free port) must win.
    writeFileSync(join(folder, '.env'), `DATA_DIR=${dataDir}\nPORT=1\nHOST=127.0.0.1\n`);
    try {
      const server = await startServerProcess({
        cwd: folder,
        nodeOptions: [ENV_FILE_FLAG],
        dataDir,
        // DATA_DIR and HOST come from the .env alone.
        env: { DATA_DIR: undefined, HOST: undefined, LOG_LEVEL: 'warn' },
      });
      await server.stop();
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.url).not.toBe('http://127.0.0.1:1');
      expect(existsSync(join(dataDir, 'memoir.sqlite'))).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
