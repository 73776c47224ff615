import type { PublishedStoreLinks } from '../analytics/follow-store-link.use-case';
import type { Delivery } from '../outbox/delivery';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import { err, ok, type Result } from '../shared/result';
import type { SecretTokens } from '../shared/secret-tokens';
import type { SuppressionRepository } from '../suppressions/suppression.repository';
import type { EmailSettings } from './emails';
import type { OutgoingEmail } from './mailer';
import { reviewReminderEmail, storesWithAddress } from './review-reminder-email';

/** The answer page's path; `?token=…&answer=reviewed|declined`. */
export const REVIEW_REMINDER_PATH = '/review-reminder';

/**
 * A review reminder about to be sent, with a new answer link (one token for both answers, only
 * its hash kept; an earlier attempt's works no more), or why it must not go: the request is
 * gone or was erased (the wish goes with the person), or the address is suppressed (a hard
 * bounce or a complaint, whenever: a reminder is never worth another try).
 */
export async function reviewReminderToSend(
  deps: {
    readonly scholarshipRequests: ScholarshipRequestRepository;
    readonly suppressions: SuppressionRepository;
    readonly storeLinks: PublishedStoreLinks;
    readonly tokens: SecretTokens;
    readonly settings: EmailSettings;
  },
  delivery: Delivery,
): Promise<Result<OutgoingEmail, string>> {
  const request = delivery.requestId === null ? null : await deps.scholarshipRequests.findById(delivery.requestId);
  if (request === null) return err('The scholarship request no longer exists.');
  const [reminder] = await deps.scholarshipRequests.listReviewReminders([request.id]);
  if (!request.reviewReminder || reminder === undefined) {
    return err('Not sent: the request no longer asks for a reminder (erased).');
  }
  const suppression = await deps.suppressions.find(request.email);
  if (suppression !== null) return err(`Not sent: the address is suppressed (${suppression.reason}).`);
  const token = deps.tokens.newToken();
  await deps.scholarshipRequests.attachReviewToken(request.id, deps.tokens.hashOf(token));
  const page = `${deps.settings.publicBaseUrl}${REVIEW_REMINDER_PATH}?token=${token}`;
  return ok(
    reviewReminderEmail(deps.settings, request, storesWithAddress(await deps.storeLinks()), {
      reviewed: `${page}&answer=reviewed`,
      declined: `${page}&answer=declined`,
    }),
  );
}
