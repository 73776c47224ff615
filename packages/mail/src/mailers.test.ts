import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from '@jest/globals';
import type { OutgoingEmail } from '@memoir/domain';
import { simpleParser } from 'mailparser';

import { startTestSmtpServer } from '../testing';
import { OutboxMailer, SmtpMailer } from './mailers';

const EMAIL: OutgoingEmail = {
  to: 'Zoë Reader <zoe@example.org>',
  subject: 'Your free copy of Root Access 📘',
  text: 'Hello Zoë,\n\nHere is your link: https://memoir-book.example/d/abc\n',
  html: '<p>Hello Zoë,</p><p><a href="https://memoir-book.example/d/abc">Download the PDF</a></p>',
};
const FROM = 'Root Access <books@memoir-book.example>';

describe('mailers', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('writes each message to the outbox as an .eml file with both parts, and says where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memoir-outbox-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const written: string[] = [];
    await new OutboxMailer({ dir: join(dir, 'outbox'), from: FROM, onWritten: (path) => written.push(path) }).send(
      EMAIL,
    );

    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(written).toEqual([join(dir, 'outbox', files[0] ?? '')]);
    const parsed = await simpleParser(readFileSync(written[0] ?? ''));
    expect(parsed.subject).toBe(EMAIL.subject);
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Root Access', address: 'books@memoir-book.example' });
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : undefined).toBe('zoe@example.org');
    expect(parsed.text).toBe(EMAIL.text);
    expect(parsed.html).toContain('<a href="https://memoir-book.example/d/abc">Download the PDF</a>');
  });

  it('sends through SMTP, both parts arriving intact', async () => {
    const smtp = await startTestSmtpServer();
    cleanups.push(smtp.close);
    const mailer = new SmtpMailer({ url: smtp.url, from: FROM });
    cleanups.push(() => mailer.close());
    await mailer.send(EMAIL);
    expect(smtp.received).toHaveLength(1);
    const parsed = await simpleParser(smtp.received[0] ?? Buffer.alloc(0));
    expect(parsed.subject).toBe(EMAIL.subject);
    expect(parsed.text).toBe(EMAIL.text);
    expect(parsed.html).toContain('Download the PDF');
  });

  it('rejects with the SMTP reply when the server refuses, so the delivery can record why', async () => {
    const smtp = await startTestSmtpServer();
    smtp.refuseWith = { code: 550, message: 'No such user here' };
    cleanups.push(smtp.close);
    const mailer = new SmtpMailer({ url: smtp.url, from: FROM });
    cleanups.push(() => mailer.close());
    await expect(mailer.send(EMAIL)).rejects.toThrow(/550/);
    expect(smtp.received).toHaveLength(0);
  });

  it('rejects when no SMTP server answers', async () => {
    const mailer = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: FROM, timeoutMs: 2000 });
    cleanups.push(() => mailer.close());
    await expect(mailer.send(EMAIL)).rejects.toThrow(/ECONNREFUSED/);
  });
});
