import 'reflect-metadata';

import {
  AuthenticateUseCase,
  CachedPublicGuestbookList,
  CreateAdminUseCase,
  DecideScholarshipRequestUseCase,
  DEFAULT_DELIVERY_POLICY,
  DEFAULT_SESSION_POLICY,
  DownloadBookUseCase,
  EnsureInitialAdminUseCase,
  GetDashboardUseCase,
  invalidatingPublicList,
  ListAuditEventsUseCase,
  ListGuestbookEntriesUseCase,
  ListPublicGuestbookEntriesUseCase,
  ListScholarshipRequestsUseCase,
  LogInUseCase,
  LogOutUseCase,
  ModerateGuestbookEntryUseCase,
  PUBLIC_LIST_CACHE_TTL_MS,
  QueueOwnerDigestUseCase,
  RateLimiter,
  ResendDeliveryUseCase,
  ResetAdminPasswordUseCase,
  SendDueDeliveriesUseCase,
  SignGuestbookUseCase,
  SubmitScholarshipRequestUseCase,
  systemClock,
  type BookStamper,
  type Clock,
  type DeliveryPolicy,
  type EmailSettings,
  type IdGenerator,
  type Mailer,
  type PasswordHasher,
  type Persistence,
  type RateLimitPolicy,
  type Repositories,
  type RiddleAnswers,
  type SessionPolicy,
  type SessionTokenService,
  type UnitOfWork,
} from '@memoir/domain';
import type { HttpUseCases } from '@memoir/http-koa';
import { OutboxMailer, SmtpMailer } from '@memoir/mail';
import {
  Argon2idPasswordHasher,
  PdfLibBookStamper,
  RandomSessionTokenService,
  RandomUuidGenerator,
} from '@memoir/platform-node';
import { BOOK_TITLE } from '@memoir/shared';
import { Container, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';

import type { ServerConfig } from './config';

/**
 * The one file that knows every adapter. Domain classes carry no decorators; each is bound
 * with a factory that names its dependencies (docs/adr/0002). Everything is a singleton.
 */
export const TYPES = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Persistence: Symbol.for('Persistence'),
  Repositories: Symbol.for('Repositories'),
  UnitOfWork: Symbol.for('UnitOfWork'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  SessionTokenService: Symbol.for('SessionTokenService'),
  RiddleAnswers: Symbol.for('RiddleAnswers'),
  RateLimiter: Symbol.for('RateLimiter'),
  SessionPolicy: Symbol.for('SessionPolicy'),
  LoginRateLimit: Symbol.for('LoginRateLimit'),
  SignGuestbook: Symbol.for('SignGuestbookUseCase'),
  PublicListCache: Symbol.for('PublicListCache'),
  ListPublicGuestbookEntries: Symbol.for('ListPublicGuestbookEntriesUseCase'),
  ListGuestbookEntries: Symbol.for('ListGuestbookEntriesUseCase'),
  ModerateGuestbookEntry: Symbol.for('ModerateGuestbookEntryUseCase'),
  SubmitScholarshipRequest: Symbol.for('SubmitScholarshipRequestUseCase'),
  ListScholarshipRequests: Symbol.for('ListScholarshipRequestsUseCase'),
  DecideScholarshipRequest: Symbol.for('DecideScholarshipRequestUseCase'),
  LogIn: Symbol.for('LogInUseCase'),
  Authenticate: Symbol.for('AuthenticateUseCase'),
  LogOut: Symbol.for('LogOutUseCase'),
  CreateAdmin: Symbol.for('CreateAdminUseCase'),
  EnsureInitialAdmin: Symbol.for('EnsureInitialAdminUseCase'),
  ResetAdminPassword: Symbol.for('ResetAdminPasswordUseCase'),
  ListAuditEvents: Symbol.for('ListAuditEventsUseCase'),
  GetDashboard: Symbol.for('GetDashboardUseCase'),
  Mailer: Symbol.for('Mailer'),
  BookStamper: Symbol.for('BookStamper'),
  EmailSettings: Symbol.for('EmailSettings'),
  DeliveryPolicy: Symbol.for('DeliveryPolicy'),
  SendDueDeliveries: Symbol.for('SendDueDeliveriesUseCase'),
  QueueOwnerDigest: Symbol.for('QueueOwnerDigestUseCase'),
  DownloadBook: Symbol.for('DownloadBookUseCase'),
  ResendDelivery: Symbol.for('ResendDeliveryUseCase'),
} as const;

/** What tests (and only tests) swap: a manual clock, a faster hasher, a recording mailer. */
export interface ContainerOverrides {
  readonly clock?: Clock;
  readonly passwordHasher?: PasswordHasher;
  readonly mailer?: Mailer;
}

/** SMTP when SMTP_URL is set; else .eml files in the outbox, each one's path logged. */
export function createMailer(config: ServerConfig, logger: Logger): Mailer {
  const { mail } = config;
  if (mail.smtpUrl !== null) return new SmtpMailer({ url: mail.smtpUrl, from: mail.from });
  return new OutboxMailer({
    dir: mail.outboxDir,
    from: mail.from,
    onWritten: (path) => logger.info({ path }, 'email written to the outbox (no SMTP_URL set)'),
  });
}

export function buildContainer(
  config: ServerConfig,
  logger: Logger,
  persistence: Persistence,
  overrides: ContainerOverrides = {},
): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  const constant = <T>(id: ServiceIdentifier<T>, value: T) => container.bind<T>(id).toConstantValue(value);
  // A factory binding whose dependencies are looked up by id: (a, b) => new X({ a, b }).
  const factory = <T>(id: ServiceIdentifier<T>, ids: ServiceIdentifier[], make: (...deps: never[]) => T) =>
    container.bind<T>(id).toResolvedValue(make as (...deps: unknown[]) => T, ids);

  // Configuration and adapters
  constant<ServerConfig>(TYPES.Config, config);
  constant<Logger>(TYPES.Logger, logger);
  constant<Persistence>(TYPES.Persistence, persistence);
  constant<Repositories>(TYPES.Repositories, persistence.repositories);
  constant<UnitOfWork>(TYPES.UnitOfWork, persistence.unitOfWork);
  constant<Clock>(TYPES.Clock, overrides.clock ?? systemClock);
  constant<IdGenerator>(TYPES.IdGenerator, new RandomUuidGenerator());
  constant<PasswordHasher>(TYPES.PasswordHasher, overrides.passwordHasher ?? new Argon2idPasswordHasher());
  constant<SessionTokenService>(TYPES.SessionTokenService, new RandomSessionTokenService());
  constant<RiddleAnswers>(TYPES.RiddleAnswers, { expectedAnswer: (riddle) => config.riddles[riddle] });
  constant<SessionPolicy>(TYPES.SessionPolicy, DEFAULT_SESSION_POLICY);
  constant<RateLimitPolicy>(TYPES.LoginRateLimit, config.loginRateLimit);
  factory(TYPES.RateLimiter, [TYPES.Clock], (clock: Clock) => new RateLimiter(persistence.rateLimits, clock));
  const { mail } = config;
  constant<Mailer>(TYPES.Mailer, overrides.mailer ?? createMailer(config, logger));
  constant<BookStamper>(TYPES.BookStamper, new PdfLibBookStamper(mail.bookPdfPath, BOOK_TITLE));
  constant<EmailSettings>(TYPES.EmailSettings, {
    bookTitle: BOOK_TITLE,
    publicBaseUrl: mail.publicBaseUrl,
    adminBaseUrl: mail.adminBaseUrl,
    ownerEmail: mail.ownerEmail,
  });
  constant<DeliveryPolicy>(TYPES.DeliveryPolicy, {
    ...DEFAULT_DELIVERY_POLICY,
    maxAttempts: mail.maxAttempts,
    retryBaseMs: mail.retryBaseMs,
    retryMaxMs: Math.max(mail.retryBaseMs, DEFAULT_DELIVERY_POLICY.retryMaxMs),
    linkTtlMs: mail.linkTtlMs,
    maxDownloads: mail.maxDownloads,
  });

  // Guestbook
  factory(
    TYPES.SignGuestbook,
    [TYPES.Repositories, TYPES.RiddleAnswers, TYPES.Clock, TYPES.IdGenerator],
    (repositories: Repositories, riddles: RiddleAnswers, clock: Clock, ids: IdGenerator) =>
      new SignGuestbookUseCase({
        guestbookEntries: repositories.guestbookEntries,
        unitOfWork: persistence.unitOfWork,
        riddles,
        clock,
        ids,
        ownerNotifications: mail.ownerNotifications,
      }),
  );
  // The public list is served from memory; a decision here forgets it at once, one in another
  // process shows here within PUBLIC_LIST_CACHE_TTL_MS (docs/performance.md).
  factory(
    TYPES.PublicListCache,
    [TYPES.Repositories, TYPES.Clock],
    (repositories: Repositories, clock: Clock) =>
      new CachedPublicGuestbookList({
        inner: new ListPublicGuestbookEntriesUseCase(repositories),
        clock,
        ttlMs: PUBLIC_LIST_CACHE_TTL_MS,
      }),
  );
  factory(TYPES.ListPublicGuestbookEntries, [TYPES.PublicListCache], (cache: CachedPublicGuestbookList) => cache);
  factory(
    TYPES.ListGuestbookEntries,
    [TYPES.Repositories],
    (repositories: Repositories) => new ListGuestbookEntriesUseCase(repositories),
  );
  factory(
    TYPES.ModerateGuestbookEntry,
    [TYPES.UnitOfWork, TYPES.Clock, TYPES.IdGenerator, TYPES.PublicListCache],
    (unitOfWork: UnitOfWork, clock: Clock, ids: IdGenerator, cache: CachedPublicGuestbookList) =>
      invalidatingPublicList(new ModerateGuestbookEntryUseCase({ unitOfWork, clock, ids }), cache),
  );

  // Scholarships
  factory(
    TYPES.SubmitScholarshipRequest,
    [TYPES.Repositories, TYPES.RiddleAnswers, TYPES.Clock, TYPES.IdGenerator],
    (repositories: Repositories, riddles: RiddleAnswers, clock: Clock, ids: IdGenerator) =>
      new SubmitScholarshipRequestUseCase({
        scholarshipRequests: repositories.scholarshipRequests,
        unitOfWork: persistence.unitOfWork,
        riddles,
        clock,
        ids,
        ownerNotifications: mail.ownerNotifications,
      }),
  );
  factory(
    TYPES.ListScholarshipRequests,
    [TYPES.Repositories],
    (repositories: Repositories) => new ListScholarshipRequestsUseCase(repositories),
  );
  factory(
    TYPES.DecideScholarshipRequest,
    [TYPES.UnitOfWork, TYPES.Clock, TYPES.IdGenerator],
    (unitOfWork: UnitOfWork, clock: Clock, ids: IdGenerator) =>
      new DecideScholarshipRequestUseCase({ unitOfWork, clock, ids, notifyRejections: mail.notifyRejections }),
  );

  // Admin sessions
  factory(
    TYPES.Authenticate,
    [TYPES.Repositories, TYPES.SessionTokenService, TYPES.SessionPolicy, TYPES.Clock],
    (repositories: Repositories, tokens: SessionTokenService, sessionPolicy: SessionPolicy, clock: Clock) =>
      new AuthenticateUseCase({ ...repositories, tokens, sessionPolicy, clock }),
  );
  factory(
    TYPES.LogIn,
    [
      TYPES.Repositories,
      TYPES.UnitOfWork,
      TYPES.PasswordHasher,
      TYPES.SessionTokenService,
      TYPES.RateLimiter,
      TYPES.LoginRateLimit,
      TYPES.SessionPolicy,
      TYPES.Clock,
      TYPES.IdGenerator,
    ],
    (
      repositories: Repositories,
      unitOfWork: UnitOfWork,
      passwordHasher: PasswordHasher,
      tokens: SessionTokenService,
      rateLimiter: RateLimiter,
      loginPolicy: RateLimitPolicy,
      sessionPolicy: SessionPolicy,
      clock: Clock,
      ids: IdGenerator,
    ) =>
      new LogInUseCase({
        ...repositories,
        unitOfWork,
        passwordHasher,
        tokens,
        rateLimiter,
        loginPolicy,
        sessionPolicy,
        clock,
        ids,
      }),
  );
  factory(
    TYPES.LogOut,
    [TYPES.Authenticate, TYPES.UnitOfWork, TYPES.Clock, TYPES.IdGenerator],
    (authenticate: AuthenticateUseCase, unitOfWork: UnitOfWork, clock: Clock, ids: IdGenerator) =>
      new LogOutUseCase({ authenticate, unitOfWork, clock, ids }),
  );
  factory(
    TYPES.CreateAdmin,
    [TYPES.UnitOfWork, TYPES.PasswordHasher, TYPES.Clock, TYPES.IdGenerator],
    (unitOfWork: UnitOfWork, passwordHasher: PasswordHasher, clock: Clock, ids: IdGenerator) =>
      new CreateAdminUseCase({ unitOfWork, passwordHasher, clock, ids }),
  );
  factory(
    TYPES.EnsureInitialAdmin,
    [TYPES.Repositories, TYPES.CreateAdmin, TYPES.SessionTokenService],
    (repositories: Repositories, createAdmin: CreateAdminUseCase, tokens: SessionTokenService) =>
      new EnsureInitialAdminUseCase({ adminUsers: repositories.adminUsers, createAdmin, tokens }),
  );
  factory(
    TYPES.ResetAdminPassword,
    [TYPES.UnitOfWork, TYPES.PasswordHasher, TYPES.Clock, TYPES.IdGenerator],
    (unitOfWork: UnitOfWork, passwordHasher: PasswordHasher, clock: Clock, ids: IdGenerator) =>
      new ResetAdminPasswordUseCase({ unitOfWork, passwordHasher, clock, ids }),
  );

  // Audit log and dashboard
  factory(
    TYPES.ListAuditEvents,
    [TYPES.Repositories],
    (repositories: Repositories) => new ListAuditEventsUseCase(repositories),
  );
  factory(
    TYPES.GetDashboard,
    [TYPES.Repositories, TYPES.Clock],
    (repositories: Repositories, clock: Clock) => new GetDashboardUseCase({ ...repositories, clock }),
  );

  // Deliveries
  factory(
    TYPES.SendDueDeliveries,
    [
      TYPES.Repositories,
      TYPES.Mailer,
      TYPES.Clock,
      TYPES.SessionTokenService,
      TYPES.EmailSettings,
      TYPES.DeliveryPolicy,
    ],
    (
      repositories: Repositories,
      mailer: Mailer,
      clock: Clock,
      tokens: SessionTokenService,
      settings: EmailSettings,
      policy: DeliveryPolicy,
    ) => new SendDueDeliveriesUseCase({ ...repositories, mailer, clock, tokens, settings, policy }),
  );
  factory(
    TYPES.QueueOwnerDigest,
    [TYPES.Repositories, TYPES.Clock, TYPES.IdGenerator],
    (repositories: Repositories, clock: Clock, ids: IdGenerator) =>
      new QueueOwnerDigestUseCase({ ...repositories, clock, ids, ownerNotifications: mail.ownerNotifications }),
  );
  factory(
    TYPES.DownloadBook,
    [TYPES.Repositories, TYPES.SessionTokenService, TYPES.Clock, TYPES.DeliveryPolicy],
    (repositories: Repositories, tokens: SessionTokenService, clock: Clock, policy: DeliveryPolicy) =>
      new DownloadBookUseCase({ ...repositories, tokens, clock, maxDownloads: policy.maxDownloads }),
  );
  factory(
    TYPES.ResendDelivery,
    [TYPES.UnitOfWork, TYPES.Clock, TYPES.IdGenerator],
    (unitOfWork: UnitOfWork, clock: Clock, ids: IdGenerator) => new ResendDeliveryUseCase({ unitOfWork, clock, ids }),
  );

  return container;
}

/** The use cases the HTTP adapter needs, resolved from the container. */
export function httpUseCases(container: Container): HttpUseCases {
  return {
    signGuestbook: container.get(TYPES.SignGuestbook),
    listPublicGuestbookEntries: container.get(TYPES.ListPublicGuestbookEntries),
    listGuestbookEntries: container.get(TYPES.ListGuestbookEntries),
    moderateGuestbookEntry: container.get(TYPES.ModerateGuestbookEntry),
    submitScholarshipRequest: container.get(TYPES.SubmitScholarshipRequest),
    listScholarshipRequests: container.get(TYPES.ListScholarshipRequests),
    decideScholarshipRequest: container.get(TYPES.DecideScholarshipRequest),
    logIn: container.get(TYPES.LogIn),
    authenticate: container.get(TYPES.Authenticate),
    logOut: container.get(TYPES.LogOut),
    listAuditEvents: container.get(TYPES.ListAuditEvents),
    getDashboard: container.get(TYPES.GetDashboard),
    downloadBook: container.get(TYPES.DownloadBook),
    resendDelivery: container.get(TYPES.ResendDelivery),
  };
}
