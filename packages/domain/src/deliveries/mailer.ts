/** An email to one person: a plain-text and an HTML version of the same message. */
export interface OutgoingEmail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /**
   * List mail only: the one-click unsubscribe address (RFC 8058), sent as `List-Unsubscribe`
   * with `List-Unsubscribe-Post` and covered by the DKIM signature.
   */
  readonly listUnsubscribeUrl?: string;
}

/**
 * Port: sends email. Resolves once the message is accepted (by the SMTP server, or written to
 * the outbox); rejects with an error whose message says why (an SMTP reply such as "550 no
 * such user", a refused connection), so the delivery can record it.
 */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}
