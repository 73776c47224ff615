import { keptUserAgent } from '../audit-log/audit-event';
import type { Clock } from '../shared/clock';
import type { RequestContext } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { sameSecretHash, type SecretTokens } from '../shared/secret-tokens';
import type { Transactions } from '../shared/transactions';
import type { Reader, ReaderLeavingWay } from './reader';
import type { ReaderToken, ReaderTokenPurpose } from './reader-token';
import type { ReaderRepository } from './reader.repository';
import { queueReaderWebhook, type ReaderWebhookQueueing, type ReaderWebhookRepository } from './reader-webhook';
import { ReaderErrorCode, type ReaderError } from './readers.errors';

/** A token as SecretTokens makes it (base64url of at least 16 bytes), with room to spare: anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,128}$/;

const notFound = (): ReaderError => ({
  code: ReaderErrorCode.LinkNotFound,
  message: 'This link is not one of ours, or it was mistyped. Copy the whole link from the email.',
});

/** What a link's page shows before its button is pressed. */
export type ReaderLinkState = 'ready' | 'done';

interface LinkDeps {
  readonly readers: ReaderRepository;
  readonly tokens: SecretTokens;
  readonly clock: Clock;
}

/** What a confirmation or a leaving writes in one transaction: the reader, and its webhook event. */
interface ChangeDeps {
  readonly unitOfWork: Transactions<{
    readonly readers: ReaderRepository;
    readonly readerWebhooks: ReaderWebhookRepository;
  }>;
  /** READERS_WEBHOOK_URL: an event per confirmation and leaving (none: no events). */
  readonly webhooks?: ReaderWebhookQueueing;
}

/** The link of this token and purpose and its reader, or why not; the stored hash compared in constant time. */
async function findLink(
  deps: LinkDeps,
  token: unknown,
  purpose: ReaderTokenPurpose,
): Promise<Result<{ link: ReaderToken; reader: Reader }, ReaderError>> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return err(notFound());
  const hash = deps.tokens.hashOf(token);
  const link = await deps.readers.findToken(hash);
  if (link === null || link.purpose !== purpose || !sameSecretHash(link.tokenHash, hash)) return err(notFound());
  const reader = await deps.readers.findById(link.readerId);
  return reader === null ? err(notFound()) : ok({ link, reader });
}

const expired = (link: ReaderToken, now: Date) => link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime();

/**
 * The confirmation page (`/readers/confirm?token=…`) and its button. Opening the page (`view`)
 * changes nothing, so a mail scanner that follows the link confirms no one; the button
 * (`confirm`, a POST) uses the link once and confirms the reader, with when and from where.
 */
export class ConfirmReaderUseCase {
  constructor(private readonly deps: LinkDeps & ChangeDeps) {}

  /** What the page shows: `ready` (the button) or `done` (confirmed already); a dead link is an error. */
  async view(token: unknown): Promise<Result<ReaderLinkState, ReaderError>> {
    const found = await findLink(this.deps, token, 'confirm');
    if (!found.ok) return found;
    const { link, reader } = found.value;
    if (link.usedAt !== null) return reader.status === 'confirmed' ? ok('done') : err(used());
    if (expired(link, this.deps.clock.now())) return err(expiredError());
    return ok(reader.status === 'confirmed' ? 'done' : 'ready');
  }

  async confirm(token: unknown, context: RequestContext): Promise<Result<'confirmed', ReaderError>> {
    const found = await findLink(this.deps, token, 'confirm');
    if (!found.ok) return found;
    const { link, reader } = found.value;
    const now = this.deps.clock.now();
    if (link.usedAt === null && expired(link, now)) return err(expiredError());
    return this.deps.unitOfWork.transaction(async ({ readers, readerWebhooks }) => {
      // One use: of concurrent presses, one wins; a second press of a confirmed reader's link says so again.
      if (!(await readers.useToken(link.tokenHash, now))) {
        const current = await readers.findById(reader.id);
        return current?.status === 'confirmed' ? ok('confirmed' as const) : err(used());
      }
      if (reader.status === 'confirmed') return ok('confirmed' as const);
      const confirmed = await readers.confirm(reader.id, {
        at: now,
        ip: context.ipAddress,
        userAgent: context.userAgent === null ? null : keptUserAgent(context.userAgent),
      });
      // The reader left after this email was sent: an old link does not bring them back.
      if (!confirmed) return err(used());
      // The receiver hears of it only if this commits (the same transaction).
      const confirmedReader = await readers.findById(reader.id);
      if (confirmedReader !== null)
        await queueReaderWebhook(this.deps.webhooks, readerWebhooks, 'reader.confirmed', confirmedReader);
      return ok('confirmed' as const);
    });
  }
}

const used = (): ReaderError => ({
  code: ReaderErrorCode.LinkUsed,
  message: 'This confirmation link was already used.',
});
const expiredError = (): ReaderError => ({
  code: ReaderErrorCode.LinkExpired,
  message: 'This confirmation link has expired. Sign up again on the page and a new one will come.',
});

/**
 * Leaving: the unsubscribe link of any email to the list. The mail client's one-click POST
 * (RFC 8058) and the page's button unsubscribe at once, without a sign-in; using the link again
 * changes nothing and says the same. The page (`view`) changes nothing.
 */
export class UnsubscribeReaderUseCase {
  constructor(private readonly deps: LinkDeps & ChangeDeps) {}

  async view(token: unknown): Promise<Result<ReaderLinkState, ReaderError>> {
    const found = await findLink(this.deps, token, 'unsubscribe');
    if (!found.ok) return found;
    return ok(found.value.reader.status === 'unsubscribed' ? 'done' : 'ready');
  }

  async unsubscribe(
    token: unknown,
    by: Exclude<ReaderLeavingWay, 'complaint'>,
  ): Promise<Result<'unsubscribed', ReaderError>> {
    const found = await findLink(this.deps, token, 'unsubscribe');
    if (!found.ok) return found;
    const now = this.deps.clock.now();
    await this.deps.unitOfWork.transaction(async ({ readers, readerWebhooks }) => {
      await readers.useToken(found.value.link.tokenHash, now);
      await leave(this.deps.webhooks, { readers, readerWebhooks }, found.value.reader.id, now, by);
    });
    return ok('unsubscribed');
  }
}

/**
 * Pending or confirmed → unsubscribed, inside the caller's transaction, and the receiver told
 * when the reader had confirmed (read back after the change, so a concurrent confirmation is
 * seen). Whether the reader changed.
 */
export async function leave(
  webhooks: ReaderWebhookQueueing | undefined,
  stores: { readonly readers: ReaderRepository; readonly readerWebhooks: ReaderWebhookRepository },
  readerId: string,
  at: Date,
  by: ReaderLeavingWay,
): Promise<boolean> {
  if (!(await stores.readers.unsubscribe(readerId, at, by))) return false;
  const left = await stores.readers.findById(readerId);
  if (left !== null) await queueReaderWebhook(webhooks, stores.readerWebhooks, 'reader.unsubscribed', left);
  return true;
}
