import { join, resolve } from 'node:path';

import {
  COPY_WAIT_MS,
  createUseCases,
  DEFAULT_DELIVERY_POLICY,
  systemClock,
  type Clock,
  type IdGenerator,
  type ImageProcessor,
  type Mailer,
  type MediaFile,
  type MediaStore,
  type PasswordHasher,
  type Persistence,
  type RiddleAnswers,
  type SecretTokens,
  type StampedCopies,
  type UseCases,
  type UseCaseSettings,
} from '@memoir/domain';
import { amazonSnsEndpoint, rateLimitAddressKey, type SnsEndpoint } from '@memoir/http-koa';
import { DnsMailHealthProbe, OutboxFolderArchive, OutboxMailer, SmtpMailer, type SmtpTls } from '@memoir/mail';
import {
  createTypeOrmPersistence,
  isDatabaseReady,
  isDatabaseUnavailable,
  type LooseFileMode,
  type MigrateMode,
  type TypeOrmPersistence,
  type TypeOrmPersistenceOptions,
} from '@memoir/persistence-typeorm';
import {
  Argon2idPasswordHasher,
  CurrentBookFile,
  parseS3Url,
  PdfBookInspector,
  ProcessBookPlanner,
  S3MediaStore,
  SharpImageProcessor,
  SignedWebhookPoster,
  sha256OfBytes,
  OtpauthTwoFactorSecrets,
  FileStampedCopies,
  RandomSecretTokens,
  RandomUuidGenerator,
  sha256Hex,
  waitAtMost,
  WorkerPoolBookStamper,
} from '@memoir/platform-node';
import { BOOK_TITLE } from '@memoir/shared';
import { Container, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';

import { SAMPLE_BOOK_PDF, type ServerConfig } from './config';
import { firstSiteContent } from './site-links';

/** A key that carries its type: `container.get(key)` answers a T without a cast. */
const key = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`memoir.${name}`);

/**
 * The one file that knows every adapter the use cases are given
 * (docs/adr/0006-one-composition-function.md): it opens the database (`openDatabase`) and
 * makes the others, and inversify binds the configuration and an adapter to each port, here
 * only; the use cases come from the domain's `createUseCases`, the function the domain's tests
 * call too. Everything is a singleton. `compose` (compose.ts) is the one caller, for the
 * server, `pnpm admin` and the tests alike; the HTTP app (http-app.ts) drives what it returns.
 */
export const TYPES = {
  Config: key<ServerConfig>('Config'),
  Logger: key<Logger>('Logger'),
  Persistence: key<Persistence>('Persistence'),
  Clock: key<Clock>('Clock'),
  IdGenerator: key<IdGenerator>('IdGenerator'),
  PasswordHasher: key<PasswordHasher>('PasswordHasher'),
  SecretTokens: key<SecretTokens>('SecretTokens'),
  RiddleAnswers: key<RiddleAnswers>('RiddleAnswers'),
  Mailer: key<Mailer>('Mailer'),
  /**
   * The adapter itself, not only the port: the server loads the book before it listens, and
   * stops the stamping threads when it stops.
   */
  BookStamper: key<WorkerPoolBookStamper>('BookStamper'),
  /** Each link's stamped copy, kept in `$DATA_DIR/copies`. */
  StampedCopies: key<StampedCopies>('StampedCopies'),
  /** The uploads' bytes: the database's (chunked) store. */
  MediaStore: key<MediaStore>('MediaStore'),
  /** The book this process stamps from: the newest uploaded, fetched to `$DATA_DIR/books`, else BOOK_PDF_PATH. */
  CurrentBook: key<CurrentBookFile>('CurrentBook'),
  UseCaseSettings: key<UseCaseSettings>('UseCaseSettings'),
  UseCases: key<UseCases>('UseCases'),
  /** Where SES's SNS messages' signing certificates come from: Amazon's, or a test's own. */
  SnsEndpoint: key<SnsEndpoint>('SnsEndpoint'),
} as const;

/**
 * What tests (and only tests) swap: a manual clock, a faster hasher, a recording mailer, a
 * stamper with a small queue.
 */
export interface ContainerOverrides {
  readonly clock?: Clock;
  readonly passwordHasher?: PasswordHasher;
  readonly mailer?: Mailer;
  readonly bookStamper?: WorkerPoolBookStamper;
  /** How long the download button waits for a copy being made before the "being made" page (COPY_WAIT_MS). */
  readonly copyWaitMs?: number;
  /** Signing certificates of a test's own, for SES's webhook. */
  readonly snsEndpoint?: SnsEndpoint;
  /** An image processor of the test's own (the server's is sharp's). */
  readonly imageProcessor?: ImageProcessor;
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

/** Connects DATABASE_URL (SQLite or MySQL) and migrates it, or checks it is, as `migrate` says. */
export function openDatabase(
  config: ServerConfig,
  logger: Logger,
  onLooseFileMode: (file: LooseFileMode) => void,
  migrate?: MigrateMode,
): Promise<TypeOrmPersistence> {
  return createTypeOrmPersistence(persistenceOptions(config, logger, onLooseFileMode, migrate));
}

/** What the HTTP app asks of the database beside the use cases: is it there, and was a failure its absence. */
export interface DatabaseHealth {
  /** True when the database answers a query now. */
  isReady(): Promise<boolean>;
  /** True when `error` says the database could not be reached (a 503, not a 500). */
  isUnavailable(error: unknown): boolean;
}

export function databaseHealth(persistence: TypeOrmPersistence): DatabaseHealth {
  return { isReady: () => isDatabaseReady(persistence.dataSource), isUnavailable: isDatabaseUnavailable };
}

/** How email leaves, for the start-up log: null without SMTP (the outbox folder). */
export function smtpTransport(mailer: Mailer): { readonly host: string; readonly tls: SmtpTls } | null {
  return mailer instanceof SmtpMailer ? { host: mailer.host, tls: mailer.tls } : null;
}

/** A new admin's password for `pnpm admin create-admin` / `reset-password`, made as tokens are. */
export function generatePassword(): string {
  return new RandomSecretTokens().newToken();
}

/** SMTP when SMTP_URL is set; else .eml files in the outbox, each one's path logged. */
export function createMailer(config: ServerConfig, logger: Logger): Mailer {
  const { mail } = config;
  if (mail.smtpUrl !== null) {
    return new SmtpMailer({ url: mail.smtpUrl, from: mail.from, requireTls: mail.smtpRequireTls, dkim: mail.dkim });
  }
  return new OutboxMailer({
    dir: mail.outboxDir,
    from: mail.from,
    dkim: mail.dkim,
    onWritten: (path) => logger.info({ path }, 'email written to the outbox (no SMTP_URL set)'),
  });
}

/** The uploads' bytes: the bucket of MEDIA_S3_URL when set, else the database's chunked store. */
export function createMediaStore(config: ServerConfig, persistence: Persistence): MediaStore {
  return config.mediaS3Url === null ? persistence.mediaStore : new S3MediaStore(parseS3Url(config.mediaS3Url));
}

/** The folder of the uploaded books this process stamps from, inside DATA_DIR. */
export const BOOKS_DIR_NAME = 'books';
/** The folder where uploads wait while they are judged, inside DATA_DIR. */
export const UPLOADS_DIR_NAME = 'uploads';

/** Stamps each reader's copy of the current book (`book`: the newest uploaded, else BOOK_PDF_PATH) in a pool of threads. */
export function createBookStamper(config: ServerConfig, book?: () => string): WorkerPoolBookStamper {
  return new WorkerPoolBookStamper({
    bookPath: book ?? config.mail.bookPdfPath,
    title: BOOK_TITLE,
    maxWaitMs: config.mail.stampQueueMaxWaitMs,
    maxQueueBytes: config.mail.stampQueueMaxBytes,
  });
}

/** The folder of the kept copies, inside DATA_DIR. */
export const COPIES_DIR_NAME = 'copies';

/** Each link's copy, stamped once and kept as a 0600 file in `$DATA_DIR/copies`. */
export function createStampedCopies(
  config: ServerConfig,
  logger: Logger,
  stamper: WorkerPoolBookStamper,
): StampedCopies {
  return new FileStampedCopies({
    dir: join(config.dataDir, COPIES_DIR_NAME),
    stamper,
    onStampFailed: (deliveryId, error) => logger.error({ err: error, deliveryId }, 'stamping a copy failed'),
  });
}

/** The configuration, as the use cases read it. */
export function useCaseSettings(config: ServerConfig): UseCaseSettings {
  const { mail } = config;
  return {
    loginRateLimit: config.loginRateLimit,
    loginAccountLimit: config.loginAccountLimit,
    deliveryPolicy: {
      ...DEFAULT_DELIVERY_POLICY,
      maxAttempts: mail.maxAttempts,
      retryBaseMs: mail.retryBaseMs,
      retryMaxMs: Math.max(mail.retryBaseMs, DEFAULT_DELIVERY_POLICY.retryMaxMs),
      linkTtlMs: mail.linkTtlMs,
      maxDownloads: mail.maxDownloads,
    },
    email: {
      bookTitle: BOOK_TITLE,
      publicBaseUrl: mail.publicBaseUrl,
      adminBaseUrl: mail.adminBaseUrl,
      ownerEmail: mail.ownerEmail,
    },
    ownerNotifications: mail.ownerNotifications,
    announceRate: mail.announceRate,
    notifyRejections: mail.notifyRejections,
    retention: config.retention,
    crackmeWinners: config.crackmeWinners,
    firstSiteContent: firstSiteContent(config.siteLinks.configured),
    bookMaxBytes: config.mail.bookMaxBytes,
    reviewReminderDays: config.mail.reviewReminderDays,
    readerWebhooks: config.readersWebhook !== null,
    serverSetup: {
      publicBaseUrlSet: config.siteLinks.leaveOutPlaceholders,
      mailServerSet: config.mail.smtpUrl !== null,
      ownerEmailSet: config.mail.ownerEmail !== null,
      sampleBook: resolve(config.rootDir, config.mail.bookPdfPath) === resolve(config.rootDir, SAMPLE_BOOK_PDF),
    },
  };
}

export function buildContainer(
  config: ServerConfig,
  logger: Logger,
  persistence: Persistence,
  overrides: ContainerOverrides = {},
): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  const constant = <T>(id: ServiceIdentifier<T>, value: T): void => {
    container.bind(id).toConstantValue(value);
  };

  constant(TYPES.Config, config);
  constant(TYPES.Logger, logger);
  constant(TYPES.Persistence, persistence);
  constant(TYPES.Clock, overrides.clock ?? systemClock);
  constant(TYPES.IdGenerator, new RandomUuidGenerator());
  constant(TYPES.PasswordHasher, overrides.passwordHasher ?? new Argon2idPasswordHasher());
  constant(TYPES.SecretTokens, new RandomSecretTokens());
  constant(TYPES.RiddleAnswers, { expectedAnswer: (riddle) => config.riddles[riddle] });
  constant(TYPES.Mailer, overrides.mailer ?? createMailer(config, logger));
  constant(TYPES.MediaStore, createMediaStore(config, persistence));
  // Bound before the use cases exist: the book is looked up through them when it is refreshed.
  let newestBook: () => Promise<MediaFile | null> = async () => null;
  constant(
    TYPES.CurrentBook,
    new CurrentBookFile({
      dir: join(config.dataDir, BOOKS_DIR_NAME),
      fallback: config.mail.bookPdfPath,
      store: persistence.mediaStore,
      newest: () => newestBook(),
    }),
  );
  const currentBook = container.get(TYPES.CurrentBook);
  constant(TYPES.BookStamper, overrides.bookStamper ?? createBookStamper(config, () => currentBook.path()));
  constant(TYPES.StampedCopies, createStampedCopies(config, logger, container.get(TYPES.BookStamper)));
  constant(TYPES.UseCaseSettings, useCaseSettings(config));
  constant(TYPES.SnsEndpoint, overrides.snsEndpoint ?? amazonSnsEndpoint());

  container.bind(TYPES.UseCases).toDynamicValue((context) => {
    const { repositories, unitOfWork, rateLimits, eventCounts } = context.get(TYPES.Persistence);
    return createUseCases(
      {
        repositories,
        unitOfWork,
        rateLimits,
        eventCounts,
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.IdGenerator),
        riddles: context.get(TYPES.RiddleAnswers),
        passwordHasher: context.get(TYPES.PasswordHasher),
        tokens: context.get(TYPES.SecretTokens),
        mailer: context.get(TYPES.Mailer),
        sha256: sha256Hex,
        twoFactorSecrets: new OtpauthTwoFactorSecrets(),
        copies: context.get(TYPES.StampedCopies),
        copyPatience: waitAtMost(overrides.copyWaitMs ?? COPY_WAIT_MS),
        rateLimitAddressKey,
        // Copies of sent emails are kept in the outbox folder only without SMTP; old ones are
        // removed there either way (a folder left from before SMTP_URL was set).
        sentEmails: new OutboxFolderArchive({ dir: config.mail.outboxDir }),
        mailHealth: new DnsMailHealthProbe(config.mail),
        mediaStore: context.get(TYPES.MediaStore),
        hashBytes: sha256OfBytes,
        books: new PdfBookInspector(new ProcessBookPlanner()),
        images: overrides.imageProcessor ?? new SharpImageProcessor(),
        ...(config.readersWebhook === null ? {} : { webhookPoster: new SignedWebhookPoster(config.readersWebhook) }),
      },
      context.get(TYPES.UseCaseSettings),
    );
  });
  newestBook = () => container.get(TYPES.UseCases).listMedia.current('book');

  return container;
}
