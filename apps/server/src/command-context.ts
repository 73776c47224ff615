import type { UseCases } from '@memoir/domain';
import { createTypeOrmPersistence, type LooseFileMode, type TypeOrmPersistence } from '@memoir/persistence-typeorm';

import type { ServerConfig } from './config';
import { buildContainer, TYPES } from './container';
import { logLooseFiles } from './data-dir';
import { createLogger } from './logger';
import { persistenceOptions } from './server';

/**
 * One `pnpm admin` command's database: opened as the server opens it (files tightened and
 * logged, migrations run), the use cases built on it, closed when `work` settles.
 */
export async function withUseCases<T>(
  config: ServerConfig,
  work: (useCases: UseCases, persistence: TypeOrmPersistence) => Promise<T>,
): Promise<T> {
  const logger = createLogger('warn');
  const looseFiles: LooseFileMode[] = [];
  const persistence = await createTypeOrmPersistence(
    persistenceOptions(config, logger, (file) => void looseFiles.push(file)),
  );
  logLooseFiles(logger, config.dataDir, looseFiles);
  try {
    return await work(buildContainer(config, logger, persistence).get(TYPES.UseCases), persistence);
  } finally {
    await persistence.close();
  }
}
