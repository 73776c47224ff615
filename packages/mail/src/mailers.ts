import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

import type { Mailer, OutgoingEmail } from '@memoir/domain';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** Sends through an SMTP server: `SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465. */
export class SmtpMailer implements Mailer {
  private readonly transport;
  private readonly from: string;

  constructor(options: { readonly url: string; readonly from: string; readonly timeoutMs?: number }) {
    const timeout = options.timeoutMs ?? 15_000;
    // `url` sets host, port, TLS and credentials; the timeouts keep a dead server from
    // holding a delivery's lease.
    const transportOptions: SMTPTransport.Options & { url: string } = {
      url: options.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    };
    this.transport = nodemailer.createTransport(transportOptions);
    this.from = options.from;
  }

  async send(email: OutgoingEmail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...email });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * With no SMTP server configured (the embedded default), each message becomes an .eml file in
 * the outbox folder: open it in any mail program to see exactly what would have been sent.
 */
export class OutboxMailer implements Mailer {
  private readonly compose = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly options: {
      readonly dir: string;
      readonly from: string;
      /** Told the path of every message written, so the log can say where it is. */
      readonly onWritten?: (path: string) => void;
    },
  ) {}

  async send(email: OutgoingEmail): Promise<void> {
    const info = await this.compose.sendMail({ from: this.options.from, ...email });
    await mkdir(this.options.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const path = join(this.options.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(path, info.message as Buffer, { mode: 0o600 });
    this.options.onWritten?.(path);
  }
}
