import {
  createInMemoryPersistence,
  FakePasswordHasher,
  FakeSecretTokens,
  FixedRiddleAnswers,
  InMemoryStampedCopies,
  ManualClock,
  RecordingMailer,
  SequentialIdGenerator,
  fakeSha256,
  FakeTwoFactorSecrets,
} from '../memory';
import {
  type LogInSuccess,
  type TwoFactorRequired,
  createUseCases,
  DEFAULT_DELIVERY_POLICY,
  type Actor,
  type EmailSettings,
  type OwnerNotifications,
  type RequestContext,
  type WebhookPoster,
} from '../src';
import { fakeHashBytes, FakeBookInspector, FakeImageProcessor } from '../testing/media-fakes';

export const GUESTBOOK_ANSWER = 'console';
export const SCHOLARSHIP_ANSWER = 'kernel';
export const OWNER_PASSWORD = 'a-long-enough-password';
export const LOGIN_POLICY = { max: 5, windowMs: 15 * 60 * 1000 };
export const LOGIN_ACCOUNT_POLICY = { max: 12, windowMs: 15 * 60 * 1000 };

export const FROM_BROWSER: RequestContext = { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' };

export const EMAIL_SETTINGS: EmailSettings = {
  bookTitle: 'Root Access',
  publicBaseUrl: 'https://memoir.example',
  adminBaseUrl: 'https://admin.memoir.example',
  ownerEmail: 'owner@memoir.example',
};

/**
 * Every use case wired as the server wires them (`createUseCases`), to fresh in-memory
 * adapters, a manual clock, fake secrets and a recording mailer. The owner hears of new items,
 * and a rejected requester gets an email, only when told to (the server's defaults).
 */
export function createWorld(
  options: {
    ownerNotifications?: OwnerNotifications;
    notifyRejections?: boolean;
    bookMaxBytes?: number;
    /** READERS_WEBHOOK_URL set: readers' events are queued, and posted through this poster. */
    webhookPoster?: WebhookPoster;
  } = {},
) {
  const persistence = createInMemoryPersistence();
  const { repositories } = persistence;
  const clock = new ManualClock('2026-01-15T12:00:00.000Z');
  const ids = new SequentialIdGenerator();
  const passwordHasher = new FakePasswordHasher();
  const tokens = new FakeSecretTokens();
  const mailer = new RecordingMailer();
  const twoFactorSecrets = new FakeTwoFactorSecrets();
  const copies = new InMemoryStampedCopies();
  /** The download button's patience: when `out`, it waits for no copy being made (a crowd). */
  const patience = { out: false };
  const deliveryPolicy = DEFAULT_DELIVERY_POLICY;
  const images = new FakeImageProcessor();
  const books = new FakeBookInspector();

  const useCases = createUseCases(
    {
      repositories,
      unitOfWork: persistence.unitOfWork,
      rateLimits: persistence.rateLimits,
      eventCounts: persistence.eventCounts,
      clock,
      ids,
      riddles: new FixedRiddleAnswers({ guestbook: GUESTBOOK_ANSWER, scholarship: SCHOLARSHIP_ANSWER }),
      passwordHasher,
      tokens,
      mailer,
      sha256: fakeSha256,
      twoFactorSecrets,
      copies,
      copyPatience: (making) => (patience.out ? Promise.resolve(null) : making),
      mediaStore: persistence.mediaStore,
      hashBytes: fakeHashBytes,
      images,
      books,
      ...(options.webhookPoster === undefined ? {} : { webhookPoster: options.webhookPoster }),
    },
    {
      loginRateLimit: LOGIN_POLICY,
      loginAccountLimit: LOGIN_ACCOUNT_POLICY,
      deliveryPolicy,
      email: EMAIL_SETTINGS,
      ownerNotifications: options.ownerNotifications ?? 'off',
      notifyRejections: options.notifyRejections ?? false,
      bookMaxBytes: options.bookMaxBytes,
      readerWebhooks: options.webhookPoster !== undefined,
    },
  );
  const { createAdmin, rateLimiter } = useCases;

  /** Creates the owner's account and returns an actor for admin use cases. */
  async function signedInOwner(): Promise<Actor> {
    const created = await createAdmin.execute({ username: 'owner', password: OWNER_PASSWORD });
    if (!created.ok) throw new Error(created.error.message);
    return { userId: created.value.id, ...FROM_BROWSER };
  }

  return {
    persistence,
    repositories,
    clock,
    ids,
    tokens,
    twoFactorSecrets,
    passwordHasher,
    rateLimiter,
    mailer,
    copies,
    images,
    books,
    patience,
    deliveryPolicy,
    useCases,
    signedInOwner,
  };
}

export type World = ReturnType<typeof createWorld>;

/** Unwraps a successful result, failing the test with the error otherwise. */
export function valueOf<T, E>(result: { ok: true; value: T } | { ok: false; error: E }): T {
  if (!result.ok) throw new Error(`Expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Unwraps a sign-in that started a session, failing the test when it failed or asks for a code. */
export function sessionOf<E>(
  result: { ok: true; value: LogInSuccess | TwoFactorRequired } | { ok: false; error: E },
): LogInSuccess {
  const value = valueOf(result);
  if (value.twoFactorRequired === true) throw new Error('Expected a session, got a two-factor challenge');
  return value;
}

/** Unwraps a failed result, failing the test when it succeeded. */
export function errorOf<T, E>(result: { ok: true; value: T } | { ok: false; error: E }): E {
  if (result.ok) throw new Error(`Expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

export const chars = (n: number, char = 'a'): string => char.repeat(n);
