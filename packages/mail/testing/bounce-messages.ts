/*
 * Bounce-mailbox messages as mail servers write them: a DSN (RFC 3464) as Postfix sends it,
 * an ARF report (RFC 5965) as Yahoo's and Microsoft's feedback loops send it, and the
 * vacation reply any mailbox gets.
 */

const crlf = (lines: readonly string[]) => `${lines.join('\r\n')}\r\n`;

export interface DsnRecipient {
  readonly email: string;
  readonly action: 'failed' | 'delayed' | 'delivered';
  readonly status: string;
  readonly diagnostic?: string;
}

/** A Postfix-style "Undelivered Mail Returned to Sender", one block per recipient, with the original's headers. */
export function dsnMessage(options: {
  readonly messageId: string;
  readonly date: Date;
  readonly recipients: readonly DsnRecipient[];
}): string {
  return crlf([
    'Return-Path: <>',
    'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)',
    'To: bounces@rootaccess.example',
    'Subject: Undelivered Mail Returned to Sender',
    `Date: ${options.date.toUTCString()}`,
    `Message-ID: <${options.messageId}>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="B5A4C20A6.1764150000/mx.example.org"',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--B5A4C20A6.1764150000/mx.example.org',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.org.',
    '',
    "I'm sorry to have to inform you that your message could not",
    'be delivered to one or more recipients.',
    '',
    '--B5A4C20A6.1764150000/mx.example.org',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    'X-Postfix-Queue-ID: B5A4C20A6',
    'X-Postfix-Sender: rfc822; bounces@rootaccess.example',
    `Arrival-Date: ${options.date.toUTCString()}`,
    ...options.recipients.flatMap((recipient) => [
      '',
      `Final-Recipient: rfc822; ${recipient.email}`,
      `Original-Recipient: rfc822;${recipient.email}`,
      `Action: ${recipient.action}`,
      `Status: ${recipient.status}`,
      'Remote-MTA: dns; mx.example.org',
      ...(recipient.diagnostic === undefined ? [] : [`Diagnostic-Code: smtp; ${recipient.diagnostic}`]),
    ]),
    '',
    '--B5A4C20A6.1764150000/mx.example.org',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    'From: "Root Access" <books@rootaccess.example>',
    `To: ${options.recipients[0]?.email ?? 'nobody@example.org'}`,
    'Subject: Your copy of Root Access',
    'Message-ID: <approval-1@rootaccess.example>',
    '',
    '--B5A4C20A6.1764150000/mx.example.org--',
  ]);
}

/** An ARF abuse report; `redacted` leaves out Original-Rcpt-To, as Yahoo does, with the original's headers attached. */
export function arfMessage(options: {
  readonly messageId: string;
  readonly date: Date;
  readonly recipient: string;
  readonly feedbackType?: string;
  readonly redacted?: boolean;
}): string {
  return crlf([
    'From: Yahoo! Mail AntiSpam Feedback <feedback@arf.mail.yahoo.com>',
    'To: fbl@rootaccess.example',
    'Subject: FW: Your copy of Root Access',
    `Date: ${options.date.toUTCString()}`,
    `Message-ID: <${options.messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="----=_arf_1"',
    '',
    '------=_arf_1',
    'Content-Type: text/plain; charset="US-ASCII"',
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.25.',
    '',
    '------=_arf_1',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${options.feedbackType ?? 'abuse'}`,
    'User-Agent: Yahoo!-Mail-Feedback/2.0',
    'Version: 1',
    'Original-Mail-From: <bounces@rootaccess.example>',
    ...(options.redacted === true ? [] : [`Original-Rcpt-To: <${options.recipient}>`]),
    `Arrival-Date: ${options.date.toUTCString()}`,
    'Source-IP: 192.0.2.25',
    'Reported-Domain: rootaccess.example',
    '',
    '------=_arf_1',
    'Content-Type: text/rfc822-headers',
    '',
    'From: "Root Access" <books@rootaccess.example>',
    `To: ${options.recipient}`,
    'Subject: Your copy of Root Access',
    'Message-ID: <approval-2@rootaccess.example>',
    '',
    '------=_arf_1--',
  ]);
}

/** Not a report: an out-of-office answer. */
export function vacationReply(options: { readonly messageId: string; readonly date: Date }): string {
  return crlf([
    'From: Ada Lovelace <ada@example.org>',
    'To: bounces@rootaccess.example',
    'Subject: Out of office: Your copy of Root Access',
    `Date: ${options.date.toUTCString()}`,
    `Message-ID: <${options.messageId}>`,
    'Auto-Submitted: auto-replied',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'I am away until Monday. Status: 5.1.1 Action: failed',
  ]);
}
