import { chmodSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { EnsureInitialAdminUseCase, UseCases } from '@memoir/domain';
import { createHttpApp, createHttpServer, type HttpApp } from '@memoir/http-koa';
import { isLoopbackHost, SmtpMailer } from '@memoir/mail';
import {
  createTypeOrmPersistence,
  isDatabaseReady,
  isDatabaseUnavailable,
  type LooseFileMode,
  type TypeOrmPersistence,
} from '@memoir/persistence-typeorm';
import type { Container } from 'inversify';
import type { Logger } from 'pino';

import type { ServerConfig } from './config';
import { buildContainer, TYPES, type ContainerOverrides } from './container';
import { logLooseFiles, makePrivateDir, tightenDataDir } from './data-dir';
import { DeliveryWorker } from './delivery-worker';
import { staticApps } from './static-apps';

export interface RunningServer {
  /** e.g. http://127.0.0.1:3000 */
  readonly url: string;
  readonly server: Server;
  readonly persistence: TypeOrmPersistence;
  /** Sends the queued emails in the background; `runOnce()` sends what is due now. */
  readonly deliveryWorker: DeliveryWorker;
  /**
   * Stops accepting, lets in-flight requests finish (up to `graceMs`), stops the stamping
   * threads, closes the database.
   */
  close(graceMs?: number): Promise<void>;
}

/** When no admin exists: create one, writing a generated password to a 0600 file (never to a log). */
export async function ensureInitialAdmin(
  config: ServerConfig,
  logger: Logger,
  ensure: EnsureInitialAdminUseCase,
): Promise<void> {
  const outcome = await ensure.execute({ username: config.adminUsername, password: config.adminPassword });
  if (!outcome.ok) throw new Error(`ADMIN_USERNAME / ADMIN_PASSWORD: ${outcome.error.message}`);
  if (!outcome.value.created) return;
  const { user, generatedPassword } = outcome.value;
  if (generatedPassword === null) {
    logger.info({ username: user.username }, 'created the first admin with ADMIN_PASSWORD');
    return;
  }
  makePrivateDir(config.dataDir);
  writeFileSync(config.initialPasswordFile, `${generatedPassword}\n`, { mode: 0o600 });
  chmodSync(config.initialPasswordFile, 0o600);
  logger.info(
    { username: user.username, passwordFile: config.initialPasswordFile },
    'created the first admin; its generated password is in the password file',
  );
}

export interface BuiltApp {
  readonly app: HttpApp['app'];
  readonly routes: HttpApp['routes'];
  /** What the HTTP server runs (HttpApp's `handler`): tests that go through it use this. */
  readonly handler: HttpApp['handler'];
  readonly container: Container;
  /** Every use case, as the app drives them (the container's `TYPES.UseCases`). */
  readonly useCases: UseCases;
}

/** Wires the container and the Koa app on a connected database, and creates the first admin. */
export async function buildApp(
  config: ServerConfig,
  logger: Logger,
  persistence: TypeOrmPersistence,
  overrides: ContainerOverrides = {},
): Promise<BuiltApp> {
  const container = buildContainer(config, logger, persistence, overrides);
  const useCases = container.get(TYPES.UseCases);
  await ensureInitialAdmin(config, logger, useCases.ensureInitialAdmin);
  const { app, handler, routes } = createHttpApp({
    useCases,
    rateLimiter: useCases.rateLimiter,
    formRateLimit: config.formRateLimit,
    trustProxy: config.trustProxy,
    trustForwardedHost: config.trustForwardedHost,
    adminHost: config.adminHost,
    logger,
    isDatabaseUnavailable,
    checkReadiness: () => isDatabaseReady(persistence.dataSource),
    bookStamper: container.get(TYPES.BookStamper),
    fallback: staticApps({ rootDir: config.rootDir, adminHost: config.adminHost }),
  });
  return { app, handler, routes, container, useCases };
}

/** Connects the database, wires the app, creates the first admin, and listens. */
export async function startServer(
  config: ServerConfig,
  logger: Logger,
  overrides: ContainerOverrides & { readonly persistence?: TypeOrmPersistence } = {},
): Promise<RunningServer> {
  // Everything in DATA_DIR is its owner's alone; looser files found now are tightened and logged.
  const looseFiles: LooseFileMode[] = [];
  const noteLoose = (file: LooseFileMode) => void looseFiles.push(file);
  tightenDataDir(config.dataDir, noteLoose);
  const persistence =
    overrides.persistence ??
    (await createTypeOrmPersistence({
      databaseUrl: config.databaseUrl,
      baseDir: config.rootDir,
      onLooseFileMode: noteLoose,
    }));
  logLooseFiles(logger, config.dataDir, looseFiles);
  const { handler, container, useCases } = await buildApp(config, logger, persistence, overrides);
  // A missing or broken book must stop the start, not the first reader's download.
  const bookStamper = container.get(TYPES.BookStamper);
  await bookStamper.load().catch((error: unknown) => {
    throw new Error(
      `BOOK_PDF_PATH must name a readable PDF file (${config.mail.bookPdfPath}): ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const { mail } = config;
  const mailer = container.get(TYPES.Mailer);
  logger.info(
    {
      smtp: mail.smtpUrl !== null,
      ...(mailer instanceof SmtpMailer ? { tls: mailer.tls } : {}),
      ...(mail.smtpUrl === null ? { outbox: mail.outboxDir } : {}),
      publicBaseUrl: mail.publicBaseUrl,
      book: mail.bookPdfPath,
      ownerNotifications: mail.ownerNotifications,
    },
    mail.smtpUrl === null ? 'email: no SMTP_URL, messages are written to the outbox folder' : 'email: sending by SMTP',
  );
  if (mailer instanceof SmtpMailer && mailer.tls === 'when-offered' && !isLoopbackHost(mailer.host)) {
    logger.warn(
      { host: mailer.host },
      'SMTP_REQUIRE_TLS is off: email, download links included, goes in clear to an SMTP server that offers no STARTTLS',
    );
  }
  const deliveryWorker = new DeliveryWorker({
    sendDueDeliveries: useCases.sendDueDeliveries,
    queueOwnerDigest: useCases.queueOwnerDigest,
    pollIntervalMs: mail.pollIntervalMs,
    batchSize: container.get(TYPES.UseCaseSettings).deliveryPolicy.batchSize,
    logger,
  });

  const server = createHttpServer(handler, config.trustProxy);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  // Ended rate-limit windows are deleted hourly so the table stays small.
  const prune = setInterval(() => {
    persistence.rateLimits
      .pruneExpired(new Date())
      .catch((error: unknown) => logger.warn({ err: error }, 'pruning rate limits failed'));
  }, 3_600_000);
  prune.unref();
  deliveryWorker.start();

  let closing: Promise<void> | undefined;
  // A stamping thread parses the book and readies itself, now that the server answers.
  bookStamper.warmUp().then(
    (pages) => logger.info({ book: mail.bookPdfPath, pages }, 'book ready to stamp'),
    (error: unknown) => {
      if (closing !== undefined) return; // stopped before the thread was ready: nothing wrong
      logger.error(
        { err: error, book: mail.bookPdfPath },
        'BOOK_PDF_PATH cannot be stamped: every download fails until it is replaced',
      );
    },
  );
  return {
    url: `http://${host}:${address.port}`,
    server,
    persistence,
    deliveryWorker,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        clearInterval(prune);
        const workerStopped = deliveryWorker.stop(); // the batch in hand finishes
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Idle keep-alive connections would hold close() open; busy ones finish their request
        // and are closed as soon as they fall idle.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            logger.warn('shutdown grace period over: closing the remaining connections');
            server.closeAllConnections();
            resolve();
          }, graceMs);
        });
        await Promise.race([closed, deadline]);
        clearTimeout(timer);
        clearInterval(sweep);
        await workerStopped;
        await bookStamper.close(); // after the requests: a download in flight gets its copy
        await persistence.close();
      })();
      return closing;
    },
  };
}
