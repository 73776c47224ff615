import type { Delivery } from '../outbox/delivery';
import { newUnsubscribeUrls } from '../readers/list-mail';
import { CONFIRM_LINK_TTL_MS, readerIdOfConfirmation, type Reader } from '../readers/reader';
import type { ReaderRepository } from '../readers/reader.repository';
import type { Clock } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';
import type { SecretTokens } from '../shared/secret-tokens';
import type { SuppressionRepository } from '../suppressions/suppression.repository';
import type { EmailSettings } from './emails';
import type { ConfirmationLinks } from './reader-emails';

/**
 * A confirmation email about to be sent: its reader, still pending, and new links (the
 * confirmation's, single use for CONFIRM_LINK_TTL_MS, and an unsubscribe link), of which only
 * the hashes are kept. Or why it must not go: the reader is gone, confirmed or left meanwhile,
 * or the address bounced hard or complained before this sign-up (a sign-up after it is the
 * reader asking again, and goes, as a request made after a suppression does).
 */
export async function confirmationToSend(
  deps: {
    readonly readers: ReaderRepository;
    readonly suppressions: SuppressionRepository;
    readonly tokens: SecretTokens;
    readonly clock: Clock;
    readonly settings: EmailSettings;
  },
  delivery: Delivery,
): Promise<Result<{ reader: Reader; links: ConfirmationLinks }, string>> {
  const readerId = readerIdOfConfirmation(delivery.dedupeKey);
  const reader = readerId === null ? null : await deps.readers.findById(readerId);
  if (reader === null) return err('The reader no longer exists (deleted unconfirmed, or erased).');
  if (reader.status !== 'pending') return err(`Not sent: the reader is ${reader.status} now.`);
  const suppression = await deps.suppressions.find(reader.emailKey);
  if (suppression !== null && suppression.at.getTime() >= reader.signedUpAt.getTime()) {
    return err(
      `Not sent: the address is suppressed (${suppression.reason}) since this sign-up (the reader has not asked again since).`,
    );
  }
  const now = deps.clock.now();
  const token = deps.tokens.newToken();
  const expiresAt = new Date(now.getTime() + CONFIRM_LINK_TTL_MS);
  await deps.readers.addToken({
    tokenHash: deps.tokens.hashOf(token),
    readerId: reader.id,
    purpose: 'confirm',
    createdAt: now,
    expiresAt,
    usedAt: null,
  });
  const unsubscribe = await newUnsubscribeUrls(deps, deps.settings.publicBaseUrl, reader.id);
  return ok({
    reader,
    links: { confirmUrl: `${deps.settings.publicBaseUrl}/readers/confirm?token=${token}`, expiresAt, unsubscribe },
  });
}
