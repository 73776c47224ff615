import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import type { MailEvent, MailEventKind, MailEventProvider } from '@memoir/domain';

import { snsSignatureIsGood, isAmazonSnsUrl, type SnsEndpoint } from './sns';

/*
 * Each provider's delivery events, as its documentation gives them, each checked its own way:
 * - ses: Amazon SNS messages (SES's bounce and complaint notifications), the SNS signature
 *   checked with Amazon's certificate, and the subscription's URL holding MAIL_EVENTS_SECRET as
 *   its basic-auth password (SNS signs for any topic: the secret says the topic is ours);
 * - postmark: its Bounce and SpamComplaint webhooks, behind basic auth (MAIL_EVENTS_SECRET);
 * - mailgun: its JSON webhooks, signed with HMAC-SHA256 of timestamp and token by the webhook
 *   signing key (MAIL_EVENTS_SECRET).
 */

/** What the request carried, as the route read it. */
export interface MailEventRequest {
  readonly body: Readonly<Record<string, unknown>>;
  /** The Authorization header ('' when none). */
  readonly authorization: string;
}

/** A request's events, or why it is refused (nothing changed then). */
export type ReadEvents =
  | { readonly ok: true; readonly events: readonly MailEvent[]; readonly confirmUrl?: string }
  | { readonly ok: false; readonly status: 400 | 401; readonly error: string };

export interface MailEventChecks {
  /** MAIL_EVENTS_SECRET. */
  readonly secret: string;
  readonly sns: SnsEndpoint;
}

const refused = (status: 400 | 401, error: string): ReadEvents => ({ ok: false, status, error });
const MALFORMED = refused(400, 'Not a delivery event this provider sends.');
const UNSIGNED = refused(401, 'The signature or the credentials are not right.');

/** Equal texts, compared in constant time (their digests, so that lengths do not show either). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && expected !== '';
}

/** Basic auth whose password is the secret (any user name: the providers' forms want one). */
function basicAuthHolds(authorization: string, secret: string): boolean {
  const match = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(authorization.trim());
  if (match?.[1] === undefined) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 && sameSecret(decoded.slice(colon + 1), secret);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const timeOf = (value: unknown): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : typeof value === 'number' ? new Date(value * 1000) : null;
  return date === null || Number.isNaN(date.getTime()) ? null : date;
};
/**
 * What the receiving server said, for the owner's timeline (as an RFC 3464 report gives it:
 * the status, then the diagnostic): the given parts that are text or a number, in order; null
 * for none. The timeline trims and shortens it.
 */
const detailOf = (...parts: unknown[]): string | null =>
  parts
    .map((part) => (typeof part === 'number' ? String(part) : text(part)))
    .filter((part): part is string => part !== null)
    .join(' ') || null;

/** At most this many recipients an event: SES lists up to 50 a message. */
const MAX_RECIPIENTS = 50;
const addresses = (list: unknown, field: string): string[] | null => {
  if (!Array.isArray(list) || list.length > MAX_RECIPIENTS) return null;
  const found = list.map((item) => (isObject(item) ? text(item[field]) : null));
  return found.every((email): email is string => email !== null && email.length <= 254) ? found : null;
};

async function sesEvents(request: MailEventRequest, checks: MailEventChecks): Promise<ReadEvents> {
  if (!basicAuthHolds(request.authorization, checks.secret)) return UNSIGNED;
  const message = request.body;
  const id = text(message.MessageId);
  const sentAt = timeOf(message.Timestamp);
  if (id === null || sentAt === null || text(message.Type) === null) return MALFORMED;
  if (!(await snsSignatureIsGood(message, checks.sns))) return UNSIGNED;
  const event = { provider: 'ses' as const, eventId: id, sentAt };
  if (message.Type === 'SubscriptionConfirmation') {
    const url = text(message.SubscribeURL);
    if (url === null || !isAmazonSnsUrl(url)) return MALFORMED;
    return { ok: true, events: [{ ...event, kind: 'other', emails: [] }], confirmUrl: url };
  }
  if (message.Type !== 'Notification') return { ok: true, events: [{ ...event, kind: 'other', emails: [] }] };
  let notification: unknown;
  try {
    notification = JSON.parse(String(message.Message));
  } catch {
    return MALFORMED;
  }
  if (!isObject(notification)) return MALFORMED;
  // SES's notifications name the type notificationType; its event publishing, eventType.
  const type = text(notification.notificationType) ?? text(notification.eventType);
  if (type === 'Bounce' && isObject(notification.bounce)) {
    const emails = addresses(notification.bounce.bouncedRecipients, 'emailAddress');
    if (emails === null) return MALFORMED;
    const { bounce } = notification;
    const kind: MailEventKind = bounce.bounceType === 'Permanent' ? 'hard_bounce' : 'soft_bounce';
    // The first recipient's status and diagnostic (SES reports a message's recipients together).
    const [first] = Array.isArray(bounce.bouncedRecipients) ? (bounce.bouncedRecipients as unknown[]) : [];
    const recipient = isObject(first) ? first : {};
    const detail =
      detailOf(recipient.status, recipient.diagnosticCode) ??
      detailOf(bounce.bounceType, bounce.bounceSubType === undefined ? undefined : `(${String(bounce.bounceSubType)})`);
    return { ok: true, events: [{ ...event, kind, emails, detail }] };
  }
  if (type === 'Complaint' && isObject(notification.complaint)) {
    const emails = addresses(notification.complaint.complainedRecipients, 'emailAddress');
    if (emails === null) return MALFORMED;
    const detail = detailOf(notification.complaint.complaintFeedbackType);
    return { ok: true, events: [{ ...event, kind: 'complaint', emails, detail }] };
  }
  return type === null ? MALFORMED : { ok: true, events: [{ ...event, kind: 'other', emails: [] }] };
}

/** Postmark's bounce types that say the address will never take mail. */
const POSTMARK_HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);
/** Those that say it may, later: counted, and suppressed only when they repeat. */
const POSTMARK_SOFT = new Set(['SoftBounce', 'Transient', 'DnsError']);

function postmarkEvents(request: MailEventRequest, checks: MailEventChecks): ReadEvents {
  if (!basicAuthHolds(request.authorization, checks.secret)) return UNSIGNED;
  const { body } = request;
  const recordType = text(body.RecordType);
  const id = typeof body.ID === 'number' || typeof body.ID === 'string' ? String(body.ID) : null;
  const email = text(body.Email);
  const sentAt = timeOf(body.BouncedAt);
  if (recordType === null || id === null || email === null || email.length > 254 || sentAt === null) {
    return MALFORMED;
  }
  const type = text(body.Type) ?? '';
  const kind: MailEventKind =
    recordType === 'SpamComplaint' || type === 'SpamComplaint'
      ? 'complaint'
      : recordType !== 'Bounce'
        ? 'other'
        : POSTMARK_HARD.has(type)
          ? 'hard_bounce'
          : POSTMARK_SOFT.has(type)
            ? 'soft_bounce'
            : 'other';
  return {
    ok: true,
    events: [
      {
        provider: 'postmark',
        eventId: `${recordType}:${id}`,
        sentAt,
        kind,
        emails: [email],
        // e.g. "HardBounce smtp;550 5.1.1 The email account that you tried to reach does not exist".
        detail: detailOf(type, body.Details ?? body.Description),
      },
    ],
  };
}

function mailgunEvents(request: MailEventRequest, checks: MailEventChecks): ReadEvents {
  const { signature, 'event-data': data } = request.body;
  if (!isObject(signature) || !isObject(data)) return MALFORMED;
  const timestamp = text(signature.timestamp);
  const token = text(signature.token);
  const given = text(signature.signature);
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp) || token === null || token.length > 200 || given === null) {
    return MALFORMED;
  }
  const expected = createHmac('sha256', checks.secret)
    .update(timestamp + token)
    .digest('hex');
  if (!sameSecret(given.toLowerCase(), expected)) return UNSIGNED;
  const email = text(data.recipient);
  const kind: MailEventKind =
    data.event === 'complained'
      ? 'complaint'
      : data.event === 'failed' && data.severity === 'permanent'
        ? 'hard_bounce'
        : data.event === 'failed'
          ? 'soft_bounce'
          : 'other';
  if (kind !== 'other' && (email === null || email.length > 254)) return MALFORMED;
  const status = isObject(data['delivery-status']) ? data['delivery-status'] : {};
  return {
    ok: true,
    events: [
      {
        provider: 'mailgun',
        // The token is new for every post Mailgun signs: a second one with it is a replay.
        eventId: token,
        sentAt: new Date(Number(timestamp) * 1000),
        kind,
        emails: kind === 'other' || email === null ? [] : [email],
        // e.g. "550 5.1.1 The email account that you tried to reach does not exist"; a complaint has none.
        detail: detailOf(
          status.code,
          status.message ?? status.description,
          status.code === undefined ? data.reason : null,
        ),
      },
    ],
  };
}

/** The provider's events in a request, its signature or credentials checked first. */
export function readMailEvents(
  provider: MailEventProvider,
  request: MailEventRequest,
  checks: MailEventChecks,
): Promise<ReadEvents> | ReadEvents {
  switch (provider) {
    case 'ses':
      return sesEvents(request, checks);
    case 'postmark':
      return postmarkEvents(request, checks);
    case 'mailgun':
      return mailgunEvents(request, checks);
  }
}
