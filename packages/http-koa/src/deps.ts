import type { CopyOwner, MediaStore, RateLimiter, RateLimitPolicy, UseCases } from '@memoir/domain';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

import type { TrustProxy } from './forwarded';
import type { SnsEndpoint } from './mail-events/sns';
import type { PrivacyNotice } from './privacy-page';

/** The use cases the HTTP API drives: the domain's own, as `createUseCases` builds them. */
export type HttpUseCases = Pick<
  UseCases,
  | 'signGuestbook'
  | 'listPublicGuestbookEntries'
  | 'listGuestbookEntries'
  | 'moderateGuestbookEntry'
  | 'bulkModerateGuestbookEntries'
  | 'submitScholarshipRequest'
  | 'listScholarshipRequests'
  | 'decideScholarshipRequest'
  | 'bulkDecideScholarshipRequests'
  | 'logIn'
  | 'completeTwoFactorLogIn'
  | 'twoFactorSetup'
  | 'authenticate'
  | 'logOut'
  | 'listAuditEvents'
  | 'getSecurity'
  | 'endSessions'
  | 'changePassword'
  | 'manageAdmins'
  | 'getDashboard'
  | 'auditChainState'
  | 'downloadBook'
  | 'resendDelivery'
  | 'erasePerson'
  | 'exportPerson'
  | 'recordEvent'
  | 'followStoreLink'
  | 'getAnalytics'
  | 'submitCrackmeClaim'
  | 'listCrackmeClaims'
  | 'markPrizeSent'
  | 'revokeDownloadLink'
  | 'countedEvents'
  | 'editSiteContent'
  | 'setupChecklist'
  | 'mailHealth'
  | 'listSuppressions'
  | 'removeSuppression'
  | 'recordMailEvent'
  | 'deliveryTimeline'
  | 'requestStatus'
  | 'signUpReader'
  | 'confirmReader'
  | 'unsubscribeReader'
  | 'answerReviewReminder'
  | 'uploadMedia'
  | 'listMedia'
  | 'listReaders'
  | 'sendAnnouncement'
  | 'listAnnouncements'
>;

/** What the media routes need beside the use cases: where uploads wait, the store, the test copy. */
export interface MediaOptions {
  /** Where an upload is kept while it is judged (`$DATA_DIR/uploads`): a file per upload, removed after. */
  readonly stagingDir: string;
  /** BOOK_MAX_BYTES. */
  readonly bookMaxBytes: number;
  /** The uploads' bytes, where the public image URLs are read from. */
  readonly store: MediaStore;
  /** The signed-in owner's stamped copy of the book new downloads get. */
  testCopy(owner: CopyOwner): Promise<Uint8Array>;
  /**
   * Told after an upload through this process, with the upload's record and its staged file
   * (still there): the book file it stamps from is taken at once.
   */
  afterUpload?(uploaded: {
    readonly kind: string;
    readonly fileId: string | null;
    readonly path: string;
  }): Promise<void>;
}

export interface HttpAppOptions {
  readonly useCases: HttpUseCases;
  /** Uploads and the public images (absent: /api/admin/media/{kind} and /media are 404). */
  readonly media?: MediaOptions;
  /** Counts public-form submissions per client address (the store all processes share). */
  readonly rateLimiter: RateLimiter;
  /** FORM_RATE_LIMIT: submissions per client address to each public form. */
  readonly formRateLimit: RateLimitPolicy;
  /** CRACKME_CLAIM_LIMIT: prize claims (right or wrong key) per client address. */
  readonly crackmeClaimLimit: RateLimitPolicy;
  /** TRUST_PROXY: which peers' X-Forwarded-* headers say who the client is. */
  readonly trustProxy: TrustProxy;
  /** TRUST_FORWARDED_HOST: a trusted proxy's X-Forwarded-Host decides the host (ADMIN_HOST). */
  readonly trustForwardedHost: boolean;
  /** PUBLIC_BASE_URL without a trailing slash: where the public site's links (a preview's) point. */
  readonly publicBaseUrl: string;
  /** The providers' delivery events (MAIL_EVENTS_SECRET, and where SNS certificates come from); absent: off. */
  readonly mailEvents?: { readonly secret: string; readonly sns: SnsEndpoint };
  /** ADMIN_HOST: when set, /api/admin and /admin answer only on this host name. */
  readonly adminHost: string | null;
  readonly logger: Logger;
  /** True for errors that mean the database cannot be reached (answered 503, not 500). */
  readonly isDatabaseUnavailable: (error: unknown) => boolean;
  /** /readyz: can the database answer? */
  readonly checkReadiness: () => Promise<boolean>;
  /** Answers what the API does not (the React apps); runs after the API routes. */
  readonly fallback?: Middleware;
  /** Told of every answered request (the metrics' request histogram and counters). */
  readonly observeRequest?: (request: ObservedRequest) => void;
  /** GET /privacy: what the notice says, from the running configuration. Absent: /privacy is the apps' 404. */
  readonly privacy?: PrivacyNotice;
  /** GET /metrics: who may read it and what it says. Absent: /metrics is 404. */
  readonly metrics?: MetricsEndpoint;
}

/** One answered request, as the metrics count it. */
export interface ObservedRequest {
  readonly method: string;
  /**
   * The route's template (`/api/admin/guestbook/:id`), never the path itself: a metric label
   * must not grow with the ids and texts clients send. `unmatched` for an API path no route
   * has, `static` for the apps' files and pages.
   */
  readonly route: string;
  readonly status: number;
  readonly seconds: number;
}

export interface MetricsEndpoint {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  readonly token: string | null;
  /** The metrics in Prometheus's text format. */
  render(): Promise<{ readonly contentType: string; readonly body: string }>;
}
