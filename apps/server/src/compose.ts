import type { Clock, Mailer, UseCases, UseCaseSettings } from '@memoir/domain';
import type { LooseFileMode, MigrateMode, TypeOrmPersistence } from '@memoir/persistence-typeorm';
import type { Container } from 'inversify';
import type { Logger } from 'pino';

import type { ServerConfig } from './config';
import {
  buildContainer,
  databaseHealth,
  openDatabase,
  TYPES,
  type ContainerOverrides,
  type DatabaseHealth,
} from './container';
import { logLooseFiles } from './data-dir';
import { landingSource, type LandingSource } from './landing-page';

export interface ComposeOptions {
  readonly logger: Logger;
  /** A database already open (a test's shared store): used as it is, and left open by `close`. */
  readonly persistence?: TypeOrmPersistence;
  /** Whether opening the database runs its pending migrations: MIGRATE_ON_START's by default. */
  readonly migrate?: MigrateMode;
  /**
   * Files of DATA_DIR found looser than their owner's alone before the database opened (the
   * server tightens DATA_DIR first): logged in one warning with the database's own.
   */
  readonly looseFiles?: readonly LooseFileMode[];
  /** Adapters the tests swap (container.ts). */
  readonly overrides?: ContainerOverrides;
}

/** Everything the server, `pnpm admin` and the tests drive, built once from the configuration. */
export interface Composition {
  readonly config: ServerConfig;
  readonly logger: Logger;
  readonly persistence: TypeOrmPersistence;
  /** The bindings themselves, for what the fields below leave out. */
  readonly container: Container;
  /** Every use case (the domain's `createUseCases` over the adapters bound in the container). */
  readonly useCases: UseCases;
  readonly settings: UseCaseSettings;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly database: DatabaseHealth;
  /** The landing page's words: the published site content and the drafts to preview. */
  readonly landing: LandingSource;
  /**
   * Checks BOOK_PDF_PATH without parsing it (a few milliseconds): the server calls it before it
   * listens, so that a wrong path stops the start and not the first reader's download.
   */
  checkBook(): Promise<void>;
  /** Ends the stamping threads (copies under way fail), then closes the database unless it was given. */
  close(): Promise<void>;
}

/**
 * The one composition: opens the database (unless given one), binds every adapter to its port
 * and builds the use cases (container.ts), the same way for `pnpm start`, `pnpm admin` and the
 * tests. Nothing here starts a thread or a timer: the stamping threads start with the first
 * copy, and the server starts its background jobs itself (server-jobs.ts).
 */
export async function compose(config: ServerConfig, options: ComposeOptions): Promise<Composition> {
  const { logger } = options;
  const looseFiles = [...(options.looseFiles ?? [])];
  const given = options.persistence;
  const persistence =
    given ?? (await openDatabase(config, logger, (file) => void looseFiles.push(file), options.migrate));
  logLooseFiles(logger, config.dataDir, looseFiles);
  let container: Container;
  try {
    container = buildContainer(config, logger, persistence, options.overrides);
  } catch (error) {
    if (given === undefined) await persistence.close(); // an adapter refused its settings
    throw error;
  }
  const bookStamper = container.get(TYPES.BookStamper);
  const useCases = container.get(TYPES.UseCases);
  return {
    config,
    logger,
    persistence,
    container,
    useCases,
    settings: container.get(TYPES.UseCaseSettings),
    clock: container.get(TYPES.Clock),
    mailer: container.get(TYPES.Mailer),
    database: databaseHealth(persistence),
    landing: landingSource(useCases),
    checkBook: async () => {
      // A process that starts after an upload stamps from the uploaded book at once.
      await container
        .get(TYPES.CurrentBook)
        .refresh()
        .catch((error: unknown) => logger.warn({ err: error }, 'fetching the newest uploaded book failed'));
      await bookStamper.load().catch((error: unknown) => {
        throw new Error(
          `BOOK_PDF_PATH must name a readable PDF file (${config.mail.bookPdfPath}): ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    },
    async close() {
      await bookStamper.close();
      if (given === undefined) await persistence.close();
    },
  };
}
