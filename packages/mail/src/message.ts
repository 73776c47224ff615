import { randomUUID } from 'node:crypto';

import type { OutgoingEmail } from '@memoir/domain';
import type Mail from 'nodemailer/lib/mailer';

import { DKIM_SIGNED_HEADERS, pemText, type DkimKey } from './dkim';

/** The domain of MAIL_FROM's address (`"Title" <books@example.com>` → example.com). */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** What both mailers send: the same headers, and the same signature, whichever way the message leaves. */
export interface MessageSettings {
  /** MAIL_FROM. */
  readonly from: string;
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY; none: unsigned. */
  readonly dkim?: DkimKey | null;
}

/**
 * The message nodemailer composes: From, a Message-ID on the sending domain (never the
 * machine's host name), `Auto-Submitted: auto-generated` (RFC 3834: every email the product
 * sends is made by a program, so out-of-office replies stay away), the list headers on list
 * mail, and an RSA-SHA256 DKIM signature over the headers that matter (DKIM_SIGNED_HEADERS).
 * nodemailer adds Date and MIME-Version.
 */
export function messageOptions(settings: MessageSettings, email: OutgoingEmail): Mail.Options {
  const { listUnsubscribeUrl, ...content } = email;
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (listUnsubscribeUrl !== undefined) {
    headers['List-Unsubscribe'] = `<${listUnsubscribeUrl}>`;
    // RFC 8058 one-click is for an HTTPS address only (a PUBLIC_BASE_URL on http, a lab's, gets
    // the plain header: a mail client opens the link, whose page has its own button).
    if (listUnsubscribeUrl.startsWith('https://')) headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const dkim = settings.dkim ?? null;
  return {
    from: settings.from,
    ...content,
    messageId: `<${randomUUID()}@${senderDomain(settings.from)}>`,
    headers,
    ...(dkim === null
      ? {}
      : {
          dkim: {
            domainName: dkim.domain,
            keySelector: dkim.selector,
            privateKey: pemText(dkim.privateKey),
            hashAlgo: 'sha256',
            headerFieldNames: DKIM_SIGNED_HEADERS.join(':'),
          },
        }),
  };
}
