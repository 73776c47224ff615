import { generateKeyPairSync } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OutgoingEmail } from '@memoir/domain';
import { dkimVerify } from 'mailauth/lib/dkim/verify';

import { startTestDnsServer, startTestSmtpServer, type TestDnsServer } from '../testing';
import { DKIM_MIN_BITS, dkimRecordName, dkimTxtRecord, readDkimPrivateKey, type DkimKey } from './dkim';
import { OutboxMailer, SmtpMailer } from './mailers';

/*
 * Every message signed as receivers check it: mailauth (the verifier behind Forward Email and
 * EmailEngine) reads the public key from a DNS server this test runs, through a resolver pointed
 * at it as DNS_SERVER points the server's.
 */

const rsaKey = (bits: number): string =>
  generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const FROM = '"Root Access" <books@memoir-book.example>';
const EMAIL: OutgoingEmail = {
  to: 'Zoë Reader <zoe@example.org>',
  subject: 'Your free copy of Root Access 📘',
  text: 'Hello Zoë,\n\nYour copy: https://memoir-book.example/download/abc\n',
  html: '<!DOCTYPE html>\n<html lang="en"><body><p>Hello Zoë,</p></body></html>\n',
};

describe('DKIM signing', () => {
  let dns: TestDnsServer;
  let key: DkimKey;
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  const verify = (message: Buffer | string) =>
    dkimVerify(message, {
      resolver: (name, type) => resolver.resolve(name, type as 'TXT') as Promise<string[][]>,
      minBitLength: DKIM_MIN_BITS,
    });

  beforeAll(async () => {
    key = { domain: 'memoir-book.example', selector: 'memoir2026', privateKey: rsaKey(2048) };
    dns = await startTestDnsServer({ [dkimRecordName(key)]: { txt: [dkimTxtRecord(key.privateKey)] } });
    resolver.setServers([dns.address]);
  });
  afterAll(() => dns.close());

  /** One message through the outbox mailer, raw. */
  async function outboxMessage(email: OutgoingEmail, dkim: DkimKey | null = key): Promise<Buffer> {
    const dir = mkdtempSync(join(tmpdir(), 'memoir-dkim-'));
    try {
      await new OutboxMailer({ dir, from: FROM, dkim }).send(email);
      const [file] = readdirSync(dir);
      return readFileSync(join(dir, file ?? ''));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('signs with RSA-SHA256 over From, To, Subject, Date, Message-ID and the MIME headers, and a verifier accepts it', async () => {
    const { results } = await verify(await outboxMessage(EMAIL));
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result?.status.result).toBe('pass');
    expect(result?.signingDomain).toBe('memoir-book.example');
    expect(result?.selector).toBe('memoir2026');
    expect(result?.algo).toBe('rsa-sha256');
    expect(result?.status.aligned).toBe('memoir-book.example');
    expect(result?.signingHeaders?.keys.toLowerCase().split(': ')).toEqual(
      expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id', 'mime-version', 'content-type']),
    );
  });

  it('covers the list headers on list mail, so the one-click unsubscribe cannot be pointed elsewhere', async () => {
    const raw = await outboxMessage({
      ...EMAIL,
      listUnsubscribeUrl: 'https://memoir-book.example/readers/unsubscribe?t=x',
    });
    const text = raw.toString('utf8');
    expect(text).toContain('List-Unsubscribe: <https://memoir-book.example/readers/unsubscribe?t=x>');
    expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const [result] = (await verify(raw)).results;
    expect(result?.status.result).toBe('pass');
    expect(result?.signingHeaders?.keys.toLowerCase().split(': ')).toEqual(
      expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'auto-submitted']),
    );
  });

  it('offers one-click (RFC 8058) only for an https address', async () => {
    const text = (
      await outboxMessage({ ...EMAIL, listUnsubscribeUrl: 'http://localhost:3393/api/readers/unsubscribe?token=x' })
    ).toString('utf8');
    expect(text).toContain('List-Unsubscribe: <http://localhost:3393/api/readers/unsubscribe?token=x>');
    expect(text).not.toContain('List-Unsubscribe-Post');
  });

  it('is refused once a signed header or the body is changed on the way', async () => {
    const raw = (await outboxMessage(EMAIL)).toString('utf8');
    const subject = raw.replace(/^Subject: .*$/m, 'Subject: Claim your prize now');
    expect((await verify(subject)).results[0]?.status.result).toBe('fail');
    const body = raw.replace('Hello Zo', 'Hi Zo');
    expect((await verify(body)).results[0]?.status.result).not.toBe('pass');
  });

  it('is refused against a key that is not the one published', async () => {
    const raw = await outboxMessage(EMAIL, { ...key, privateKey: rsaKey(2048) });
    expect((await verify(raw)).results[0]?.status.result).toBe('fail');
  });

  it('signs what leaves through SMTP the same way', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = new SmtpMailer({ url: smtp.url, from: FROM, dkim: key });
    try {
      await mailer.send(EMAIL);
    } finally {
      mailer.close();
      await smtp.close();
    }
    expect((await verify(smtp.received[0] ?? '')).results[0]?.status.result).toBe('pass');
  });

  it('leaves a message unsigned without a key, with the same Message-ID domain and Auto-Submitted', async () => {
    const raw = (await outboxMessage(EMAIL, null)).toString('utf8');
    expect(raw).not.toMatch(/^DKIM-Signature:/im);
    expect(raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@memoir-book\.example>$/m);
    expect(raw).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(raw).toMatch(/^Date: /m);
  });
});

describe('readDkimPrivateKey', () => {
  it('takes an RSA key of 2048 bits or more, as PEM lines or one line with \\n escapes', () => {
    const pem = rsaKey(2048);
    expect('key' in readDkimPrivateKey(pem)).toBe(true);
    expect('key' in readDkimPrivateKey(pem.trim().replace(/\n/g, '\\n'))).toBe(true);
  });

  it('refuses a short key, another kind of key and anything else, never repeating it', () => {
    const short = readDkimPrivateKey(rsaKey(1024));
    expect(short).toEqual({ problem: expect.stringContaining('at least 2048 bits (got 1024)') });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(readDkimPrivateKey(ec.toString())).toEqual({ problem: expect.stringContaining('must be an RSA key') });
    const garbage = readDkimPrivateKey('not-a-key-secret-1234');
    expect(garbage).toEqual({ problem: expect.stringContaining('must be a PEM private key') });
    expect(JSON.stringify(garbage)).not.toContain('secret-1234');
  });
});
