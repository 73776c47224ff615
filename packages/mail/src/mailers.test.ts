import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from '@jest/globals';
import type { OutgoingEmail } from '@memoir/domain';
import { simpleParser } from 'mailparser';

import { startTestSmtpServer } from '../testing';
import { isLoopbackHost, OutboxMailer, SmtpMailer } from './mailers';

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

  it('writes the outbox folder 0700 and each message 0600, whatever the umask: each holds a working link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memoir-outbox-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const outbox = join(dir, 'data', 'outbox');
    const previous = process.umask(0);
    try {
      await new OutboxMailer({ dir: outbox, from: FROM }).send(EMAIL);
      await new OutboxMailer({ dir: outbox, from: FROM }).send(EMAIL);
    } finally {
      process.umask(previous);
    }
    const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect([modeOf(join(dir, 'data')), modeOf(outbox)]).toEqual(['700', '700']);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(2);
    expect(files.map((file) => modeOf(join(outbox, file)))).toEqual(['600', '600']);
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

  describe('TLS', () => {
    /**
     * This machine's own IPv4 address on a real interface: a server listening on 0.0.0.0 is
     * reached through it as a remote server would be, not through loopback. Without one, the
     * tests cannot be what they claim, so they fail rather than pass.
     */
    function nonLoopbackAddress(): string {
      const address = Object.values(networkInterfaces())
        .flat()
        .find((info) => info !== undefined && info.family === 'IPv4' && !info.internal)?.address;
      if (address === undefined)
        throw new Error('This machine has no IPv4 address but loopback: no remote-like server.');
      expect(isLoopbackHost(address)).toBe(false);
      return address;
    }
    const start = async (options: Parameters<typeof startTestSmtpServer>[0] = {}) => {
      const smtp = await startTestSmtpServer({ listenOn: '0.0.0.0', ...options });
      cleanups.push(smtp.close);
      return smtp;
    };
    const mailerFor = (url: string, options: { requireTls?: boolean } = {}) => {
      const mailer = new SmtpMailer({ url, from: FROM, timeoutMs: 5000, ...options });
      cleanups.push(() => mailer.close());
      return mailer;
    };

    it('refuses to send in clear to a server beyond this machine that offers no STARTTLS, and sends nothing', async () => {
      const smtp = await start();
      const host = nonLoopbackAddress();
      const mailer = mailerFor(`smtp://user:hunter2secret@${host}:${smtp.port}`);
      const failure = mailer.send(EMAIL);
      await expect(failure).rejects.toThrow(
        `The SMTP server ${host} offers no STARTTLS, and TLS is required for a server beyond this machine: nothing was sent`,
      );
      await expect(failure).rejects.toThrow(/SMTP_REQUIRE_TLS=off/);
      await expect(failure).rejects.not.toThrow(/hunter2secret/);
      expect(smtp.connections).toBe(1); // it was reached: the refusal is ours, not a network error
      expect(smtp.received).toEqual([]);
    });

    it('sends to that server in clear when TLS is not required (SMTP_REQUIRE_TLS=off)', async () => {
      const smtp = await start();
      await mailerFor(`smtp://${nonLoopbackAddress()}:${smtp.port}`, { requireTls: false }).send(EMAIL);
      expect(smtp.received).toHaveLength(1);
      expect((await smtp.parsed())[0]?.subject).toBe(EMAIL.subject);
    });

    it('sends in clear to a server on loopback, a local relay or a test catcher, as before', async () => {
      const smtp = await start();
      await mailerFor(`smtp://127.0.0.1:${smtp.port}`).send(EMAIL);
      await mailerFor(`smtp://[::ffff:127.0.0.1]:${smtp.port}`).send(EMAIL);
      expect(smtp.received).toHaveLength(2);
    });

    it('keeps certificate verification on: a STARTTLS server with a self-signed certificate is refused', async () => {
      const smtp = await start({ starttls: 'self-signed' });
      for (const host of [nonLoopbackAddress(), '127.0.0.1']) {
        const failure = mailerFor(`smtp://${host}:${smtp.port}`).send(EMAIL);
        await expect(failure).rejects.toThrow(`TLS with the SMTP server ${host} failed: self-signed certificate`);
        await expect(failure).rejects.toThrow(/NODE_EXTRA_CA_CERTS/);
      }
      expect(smtp.connections).toBe(2);
      expect(smtp.received).toEqual([]);
    });

    it('takes no TLS setting from the URL: the scheme and SMTP_REQUIRE_TLS decide, and certificates are checked', () => {
      for (const query of [
        'requireTLS=false',
        'ignoreTLS=true',
        'opportunisticTLS=true',
        'tls.rejectUnauthorized=false',
      ]) {
        expect(() => new SmtpMailer({ url: `smtp://mail.example.com:587?${query}`, from: FROM })).toThrow(
          /SMTP_URL cannot set/,
        );
      }
    });

    it('tells loopback hosts from every other', () => {
      for (const host of [
        'localhost',
        'LOCALHOST',
        'localhost.',
        '127.0.0.1',
        '127.1.2.3',
        '::1',
        '[::1]',
        '::ffff:127.0.0.1',
      ]) {
        expect([host, isLoopbackHost(host)]).toEqual([host, true]);
      }
      for (const host of [
        '192.0.2.2',
        '10.0.0.1',
        '0.0.0.0',
        '::',
        'fd00::2',
        '::ffff:192.0.2.2',
        '128.0.0.1',
        'smtp.example.com',
        'localhost.example.com',
        'mail.localhost',
        '127.0.0.1.nip.io',
      ]) {
        expect([host, isLoopbackHost(host)]).toEqual([host, false]);
      }
    });
  });
});
