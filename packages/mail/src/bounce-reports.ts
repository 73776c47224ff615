import type { MailEvent, MailEventKind } from '@memoir/domain';
import type { AddressObject, Attachment } from 'mailparser';

/*
 * What a bounce mailbox holds, read as the providers' webhooks are: a delivery status
 * notification (RFC 3464, `multipart/report; report-type=delivery-status`) says, per
 * recipient, `Action: failed` with a `Status` of 5.x.x (the address does not exist: a hard
 * bounce) or 4.x.x (a full mailbox, a server down: a soft one); a feedback report (ARF,
 * RFC 5965, `message/feedback-report`) of the `abuse` or `fraud` type says a reader marked a
 * mail as spam. Anything else in the mailbox (a vacation reply, a "delayed" notice, a human)
 * is no event.
 */

/** A recipient's block of a DSN, or a feedback report: `Field: value` lines, names in lower case. */
type Fields = ReadonlyMap<string, string>;

/** RFC 822-style fields, continuation lines unfolded; blocks are apart by an empty line. */
function fieldBlocks(text: string): Fields[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** The address of `rfc822; ada@example.org` or `<ada@example.org>`, or null. */
function addressOf(value: string | undefined): string | null {
  const text = (value ?? '').replace(/^[a-z0-9-]+\s*;\s*/i, '').trim();
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(text)?.[1] ?? /^([^\s<>;]+@[^\s<>;]+)$/.exec(text)?.[1];
  return address?.toLowerCase() ?? null;
}

/** A DSN recipient's outcome: hard (5.x.x), soft (4.x.x), or no event (delayed, delivered, relayed). */
function dsnKind(fields: Fields): MailEventKind {
  if ((fields.get('action') ?? '').toLowerCase() !== 'failed') return 'other';
  const status = /^([245])\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[1];
  if (status === '5') return 'hard_bounce';
  return status === '4' ? 'soft_bounce' : 'other';
}

const partText = (part: Attachment): string => part.content.toString('utf8');
const firstAddress = (to: AddressObject | AddressObject[] | undefined): string | null =>
  (Array.isArray(to) ? to[0] : to)?.value[0]?.address?.toLowerCase() ?? null;

/** The report's own id and time: its Message-ID (or `fallbackId`) and Date (or when the mailbox got it). */
interface ReportOrigin {
  readonly fallbackId: string;
  readonly receivedAt: Date;
}

/**
 * The mail events of one message of the bounce mailbox, for RecordMailEventUseCase (provider
 * `imap`): one a recipient of a DSN that failed, one for a spam complaint; none for anything
 * else. An event's id is the report's Message-ID and the recipient, so a report read twice is
 * a replay.
 */
export async function bounceReportEvents(source: Buffer | string, origin: ReportOrigin): Promise<MailEvent[]> {
  // Loaded with the first report read: a server without BOUNCE_IMAP_URL never needs it.
  const { simpleParser } = await import('mailparser');
  // keepDeliveryStatus: the message/delivery-status part stays a part of its own, not body text.
  const message = await simpleParser(source, { keepDeliveryStatus: true });
  const reportId = message.messageId ?? origin.fallbackId;
  const sentAt = message.date ?? origin.receivedAt;
  const event = (kind: MailEventKind, email: string, detail: string | null): MailEvent => ({
    provider: 'imap',
    eventId: `${reportId} ${email}`,
    sentAt,
    kind,
    emails: [email],
    detail,
  });
  const events: MailEvent[] = [];
  for (const part of message.attachments) {
    const type = part.contentType.toLowerCase();
    if (type === 'message/delivery-status' || type === 'message/global-delivery-status') {
      // The first block is the reporting MTA's; each further one is a recipient's.
      for (const fields of fieldBlocks(partText(part)).slice(1)) {
        const kind = dsnKind(fields);
        const email = addressOf(fields.get('final-recipient')) ?? addressOf(fields.get('original-recipient'));
        if (kind === 'other' || email === null) continue;
        const detail = [fields.get('status'), fields.get('diagnostic-code')].filter(Boolean).join(' ');
        events.push(event(kind, email, detail));
      }
    } else if (type === 'message/feedback-report') {
      const [fields] = fieldBlocks(partText(part));
      const feedback = (fields?.get('feedback-type') ?? '').toLowerCase();
      if (feedback !== 'abuse' && feedback !== 'fraud') continue;
      // The recipient, unless the receiver redacted it: then the To of the original's headers, if attached.
      const original = message.attachments.find((other) =>
        ['text/rfc822-headers', 'message/rfc822'].includes(other.contentType.toLowerCase()),
      );
      const email =
        addressOf(fields?.get('original-rcpt-to')) ??
        (original === undefined ? null : firstAddress((await simpleParser(original.content)).to));
      if (email !== null) events.push(event('complaint', email, `Feedback-Type: ${feedback}`));
    }
  }
  return events;
}
