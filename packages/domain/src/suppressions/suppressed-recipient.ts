import type { ScholarshipRequest } from '../scholarships/scholarship-request';
import type { SuppressionRepository } from './suppression.repository';

/**
 * Why a requester's email must not go, or null when it may. An address that bounced hard or
 * complained gets no mail but the one its reader asked for right now: the mail of a request
 * made after the bounce or complaint (the reader came back and asked again, so the address is
 * worth one more try). The mail of an older request, a rejection or the owner's Resend of
 * one, waits for the owner to lift the suppression.
 */
export async function suppressedFor(
  suppressions: SuppressionRepository,
  request: Pick<ScholarshipRequest, 'email' | 'createdAt'>,
): Promise<string | null> {
  const suppression = await suppressions.find(request.email);
  if (suppression === null || request.createdAt.getTime() > suppression.at.getTime()) return null;
  const why = suppression.reason === 'bounce' ? 'bounced' : 'complained of spam';
  return (
    `Not sent: the address ${why} on ${suppression.at.toISOString().slice(0, 10)} and is suppressed. ` +
    'Lift the suppression (Mail, Suppressions) and send again.'
  );
}
