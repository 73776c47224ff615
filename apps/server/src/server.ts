import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createHttpServer } from '@memoir/http-koa';
import type { LooseFileMode, TypeOrmPersistence } from '@memoir/persistence-typeorm';
import type { Logger } from 'pino';

import { startJobs, type RunningJobs } from './background-jobs';
import { compose } from './compose';
import type { ServerConfig } from './config';
import type { ContainerOverrides } from './container';
import { tightenDataDir } from './data-dir';
import { GracefulShutdown, type ShutdownOptions } from './graceful-shutdown';
import { buildApp } from './http-app';
import { serverJobs } from './server-jobs';
import { logDatabase, logMail, logSiteLinks } from './start-up-log';

export interface RunningServer {
  /** e.g. http://127.0.0.1:3000 */
  readonly url: string;
  readonly server: Server;
  readonly persistence: TypeOrmPersistence;
  /** The background jobs (server-jobs.ts); `runNow('delivery')` sends what is due now. */
  readonly jobs: RunningJobs;
  /**
   * Stops accepting, lets in-flight requests finish (up to `graceMs`), stops the stamping
   * threads, closes the database.
   */
  close(graceMs?: number): Promise<void>;
  /** A shutdown behind a load balancer (SIGTERM): see graceful-shutdown.ts. */
  shutdown(options: ShutdownOptions): Promise<void>;
  /** Ends a shutdown's drain now (a second signal); the rest of the shutdown goes on. */
  endDrain(): void;
}

/**
 * `pnpm start`: DATA_DIR made its owner's alone, the composition (database, adapters, use
 * cases), the start-up log, the app and the first admin; then it listens and starts the
 * background jobs. Only what serving needs is made here: the stamping threads start with the
 * first copy, nodemailer with the first email (docs/performance.md).
 */
export async function startServer(
  config: ServerConfig,
  logger: Logger,
  overrides: ContainerOverrides & { readonly persistence?: TypeOrmPersistence } = {},
): Promise<RunningServer> {
  // Everything in DATA_DIR is its owner's alone; looser files found now are tightened and logged.
  const looseFiles: LooseFileMode[] = [];
  tightenDataDir(config.dataDir, (file) => void looseFiles.push(file));
  const { persistence: given, ...adapters } = overrides;
  const composition = await compose(config, {
    logger,
    looseFiles,
    overrides: adapters,
    ...(given === undefined ? {} : { persistence: given }),
  });
  const shutdown = new GracefulShutdown(logger);
  let server: Server;
  try {
    logDatabase(logger, config, composition.persistence);
    const { handler } = await buildApp(composition, shutdown.isShuttingDown);
    // A missing or broken book must stop the start, not the first reader's download.
    await composition.checkBook();
    logMail(logger, config, composition.mailer);
    // Read from the published content while the server starts listening, not before.
    const linksLogged = logSiteLinks(logger, config, composition.landing);
    server = createHttpServer(shutdown.listener(handler), config.trustProxy);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    await linksLogged;
  } catch (error) {
    await composition.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const jobs = startJobs(serverJobs(composition), logger);
  const stop = (options: ShutdownOptions) =>
    shutdown.shutdown({ server, jobs, close: () => composition.close() }, options);
  return {
    url: `http://${host}:${address.port}`,
    server,
    persistence: composition.persistence,
    jobs,
    shutdown: stop,
    endDrain: () => shutdown.endDrain(),
    close: (graceMs = 10_000) => stop({ drainMs: 0, graceMs }),
  };
}
