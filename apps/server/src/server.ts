import { chmodSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { EnsureInitialAdminUseCase, UseCases } from '@memoir/domain';
import { createHttpApp, createHttpServer, type HttpApp, type PrivacyNotice } from '@memoir/http-koa';
import { isLoopbackHost, SmtpMailer } from '@memoir/mail';
import {
  createTypeOrmPersistence,
  isDatabaseReady,
  isDatabaseUnavailable,
  type LooseFileMode,
  type MigrateMode,
  type TypeOrmPersistence,
  type TypeOrmPersistenceOptions,
} from '@memoir/persistence-typeorm';
import { BOOK_TITLE } from '@memoir/shared';
import type { Container } from 'inversify';
import type { Logger } from 'pino';

import type { ServerConfig } from './config';
import { buildContainer, TYPES, type ContainerOverrides } from './container';
import { logLooseFiles, makePrivateDir, tightenDataDir } from './data-dir';
import { DeliveryWorker } from './delivery-worker';
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from './scheduled-jobs';
import { createServerMetrics } from './metrics';
import { linksLeftOut } from './site-links';
import { publicSiteDist, staticApps } from './static-apps';

/** How often each process removes the kept copies of links that stopped working. */
export const COPY_SWEEP_INTERVAL_MS = 10 * 60_000;

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
  /**
   * A shutdown behind a load balancer (SIGTERM): at once /readyz answers 503, every answer
   * carries `Connection: close`, and the delivery worker stops (the email in hand finishes, the
   * rest of its batch goes back to the queue); the server goes on serving for `drainMs`, so
   * that the load balancer sees the 503 and stops sending; then it closes as `close` does.
   */
  shutdown(options: { readonly drainMs: number; readonly graceMs?: number }): Promise<void>;
  /** Ends a shutdown's drain now (a second signal); the rest of the shutdown goes on. */
  endDrain(): void;
}

/** How the server and `pnpm admin` open the database: the one place the config meets the adapter. */
export function persistenceOptions(
  config: ServerConfig,
  logger: Logger,
  onLooseFileMode: (file: LooseFileMode) => void,
  migrate: MigrateMode = config.migrateOnStart ? true : 'check',
): TypeOrmPersistenceOptions {
  const { database } = config;
  return {
    databaseUrl: config.databaseUrl,
    baseDir: config.rootDir,
    migrate,
    onWaitingForMigrations: () => logger.info('another process is migrating the database: waiting for it'),
    mysqlPool: {
      connectionLimit: database.poolSize,
      connectTimeoutMs: database.connectTimeoutMs,
      queryTimeoutMs: database.queryTimeoutMs,
    },
    mysqlSslCa: database.sslCa?.pem ?? null,
    onLooseFileMode,
  };
}

/** Where the database is and how it is reached, for the start-up log (no credentials). */
export function logDatabase(logger: Logger, config: ServerConfig, persistence: TypeOrmPersistence): void {
  const { ran, known } = persistence.migrations;
  if (ran.length > 0) logger.info({ ran }, 'migrated the database');
  else logger.info({ migrations: known.length }, 'the database is up to date');
  if (persistence.tls === null) {
    logger.info({ database: 'sqlite' }, 'database: SQLite');
    return;
  }
  const details = {
    database: persistence.dataSource.options.type,
    tls: persistence.tls,
    poolSize: config.database.poolSize,
    ...(config.database.sslCa === null ? {} : { ca: config.database.sslCa.path }),
  };
  if (persistence.tls === 'unverified') {
    logger.warn(details, "database: TLS without certificate verification (DATABASE_URL's ssl turns it off)");
  } else if (persistence.tls === 'off') {
    logger.info(
      details,
      'database: MySQL without TLS (set DATABASE_SSL_CA or ?ssl=true for a database over a network)',
    );
  } else logger.info(details, 'database: MySQL over TLS');
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
  /** True once a shutdown began: /readyz then answers 503 whatever the database says. */
  isShuttingDown: () => boolean = () => false,
): Promise<BuiltApp> {
  const container = buildContainer(config, logger, persistence, overrides);
  const useCases = container.get(TYPES.UseCases);
  await ensureInitialAdmin(config, logger, useCases.ensureInitialAdmin);
  // The metrics say whether the database answers; /readyz also says no while shutting down.
  const metrics = createServerMetrics(persistence, () => isDatabaseReady(persistence.dataSource));
  const { app, handler, routes } = createHttpApp({
    useCases,
    rateLimiter: useCases.rateLimiter,
    formRateLimit: config.formRateLimit,
    crackmeClaimLimit: config.crackmeClaimLimit,
    trustProxy: config.trustProxy,
    trustForwardedHost: config.trustForwardedHost,
    adminHost: config.adminHost,
    logger,
    isDatabaseUnavailable,
    checkReadiness: async () => !isShuttingDown() && (await isDatabaseReady(persistence.dataSource)),
    observeRequest: (request) => metrics.observeRequest(request),
    metrics: metrics.endpoint(config.metricsToken),
    privacy: privacyNotice(config),
    fallback: staticApps({
      rootDir: config.rootDir,
      adminHost: config.adminHost,
      publicBaseUrl: config.mail.publicBaseUrl,
      adminBaseUrl: config.mail.adminBaseUrl,
      siteLinks: config.siteLinks,
    }),
  });
  return { app, handler, routes, container, useCases };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a process writes the counted events it has totalled. */
export const EVENT_FLUSH_INTERVAL_MS = 10_000;

/** What /privacy says: the very settings the server runs with. */
export function privacyNotice(config: ServerConfig): PrivacyNotice {
  const { mail } = config;
  return {
    bookTitle: BOOK_TITLE,
    contactEmail: mail.ownerEmail,
    retention: config.retention,
    downloadLinkDays: Math.max(1, Math.round(mail.linkTtlMs / DAY_MS)),
    maxDownloads: mail.maxDownloads,
    formWindowMinutes: Math.max(1, Math.ceil(config.formRateLimit.windowMs / 60_000)),
    emailBySmtp: mail.smtpUrl !== null,
  };
}

/**
 * One warning at start when the page leaves links out: placeholders nobody configured, with
 * PUBLIC_BASE_URL set. It names the settings that give them back.
 */
function logSiteLinks(logger: Logger, config: ServerConfig): void {
  const leftOut = linksLeftOut(publicSiteDist(config.rootDir), config.siteLinks);
  if (leftOut === 'not named' && config.siteLinks.leaveOutPlaceholders) {
    logger.warn(
      'the built public site names no store, social or publisher links, so the page shows its own, placeholders included: run pnpm build',
    );
  }
  if (typeof leftOut === 'string' || leftOut.length === 0) return;
  logger.warn(
    { leftOut },
    `links left out of the page, their addresses being placeholders (.example): ${leftOut.join(', ')}; set them, or their addresses in apps/public-site/src/content.ts`,
  );
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
    overrides.persistence ?? (await createTypeOrmPersistence(persistenceOptions(config, logger, noteLoose)));
  logLooseFiles(logger, config.dataDir, looseFiles);
  logDatabase(logger, config, persistence);
  let shuttingDown = false;
  const { handler, container, useCases } = await buildApp(config, logger, persistence, overrides, () => shuttingDown);
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
  logSiteLinks(logger, config);
  const deliveryWorker = new DeliveryWorker({
    sendDueDeliveries: useCases.sendDueDeliveries,
    queueOwnerDigest: useCases.queueOwnerDigest,
    pollIntervalMs: mail.pollIntervalMs,
    batchSize: container.get(TYPES.UseCaseSettings).deliveryPolicy.batchSize,
    logger,
  });

  // While draining, each answer closes its connection: the load balancer's next request opens
  // a new one (to a process in the rotation), instead of finding this keep-alive socket closed.
  const server = createHttpServer((req, res) => {
    if (shuttingDown) res.setHeader('Connection', 'close');
    handler(req, res);
  }, config.trustProxy);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  // Hourly: ended rate-limit windows go, and once a UTC day (in one process) the retention job runs.
  const prune = setInterval(() => {
    void runMaintenance({ useCases, rateLimits: persistence.rateLimits, clock: container.get(TYPES.Clock), logger });
  }, MAINTENANCE_INTERVAL_MS);
  prune.unref();
  // Counted events are totalled in memory and written every few seconds (and at shutdown).
  const flushEvents = setInterval(() => {
    useCases.countedEvents
      .flush()
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'writing the counted events failed; kept for the next try'),
      );
  }, EVENT_FLUSH_INTERVAL_MS);
  flushEvents.unref();
  // Kept copies whose link expired or was revoked (here or by another process) are removed
  // now and every ten minutes.
  const sweepCopies = (): void => {
    useCases.sweepStampedCopies.execute().then(
      (removed) => {
        if (removed > 0) logger.info({ removed }, 'removed the kept copies of links that work no more');
      },
      (error: unknown) => logger.warn({ err: error }, 'sweeping the kept copies failed'),
    );
  };
  const copySweep = setInterval(sweepCopies, COPY_SWEEP_INTERVAL_MS);
  copySweep.unref();
  sweepCopies();
  deliveryWorker.start();

  let closing: Promise<void> | undefined;
  let endDrain: () => void = () => undefined;
  const shutdown = ({ drainMs, graceMs = 10_000 }: { readonly drainMs: number; readonly graceMs?: number }) => {
    closing ??= (async () => {
      shuttingDown = true;
      clearInterval(prune);
      clearInterval(copySweep);
      const workerStopped = deliveryWorker.stop(); // the email in hand finishes, the rest goes back
      if (drainMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          endDrain = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        logger.info('shutting down: drain over, finishing requests in flight');
      }
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
      clearInterval(flushEvents);
      await useCases.countedEvents
        .flush()
        .catch((error: unknown) => logger.warn({ err: error }, 'the last counted events could not be written'));
      await persistence.close();
    })();
    return closing;
  };
  return {
    url: `http://${host}:${address.port}`,
    server,
    persistence,
    deliveryWorker,
    shutdown,
    endDrain: () => endDrain(),
    close: (graceMs = 10_000) => shutdown({ drainMs: 0, graceMs }),
  };
}
