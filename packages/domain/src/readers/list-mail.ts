import type { MailEvent, MailEventOutcome } from '../suppressions/record-mail-event.use-case';
import type { SuppressionRepository } from '../suppressions/suppression.repository';
import type { Clock } from '../shared/clock';
import type { SecretTokens } from '../shared/secret-tokens';
import type { Reader } from './reader';
import type { ReaderRepository } from './reader.repository';
import type { Transactions } from '../shared/transactions';
import { leave } from './reader-links.use-cases';
import type { ReaderWebhookQueueing, ReaderWebhookRepository } from './reader-webhook';

/**
 * Whether list mail (news, announcements) may go to this reader: confirmed, and their address
 * not suppressed. A hard bounce or a complaint recorded by the suppressions (a provider's
 * webhook, the bounce mailbox) stops list mail as it stops every other mail; an unsubscribed or
 * unconfirmed reader gets none.
 */
export async function mayReceiveListMail(reader: Reader, suppressions: SuppressionRepository): Promise<boolean> {
  return reader.status === 'confirmed' && (await suppressions.find(reader.emailKey)) === null;
}

/** Where an email's unsubscribe token works: the page its text links to, and the one-click address of its header. */
export interface UnsubscribeUrls {
  /** `/readers/unsubscribe?token=…`: a page with its own button. */
  readonly page: string;
  /** `/api/readers/unsubscribe?token=…`: `List-Unsubscribe`, which a mail client POSTs to (RFC 8058). */
  readonly oneClick: string;
}

/**
 * A new unsubscribe link for one email to the reader (the page its text links to, and
 * `List-Unsubscribe`): the token goes into the email, its hash into the store.
 */
export async function newUnsubscribeUrls(
  deps: { readonly readers: ReaderRepository; readonly tokens: SecretTokens; readonly clock: Clock },
  publicBaseUrl: string,
  readerId: string,
): Promise<UnsubscribeUrls> {
  const token = deps.tokens.newToken();
  await deps.readers.addToken({
    tokenHash: deps.tokens.hashOf(token),
    readerId,
    purpose: 'unsubscribe',
    createdAt: deps.clock.now(),
    expiresAt: null,
    usedAt: null,
  });
  return {
    page: `${publicBaseUrl}/readers/unsubscribe?token=${token}`,
    oneClick: `${publicBaseUrl}/api/readers/unsubscribe?token=${token}`,
  };
}

/**
 * The provider's events, with this added: a complaint about a reader's address records that the
 * reader left, by complaint (the consent record says how they left). The suppression itself is
 * the inner use case's, and would stop list mail even without this.
 */
export function unsubscribingOnComplaint(
  inner: { execute(event: MailEvent): Promise<MailEventOutcome> },
  deps: {
    readonly readers: ReaderRepository;
    readonly clock: Clock;
    readonly unitOfWork: Transactions<{
      readonly readers: ReaderRepository;
      readonly readerWebhooks: ReaderWebhookRepository;
    }>;
    /** The webhook's receiver drops a reader who complained as one who left (none: no events). */
    readonly webhooks?: ReaderWebhookQueueing;
  },
): { execute(event: MailEvent): Promise<MailEventOutcome> } {
  return {
    async execute(event) {
      const outcome = await inner.execute(event);
      if (outcome !== 'recorded' || event.kind !== 'complaint') return outcome;
      for (const email of new Set(event.emails)) {
        const reader = await deps.readers.findByEmail(email);
        if (reader === null) continue;
        await deps.unitOfWork.transaction((stores) =>
          leave(deps.webhooks, stores, reader.id, deps.clock.now(), 'complaint'),
        );
      }
      return outcome;
    },
  };
}
