// Over 400 lines: the one composition root wires every use case, so that a new one is wired here and nowhere else.
import { AuthenticateUseCase } from './admin-sessions/authenticate.use-case';
import { EventCountBuffer, type EventCountStore } from './analytics/event-counts';
import { GetAnalyticsUseCase } from './analytics/get-analytics.use-case';
import { FollowStoreLinkUseCase } from './analytics/follow-store-link.use-case';
import { countServerEvent, RecordEventUseCase } from './analytics/record-event.use-case';
import { CreateAdminUseCase } from './admin-sessions/create-admin.use-case';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './admin-sessions/admin-session';
import { EnsureInitialAdminUseCase } from './admin-sessions/ensure-initial-admin.use-case';
import { LogInUseCase } from './admin-sessions/log-in.use-case';
import { LogOutUseCase } from './admin-sessions/log-out.use-case';
import type { PasswordHasher } from './admin-sessions/password-hasher';
import {
  ChangePasswordUseCase,
  EndSessionsUseCase,
  GetSecurityUseCase,
} from './admin-sessions/admin-security.use-cases';
import { ResetAdminPasswordUseCase } from './admin-sessions/reset-admin-password.use-case';
import { ManageAdminsUseCase } from './admin-sessions/manage-admins.use-case';
import type { TwoFactorSecrets } from './admin-sessions/two-factor-secrets';
import { CompleteTwoFactorLogInUseCase, TwoFactorSetupUseCase } from './admin-sessions/two-factor.use-cases';
import type { SecretTokens } from './shared/secret-tokens';
import type { Sha256 } from './audit-log/audit-chain';
import { ListAuditEventsUseCase } from './audit-log/list-audit-events.use-case';
import { CachedAuditChainState, VerifyAuditChainUseCase } from './audit-log/verify-audit-chain.use-case';
import { GetDashboardUseCase } from './dashboard/get-dashboard.use-case';
import { SERVER_SET_UP, SetupChecklistUseCase, type ServerSetup } from './dashboard/setup-checklist.use-case';
import { DownloadBookUseCase, type CopyPatience } from './deliveries/download-book.use-case';
import type { EmailSettings } from './deliveries/emails';
import type { Mailer } from './deliveries/mailer';
import { MailHealthUseCase, NO_MAIL_HEALTH_PROBE, type MailHealthProbe } from './deliveries/mail-health';
import { QueueOwnerDigestUseCase } from './deliveries/owner-notifications';
import type { OwnerNotifications } from './outbox/delivery';
import { ResendDeliveryUseCase } from './deliveries/resend-delivery.use-case';
import { GetDeliveryTimelineUseCase } from './deliveries/delivery-timeline.use-case';
import { RevokeDownloadLinkUseCase } from './deliveries/revoke-download-link.use-case';
import type { StampedCopies } from './deliveries/stamped-copies';
import { SweepStampedCopiesUseCase } from './deliveries/sweep-stamped-copies.use-case';
import { SendDueDeliveriesUseCase, type DeliveryPolicy } from './deliveries/send-due-deliveries.use-case';
import {
  CachedPublicGuestbookList,
  invalidatingPublicList,
  PUBLIC_LIST_CACHE_TTL_MS,
  type GuestbookModeration,
  type PublicGuestbookList,
} from './guestbook/cached-public-guestbook-list';
import { ListGuestbookEntriesUseCase } from './guestbook/list-guestbook-entries.use-case';
import { ListPublicGuestbookEntriesUseCase } from './guestbook/list-public-guestbook-entries.use-case';
import { GuestbookErrorCode, type GuestbookError } from './guestbook/guestbook.errors';
import {
  ModerateGuestbookEntryUseCase,
  type ModerateGuestbookEntryInput,
} from './guestbook/moderate-guestbook-entry.use-case';
import { SignGuestbookUseCase } from './guestbook/sign-guestbook.use-case';
import type { RateLimitStore } from './rate-limiting/rate-limit-store';
import { RateLimiter, type RateLimitPolicy } from './rate-limiting/rate-limiter';
import {
  ListCrackmeClaimsUseCase,
  MarkPrizeSentUseCase,
  SubmitCrackmeClaimUseCase,
} from './crackme/crackme-claims.use-cases';
import { ListSuppressionsUseCase, RemoveSuppressionUseCase } from './suppressions/suppressions.use-cases';
import { RecordMailEventUseCase } from './suppressions/record-mail-event.use-case';
import { SignUpReaderUseCase } from './readers/sign-up-reader.use-case';
import { ListReadersUseCase } from './readers/list-readers.use-case';
import {
  DEFAULT_ANNOUNCE_RATE,
  ListAnnouncementsUseCase,
  ResumeAnnouncementsUseCase,
  SendAnnouncementUseCase,
} from './readers/announcements.use-cases';
import { ConfirmReaderUseCase, UnsubscribeReaderUseCase } from './readers/reader-links.use-cases';
import { AnswerReviewReminderUseCase } from './deliveries/answer-review-reminder.use-case';
import { QueueReviewRemindersUseCase } from './deliveries/queue-review-reminders.use-case';
import { unsubscribingOnComplaint } from './readers/list-mail';
import type { ReaderWebhookQueueing } from './readers/reader-webhook';
import { SendReaderWebhooksUseCase, type WebhookPoster } from './readers/send-reader-webhooks.use-case';
import { RequestStatusUseCase } from './deliveries/request-status.use-case';
import { ErasePersonUseCase } from './personal-data/erase-person.use-case';
import { ExportPersonUseCase } from './personal-data/export-person.use-case';
import { ApplyRetentionUseCase } from './retention/apply-retention.use-case';
import {
  DEFAULT_RETENTION_POLICY,
  NO_SENT_EMAIL_ARCHIVE,
  type RetentionPolicy,
  type SentEmailArchive,
} from './retention/retention';
import type { RiddleAnswers } from './riddles/riddle-answers';
import { BulkDecisionsUseCase } from './review-queue/bulk-decisions';
import {
  DecideScholarshipRequestUseCase,
  type DecideScholarshipRequestInput,
} from './scholarships/decide-scholarship-request.use-case';
import { ScholarshipErrorCode, type ScholarshipError } from './scholarships/scholarships.errors';
import { ListScholarshipRequestsUseCase } from './scholarships/list-scholarship-requests.use-case';
import { SubmitScholarshipRequestUseCase } from './scholarships/submit-scholarship-request.use-case';
import type { Clock } from './shared/clock';
import { EditSiteContentUseCase, PublishedSiteContent } from './site-content/site-content.use-cases';
import { DEFAULT_SITE_CONTENT, isPlaceholderUrl, type SiteContent } from '@memoir/shared';
import { forgettingCounts, RECENT_COUNTS_TTL_MS, RecentCounts } from './shared/recent-counts';
import type { IdGenerator } from './shared/id-generator';
import type { Repositories, UnitOfWork } from './persistence';
import type { BookInspector } from './media/book-inspector';
import type { ImageProcessor } from './media/image-processor';
import { ListMediaUseCase } from './media/list-media.use-case';
import type { MediaStore } from './media/media-store';
import { NO_BOOK_INSPECTOR, NO_IMAGE_PROCESSOR } from './media/no-adapters';
import { UploadMediaUseCase, type ContentHash } from './media/upload-media.use-case';
import { DEFAULT_BOOK_MAX_BYTES } from '@memoir/shared';

/** Every port the use cases reach, as the server's adapters or the tests' fakes provide them. */
export interface UseCasePorts {
  readonly repositories: Repositories;
  readonly unitOfWork: UnitOfWork;
  readonly rateLimits: RateLimitStore;
  readonly eventCounts: EventCountStore;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly riddles: RiddleAnswers;
  readonly passwordHasher: PasswordHasher;
  readonly tokens: SecretTokens;
  readonly mailer: Mailer;
  /** TOTP and the randomness of two-factor secrets and recovery codes. */
  readonly twoFactorSecrets: TwoFactorSecrets;
  /** SHA-256 as hex, the audit chain's hash (the same function the persistence adapter seals with). */
  readonly sha256: Sha256;
  /** Each download link's stamped copy, made once and kept. */
  readonly copies: StampedCopies;
  /** How long the download button waits for a copy being made (until it is made, without). */
  readonly copyPatience?: CopyPatience;
  /**
   * The client as the rate limits count it, from its full address (the server keys an IPv6
   * address by its /64). Without it, each address counts on its own.
   */
  readonly rateLimitAddressKey?: (ipAddress: string) => string;
  /** Copies of sent emails kept outside the database (the outbox folder); none by default. */
  readonly sentEmails?: SentEmailArchive;
  /** The sending domain's DNS and the SMTP server, as the Mail health screen checks them (none: not checked). */
  readonly mailHealth?: MailHealthProbe;
  /** The uploads' bytes: the database's store, or an object store (MEDIA_S3_URL). */
  readonly mediaStore: MediaStore;
  /** SHA-256 of bytes, hex: the names of stored image variants. */
  readonly hashBytes: ContentHash;
  /** Posts the readers' events to READERS_WEBHOOK_URL, signed (none: nothing is ever posted). */
  readonly webhookPoster?: WebhookPoster;
  /** Decodes and re-encodes the cover and the photo (none: every image is refused). */
  readonly images?: ImageProcessor;
  /** Plans a new book as the stamper would (none: every book is refused). */
  readonly books?: BookInspector;
}

/** The product's settings the use cases follow (the server reads them from its configuration). */
export interface UseCaseSettings {
  /** LOGIN_RATE_LIMIT: failed sign-ins per username from one address, and per address. */
  readonly loginRateLimit: RateLimitPolicy;
  /**
   * LOGIN_ACCOUNT_LIMIT: failed sign-ins per username from anywhere before the owner is
   * emailed and addresses that have failed on it are refused.
   */
  readonly loginAccountLimit: RateLimitPolicy;
  readonly deliveryPolicy: DeliveryPolicy;
  /** ANNOUNCE_RATE: an announcement's mails per window (DEFAULT_ANNOUNCE_RATE without). */
  readonly announceRate?: RateLimitPolicy;
  readonly email: EmailSettings;
  readonly ownerNotifications: OwnerNotifications;
  /** NOTIFY_REJECTIONS: send a polite email after a rejection too (the server's default: no). */
  readonly notifyRejections: boolean;
  readonly sessionPolicy?: SessionPolicy;
  /** How long a process may serve a public list that another process changed since. */
  readonly publicListCacheTtlMs?: number;
  /** How long a process may show counts another process has changed since (RECENT_COUNTS_TTL_MS). */
  readonly recentCountsTtlMs?: number;
  /** CRACKME_WINNERS: how many of the first prize claims win (10 without). */
  readonly crackmeWinners?: number;
  /** RETENTION_*: how long personal data is kept (DEFAULT_RETENTION_POLICY without). */
  readonly retention?: RetentionPolicy;
  /**
   * The site's first published version, written when the store holds none (the shipped texts,
   * DEFAULT_SITE_CONTENT, without; the server adds STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL).
   */
  readonly firstSiteContent?: SiteContent;
  /** How often a process asks whether another published the site's content (PUBLISHED_CONTENT_CHECK_MS). */
  readonly publishedContentCheckMs?: number;
  /** What the server's settings leave to do, for the dashboard's setup checklist (nothing, without). */
  readonly serverSetup?: ServerSetup;
  /** BOOK_MAX_BYTES: the largest book the owner may upload (DEFAULT_BOOK_MAX_BYTES without). */
  readonly bookMaxBytes?: number;
  /** REVIEW_REMINDER_DAYS: days after the first download before the one review reminder (14 without). */
  readonly reviewReminderDays?: number;
  /** READERS_WEBHOOK_URL is set: each confirmation and leaving queues an event for it (off without). */
  readonly readerWebhooks?: boolean;
}

export const DEFAULT_REVIEW_REMINDER_DAYS = 14;

export const DEFAULT_CRACKME_WINNERS = 10;

/** Without READERS_WEBHOOK_URL nothing is queued, so nothing is ever posted; a row left from before stays pending. */
const NO_WEBHOOK_POSTER: WebhookPoster = {
  post: async () => ({ kind: 'network', error: 'READERS_WEBHOOK_URL is not set' }),
};

/** Every use case of the product: what the HTTP adapter, the CLI, the delivery worker and the tests drive. */
export interface UseCases {
  readonly signGuestbook: Pick<SignGuestbookUseCase, 'execute'>;
  /** Served from memory; a decision through `moderateGuestbookEntry` forgets it at once. */
  readonly listPublicGuestbookEntries: PublicGuestbookList;
  readonly listGuestbookEntries: ListGuestbookEntriesUseCase;
  readonly moderateGuestbookEntry: GuestbookModeration;
  readonly bulkModerateGuestbookEntries: BulkDecisionsUseCase<ModerateGuestbookEntryInput, GuestbookError>;
  readonly submitScholarshipRequest: Pick<SubmitScholarshipRequestUseCase, 'execute'>;
  readonly listScholarshipRequests: ListScholarshipRequestsUseCase;
  readonly decideScholarshipRequest: Pick<DecideScholarshipRequestUseCase, 'execute'>;
  readonly bulkDecideScholarshipRequests: BulkDecisionsUseCase<DecideScholarshipRequestInput, ScholarshipError>;
  readonly logIn: LogInUseCase;
  readonly completeTwoFactorLogIn: CompleteTwoFactorLogInUseCase;
  readonly twoFactorSetup: TwoFactorSetupUseCase;
  readonly manageAdmins: ManageAdminsUseCase;
  readonly authenticate: AuthenticateUseCase;
  readonly logOut: LogOutUseCase;
  readonly createAdmin: CreateAdminUseCase;
  readonly ensureInitialAdmin: EnsureInitialAdminUseCase;
  readonly resetAdminPassword: ResetAdminPasswordUseCase;
  readonly listAuditEvents: ListAuditEventsUseCase;
  readonly getSecurity: GetSecurityUseCase;
  readonly endSessions: EndSessionsUseCase;
  readonly changePassword: ChangePasswordUseCase;
  readonly getDashboard: GetDashboardUseCase;
  /** What a new owner still has to do. */
  readonly setupChecklist: SetupChecklistUseCase;
  /** `pnpm admin audit-verify`: the whole chain, now. */
  readonly verifyAuditChain: VerifyAuditChainUseCase;
  /** The dashboard's view of the chain: the last background check. */
  readonly auditChainState: CachedAuditChainState;
  readonly sendDueDeliveries: SendDueDeliveriesUseCase;
  readonly queueOwnerDigest: QueueOwnerDigestUseCase;
  readonly downloadBook: DownloadBookUseCase;
  readonly resendDelivery: ResendDeliveryUseCase;
  /** What became of the emails to a request's requester, each with its timeline. */
  readonly deliveryTimeline: GetDeliveryTimelineUseCase;
  readonly applyRetention: Pick<ApplyRetentionUseCase, 'execute'>;
  readonly erasePerson: Pick<ErasePersonUseCase, 'execute'>;
  readonly exportPerson: ExportPersonUseCase;
  readonly submitCrackmeClaim: SubmitCrackmeClaimUseCase;
  readonly listCrackmeClaims: ListCrackmeClaimsUseCase;
  readonly markPrizeSent: MarkPrizeSentUseCase;
  readonly recordEvent: RecordEventUseCase;
  readonly followStoreLink: FollowStoreLinkUseCase;
  readonly getAnalytics: GetAnalyticsUseCase;
  /** This process's counted events not yet written: the server flushes them every few seconds and when it stops. */
  readonly countedEvents: {
    flush(): Promise<void>;
    /** Counts what the server itself sees happen (a delivered copy). */
    count(name: 'pdf_download'): void;
  };
  readonly revokeDownloadLink: RevokeDownloadLinkUseCase;
  /** The owner's draft, publish, versions, restore and preview of the site's content. */
  readonly editSiteContent: EditSiteContentUseCase;
  /** The published content the public page is rendered from, a few seconds stale at most. */
  readonly publishedSiteContent: PublishedSiteContent;
  readonly sweepStampedCopies: SweepStampedCopiesUseCase;
  /** The one limiter over the shared store: sign-in counts failures with it, the public forms submissions. */
  readonly rateLimiter: RateLimiter;
  /** The Mail health screen: SPF, DKIM, DMARC, MX, STARTTLS, and a test email. */
  readonly mailHealth: MailHealthUseCase;
  readonly listSuppressions: ListSuppressionsUseCase;
  readonly removeSuppression: RemoveSuppressionUseCase;
  /** A provider's bounce or complaint, its signature checked (POST /api/mail-events/{provider}); a complaint also unsubscribes a reader. */
  readonly recordMailEvent: Pick<RecordMailEventUseCase, 'execute'>;
  /** The reader list: sign up (double opt-in), the confirmation page, leaving. */
  readonly signUpReader: SignUpReaderUseCase;
  readonly confirmReader: ConfirmReaderUseCase;
  readonly unsubscribeReader: UnsubscribeReaderUseCase;
  /** Queues the review reminders that are due: a background job runs it. */
  readonly queueReviewReminders: QueueReviewRemindersUseCase;
  /** The review reminder's two answer pages and their buttons. */
  readonly answerReviewReminder: AnswerReviewReminderUseCase;
  /** The owner's Readers screen: the list, its counts and growth, the exports. */
  readonly listReaders: ListReadersUseCase;
  /** An announcement to the confirmed readers (or a test to the owner), its list, and the worker's resumption of its queuing. */
  readonly sendAnnouncement: SendAnnouncementUseCase;
  readonly listAnnouncements: ListAnnouncementsUseCase;
  readonly resumeAnnouncements: ResumeAnnouncementsUseCase;
  /** The webhook worker's run: posts the readers' events that are due (READERS_WEBHOOK_URL). */
  readonly sendReaderWebhooks: SendReaderWebhooksUseCase;
  /** /request-status: a reader's approved link mailed again. */
  readonly requestStatus: RequestStatusUseCase;
  /** The owner uploads the book, the cover or the author photo. */
  readonly uploadMedia: UploadMediaUseCase;
  /** The uploads in use: the Media screen's list, and the newest book and images for the server. */
  readonly listMedia: ListMediaUseCase;
}

/**
 * Builds every use case from the ports, once: the server's composition root and the tests'
 * world both call it, so a new use case is wired here and nowhere else.
 */
export function createUseCases(ports: UseCasePorts, settings: UseCaseSettings): UseCases {
  const { repositories, unitOfWork, clock, ids, riddles, passwordHasher, tokens, mailer, copies } = ports;
  const { ownerNotifications, deliveryPolicy } = settings;
  const sessionPolicy = settings.sessionPolicy ?? DEFAULT_SESSION_POLICY;
  const rateLimiter = new RateLimiter(ports.rateLimits, clock);
  const decisions = { unitOfWork, clock, ids };
  const addressKey = ports.rateLimitAddressKey ?? ((ipAddress: string) => ipAddress);
  const twoFactorDeps = {
    ...repositories,
    ...decisions,
    secrets: ports.twoFactorSecrets,
    tokens,
    passwordHasher,
    rateLimiter,
    loginPolicy: settings.loginRateLimit,
    accountPolicy: settings.loginAccountLimit,
    addressKey,
    sessionPolicy,
    alertOwner: settings.email.ownerEmail !== null,
  };
  const webhooks: ReaderWebhookQueueing = { on: settings.readerWebhooks === true, ids, clock };
  const announcing = { ...repositories, ids, clock, rate: settings.announceRate ?? DEFAULT_ANNOUNCE_RATE };
  const verifyAuditChain = new VerifyAuditChainUseCase({ ...repositories, sha256: ports.sha256, clock });

  const resendDelivery = new ResendDeliveryUseCase({ ...decisions, copies });
  const eventBuffer = new EventCountBuffer();
  const recordEvent = new RecordEventUseCase({ buffer: eventBuffer, clock });
  const winners = settings.crackmeWinners ?? DEFAULT_CRACKME_WINNERS;
  const publicList = new CachedPublicGuestbookList({
    inner: new ListPublicGuestbookEntriesUseCase(repositories),
    clock,
    ttlMs: settings.publicListCacheTtlMs ?? PUBLIC_LIST_CACHE_TTL_MS,
  });
  const authenticate = new AuthenticateUseCase({ ...repositories, tokens, sessionPolicy, clock });
  const createAdmin = new CreateAdminUseCase({ ...decisions, passwordHasher });
  const counts = new RecentCounts({ clock, ttlMs: settings.recentCountsTtlMs ?? RECENT_COUNTS_TTL_MS });
  const moderate = forgettingCounts(
    invalidatingPublicList(new ModerateGuestbookEntryUseCase(decisions), publicList),
    counts,
  );
  const editSiteContent = new EditSiteContentUseCase({
    ...repositories,
    ...decisions,
    tokens,
    firstVersion: settings.firstSiteContent ?? DEFAULT_SITE_CONTENT,
    // This process serves a publish at once; the others within a check's period.
    afterPublish: () => publishedSiteContent.forget(),
  });
  const publishedSiteContent = new PublishedSiteContent({
    ...repositories,
    clock,
    edit: editSiteContent,
    checkMs: settings.publishedContentCheckMs,
  });
  // What the page shows now (the first version before the owner has published one). With
  // PUBLIC_BASE_URL set, the page shows a store whose address is still a placeholder without a
  // link: so do the emails' /go/<format> and the review reminder's list of stores.
  const hidePlaceholders = settings.serverSetup?.publicBaseUrlSet === true;
  const storeLinks = async () =>
    (await publishedSiteContent.current()).content.buyLinks.map((link) =>
      hidePlaceholders && isPlaceholderUrl(link.url) ? { ...link, url: '' } : link,
    );
  const listMedia = new ListMediaUseCase({ ...repositories, clock });
  const decide = forgettingCounts(
    new DecideScholarshipRequestUseCase({ ...decisions, notifyRejections: settings.notifyRejections }),
    counts,
  );

  return {
    signGuestbook: forgettingCounts(
      new SignGuestbookUseCase({ ...repositories, ...decisions, riddles, ownerNotifications }),
      counts,
    ),
    listPublicGuestbookEntries: publicList,
    listGuestbookEntries: new ListGuestbookEntriesUseCase({ ...repositories, counts }),
    moderateGuestbookEntry: moderate,
    bulkModerateGuestbookEntries: new BulkDecisionsUseCase(moderate, GuestbookErrorCode.Invalid),
    submitScholarshipRequest: forgettingCounts(
      new SubmitScholarshipRequestUseCase({ ...repositories, ...decisions, riddles, ownerNotifications }),
      counts,
    ),
    listScholarshipRequests: new ListScholarshipRequestsUseCase({ ...repositories, counts }),
    decideScholarshipRequest: decide,
    bulkDecideScholarshipRequests: new BulkDecisionsUseCase(decide, ScholarshipErrorCode.Invalid),
    logIn: new LogInUseCase({
      ...repositories,
      ...decisions,
      passwordHasher,
      tokens,
      rateLimiter,
      loginPolicy: settings.loginRateLimit,
      accountPolicy: settings.loginAccountLimit,
      addressKey,
      alertOwner: settings.email.ownerEmail !== null,
      sessionPolicy,
    }),
    completeTwoFactorLogIn: new CompleteTwoFactorLogInUseCase(twoFactorDeps),
    twoFactorSetup: new TwoFactorSetupUseCase(twoFactorDeps),
    manageAdmins: new ManageAdminsUseCase(twoFactorDeps),
    authenticate,
    logOut: new LogOutUseCase({ ...decisions, authenticate }),
    createAdmin,
    ensureInitialAdmin: new EnsureInitialAdminUseCase({ ...repositories, createAdmin, tokens }),
    resetAdminPassword: new ResetAdminPasswordUseCase({ ...decisions, passwordHasher }),
    listAuditEvents: new ListAuditEventsUseCase(repositories),
    getSecurity: new GetSecurityUseCase({ ...repositories, sessionPolicy, clock }),
    endSessions: new EndSessionsUseCase(decisions),
    changePassword: new ChangePasswordUseCase({
      ...repositories,
      ...decisions,
      passwordHasher,
      rateLimiter,
      loginPolicy: settings.loginRateLimit,
    }),
    getDashboard: new GetDashboardUseCase({ ...repositories, clock, counts }),
    verifyAuditChain,
    auditChainState: new CachedAuditChainState({ verify: verifyAuditChain, clock }),
    sendDueDeliveries: new SendDueDeliveriesUseCase({
      ...repositories,
      storeLinks,
      mailer,
      clock,
      ids,
      tokens,
      settings: settings.email,
      policy: deliveryPolicy,
      loginAccountLimit: settings.loginAccountLimit,
    }),
    queueOwnerDigest: new QueueOwnerDigestUseCase({ ...repositories, clock, ids, ownerNotifications }),
    downloadBook: new DownloadBookUseCase({
      ...repositories,
      copies,
      tokens,
      clock,
      ids,
      maxDownloads: deliveryPolicy.maxDownloads,
      patience: ports.copyPatience,
    }),
    resendDelivery,
    deliveryTimeline: new GetDeliveryTimelineUseCase(repositories),
    revokeDownloadLink: new RevokeDownloadLinkUseCase({ ...decisions, copies }),
    sweepStampedCopies: new SweepStampedCopiesUseCase({ ...repositories, copies, clock }),
    // Deleting rejected items changes the dashboard's counts: they are read afresh after a run.
    applyRetention: forgettingCounts(
      new ApplyRetentionUseCase({
        ...decisions,
        rateLimits: ports.rateLimits,
        sentEmails: ports.sentEmails ?? NO_SENT_EMAIL_ARCHIVE,
        policy: settings.retention ?? DEFAULT_RETENTION_POLICY,
        sessionPolicy,
      }),
      counts,
    ),
    // An erasure closes pending requests and renames others: counts and lists are read afresh.
    erasePerson: forgettingCounts(
      new ErasePersonUseCase({ ...decisions, sentEmails: ports.sentEmails ?? NO_SENT_EMAIL_ARCHIVE, webhooks }),
      counts,
    ),
    exportPerson: new ExportPersonUseCase({ ...repositories, ...decisions }),
    submitCrackmeClaim: new SubmitCrackmeClaimUseCase({ ...repositories, clock, ids, winners }),
    listCrackmeClaims: new ListCrackmeClaimsUseCase({ ...repositories, winners }),
    markPrizeSent: new MarkPrizeSentUseCase(decisions),
    recordEvent,
    followStoreLink: new FollowStoreLinkUseCase({ storeLinks, recordEvent }),
    getAnalytics: new GetAnalyticsUseCase({ store: ports.eventCounts, buffer: eventBuffer, clock }),
    countedEvents: {
      flush: () => eventBuffer.flush(ports.eventCounts),
      count: (name) => countServerEvent(eventBuffer, clock, name),
    },
    editSiteContent,
    publishedSiteContent,
    setupChecklist: new SetupChecklistUseCase({
      ...repositories,
      published: publishedSiteContent,
      media: listMedia,
      setup: settings.serverSetup ?? SERVER_SET_UP,
    }),
    rateLimiter,
    mailHealth: new MailHealthUseCase(ports.mailHealth ?? NO_MAIL_HEALTH_PROBE, mailer, settings.email),
    listSuppressions: new ListSuppressionsUseCase(repositories),
    removeSuppression: new RemoveSuppressionUseCase(decisions),
    requestStatus: new RequestStatusUseCase({
      ...repositories,
      rateLimits: ports.rateLimits,
      resend: resendDelivery,
      clock,
      sha256: ports.sha256,
    }),
    listMedia,
    uploadMedia: new UploadMediaUseCase({
      ...decisions,
      media: repositories.media,
      store: ports.mediaStore,
      images: ports.images ?? NO_IMAGE_PROCESSOR,
      books: ports.books ?? NO_BOOK_INSPECTOR,
      hash: ports.hashBytes,
      bookMaxBytes: settings.bookMaxBytes ?? DEFAULT_BOOK_MAX_BYTES,
      // This process uses its own upload at once; the others within CURRENT_MEDIA_TTL_MS.
      afterUpload: () => listMedia.forget(),
    }),
    recordMailEvent: unsubscribingOnComplaint(
      new RecordMailEventUseCase({ ...repositories, rateLimits: ports.rateLimits, clock, ids, sha256: ports.sha256 }),
      { ...repositories, unitOfWork, clock, webhooks },
    ),
    signUpReader: new SignUpReaderUseCase({ ...decisions, riddles }),
    confirmReader: new ConfirmReaderUseCase({ ...repositories, unitOfWork, tokens, clock, webhooks }),
    unsubscribeReader: new UnsubscribeReaderUseCase({ ...repositories, unitOfWork, tokens, clock, webhooks }),
    queueReviewReminders: new QueueReviewRemindersUseCase({
      ...repositories,
      ...decisions,
      delayMs: (settings.reviewReminderDays ?? DEFAULT_REVIEW_REMINDER_DAYS) * 24 * 60 * 60_000,
    }),
    answerReviewReminder: new AnswerReviewReminderUseCase({ ...repositories, tokens, clock }),
    listReaders: new ListReadersUseCase({ ...repositories, clock, webhookConfigured: webhooks.on }),
    sendAnnouncement: new SendAnnouncementUseCase({ ...announcing, ownerEmail: settings.email.ownerEmail }),
    listAnnouncements: new ListAnnouncementsUseCase(repositories),
    resumeAnnouncements: new ResumeAnnouncementsUseCase(announcing),
    sendReaderWebhooks: new SendReaderWebhooksUseCase({
      ...repositories,
      poster: ports.webhookPoster ?? NO_WEBHOOK_POSTER,
      clock,
    }),
  };
}
