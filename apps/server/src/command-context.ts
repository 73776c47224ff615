import type { UseCases } from '@memoir/domain';
import type { TypeOrmPersistence } from '@memoir/persistence-typeorm';

import { compose } from './compose';
import type { ServerConfig } from './config';
import { createLogger } from './logger';

/**
 * One `pnpm admin` command's database: composed as the server composes it (files tightened
 * and logged, migrations run), the use cases built on it, closed when `work` settles.
 */
export async function withUseCases<T>(
  config: ServerConfig,
  work: (useCases: UseCases, persistence: TypeOrmPersistence) => Promise<T>,
): Promise<T> {
  const composition = await compose(config, { logger: createLogger('warn') });
  try {
    return await work(composition.useCases, composition.persistence);
  } finally {
    await composition.close();
  }
}
