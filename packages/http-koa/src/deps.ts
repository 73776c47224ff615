import type {
  AuthenticateUseCase,
  BookStamper,
  DecideScholarshipRequestUseCase,
  DownloadBookUseCase,
  GetDashboardUseCase,
  GuestbookModeration,
  ListAuditEventsUseCase,
  ListGuestbookEntriesUseCase,
  ListScholarshipRequestsUseCase,
  LogInUseCase,
  LogOutUseCase,
  PublicGuestbookList,
  RateLimiter,
  RateLimitPolicy,
  ResendDeliveryUseCase,
  SignGuestbookUseCase,
  SubmitScholarshipRequestUseCase,
} from '@memoir/domain';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** The use cases the HTTP API drives. */
export interface HttpUseCases {
  readonly signGuestbook: SignGuestbookUseCase;
  /** The use case, or the cache in front of it. */
  readonly listPublicGuestbookEntries: PublicGuestbookList;
  readonly listGuestbookEntries: ListGuestbookEntriesUseCase;
  readonly moderateGuestbookEntry: GuestbookModeration;
  readonly submitScholarshipRequest: SubmitScholarshipRequestUseCase;
  readonly listScholarshipRequests: ListScholarshipRequestsUseCase;
  readonly decideScholarshipRequest: DecideScholarshipRequestUseCase;
  readonly logIn: LogInUseCase;
  readonly authenticate: AuthenticateUseCase;
  readonly logOut: LogOutUseCase;
  readonly listAuditEvents: ListAuditEventsUseCase;
  readonly getDashboard: GetDashboardUseCase;
  readonly downloadBook: DownloadBookUseCase;
  readonly resendDelivery: ResendDeliveryUseCase;
}

export interface HttpAppOptions {
  readonly useCases: HttpUseCases;
  /** Counts public-form submissions per client address (the store all processes share). */
  readonly rateLimiter: RateLimiter;
  /** FORM_RATE_LIMIT: submissions per client address to each public form. */
  readonly formRateLimit: RateLimitPolicy;
  /** TRUST_PROXY: take the client address from the last X-Forwarded-For hop. */
  readonly trustProxy: boolean;
  /** ADMIN_HOST: when set, /api/admin and /admin answer only on this host name. */
  readonly adminHost: string | null;
  readonly logger: Logger;
  /** True for errors that mean the database cannot be reached (answered 503, not 500). */
  readonly isDatabaseUnavailable: (error: unknown) => boolean;
  /** /readyz: can the database answer? */
  readonly checkReadiness: () => Promise<boolean>;
  /** Makes each reader's stamped copy of the book for the download link. */
  readonly bookStamper: BookStamper;
  /** Answers what the API does not (the React apps); runs after the API routes. */
  readonly fallback?: Middleware;
}
