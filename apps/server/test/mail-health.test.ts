import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dkimTxtRecord } from '@memoir/mail';
import { startTestDnsServer, type TestDnsServer } from '@memoir/mail/testing';

import { useTestApps } from './support/test-app';

/* The Mail health screen's calls on the composed server: its DNS through DNS_SERVER, its mailer, its key. */

const KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

describe('mail health', () => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startTestDnsServer({
      'rootaccess.example': {
        txt: ['v=spf1 include:_spf.mailer.example ~all'],
        mx: [{ exchange: 'mx.mailer.example', priority: 10 }],
      },
      'memoir2026._domainkey.rootaccess.example': { txt: [dkimTxtRecord(KEY)] },
      '_dmarc.rootaccess.example': { txt: ['v=DMARC1; p=none; rua=mailto:sam@rootaccess.example'] },
    });
  });
  afterAll(() => dns.close());
  const startApp = useTestApps(() => ({
    env: {
      MAIL_FROM: '"Root Access" <books@rootaccess.example>',
      DKIM_DOMAIN: 'rootaccess.example',
      DKIM_SELECTOR: 'memoir2026',
      DKIM_PRIVATE_KEY: KEY.trim().replace(/\n/g, '\\n'),
      DNS_SERVER: dns.address,
    },
  }));

  it('checks the sending domain through DNS_SERVER: all set but the mail server, which is not configured', async () => {
    const app = await startApp();
    const answer = await app.call('GET', '/api/admin/mail-health', { token: await app.signIn() });
    expect(answer.status).toBe(200);
    const checks = answer.body.checks as Array<{ name: string; ok: boolean; detail: string }>;
    expect(checks.map((check) => [check.name, check.ok])).toEqual([
      ['spf', true],
      ['dkim', true],
      ['dmarc', true],
      ['alignment', true],
      ['mx', true],
      ['starttls', false],
    ]);
    expect(checks[5]?.detail).toContain('No mail server is set (SMTP_URL)');
  });

  it('sends a signed test email at once, and only for a signed-in admin', async () => {
    const app = await startApp();
    expect((await app.call('POST', '/api/admin/mail-health/test', { body: { to: 'sam@example.org' } })).status).toBe(
      401,
    );
    const token = await app.signIn();
    const bad = await app.call('POST', '/api/admin/mail-health/test', { token, body: { to: 'not an address' } });
    expect(bad.status).toBe(400);
    const answer = await app.call('POST', '/api/admin/mail-health/test', { token, body: { to: 'sam@example.org' } });
    expect(answer.body).toEqual({
      success: true,
      sent: true,
      detail: expect.stringContaining('Sent to sam@example.org'),
    });
    const [file] = readdirSync(app.config.mail.outboxDir);
    const message = readFileSync(join(app.config.mail.outboxDir, file ?? ''), 'utf8');
    expect(message).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=rootaccess\.example;/m);
    expect(message).toContain('Subject: A test email from the site of Root Access');
  });
});
