import { describe, expect, it } from '@jest/globals';

import { MailHealthUseCase, NO_MAIL_HEALTH_PROBE } from './mail-health';
import type { Mailer, OutgoingEmail } from './mailer';

const SETTINGS = {
  bookTitle: 'Root Access',
  publicBaseUrl: 'https://rootaccess.example',
  adminBaseUrl: 'https://admin.rootaccess.example',
  ownerEmail: null,
};

describe('MailHealthUseCase', () => {
  const sent: OutgoingEmail[] = [];
  const mailer: Mailer = { send: (email) => Promise.resolve(void sent.push(email)) };

  it('sends the test email now, to the address given, pointing back at the Mail health screen', async () => {
    const result = await new MailHealthUseCase(NO_MAIL_HEALTH_PROBE, mailer, SETTINGS).sendTest(' sam@example.org ');
    expect(result).toEqual({
      ok: true,
      value: { sent: true, detail: expect.stringContaining('Sent to sam@example.org.') },
    });
    expect(sent.at(-1)).toMatchObject({
      to: 'sam@example.org',
      subject: 'A test email from the site of Root Access',
      text: expect.stringContaining('https://admin.rootaccess.example/admin/mail\n'),
    });
  });

  it('answers what the mail server said when it refuses, as an outcome to show', async () => {
    const refusing: Mailer = { send: () => Promise.reject(new Error('550 5.7.1 Relaying denied')) };
    const result = await new MailHealthUseCase(NO_MAIL_HEALTH_PROBE, refusing, SETTINGS).sendTest('sam@example.org');
    expect(result).toEqual({ ok: true, value: { sent: false, detail: 'Not sent: 550 5.7.1 Relaying denied' } });
  });

  it('refuses what is not an email address, sending nothing', async () => {
    const before = sent.length;
    const result = await new MailHealthUseCase(NO_MAIL_HEALTH_PROBE, mailer, SETTINGS).sendTest('sam at example');
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'DELIVERY.INVALID_TEST_ADDRESS', fieldErrors: { to: expect.any(String) } },
    });
    expect(sent).toHaveLength(before);
  });

  it('says every check was not made when the server gave no probe', async () => {
    const checks = await new MailHealthUseCase(NO_MAIL_HEALTH_PROBE, mailer, SETTINGS).checks();
    expect(checks.map((check) => [check.name, check.ok])).toEqual([
      ['spf', false],
      ['dkim', false],
      ['dmarc', false],
      ['alignment', false],
      ['mx', false],
      ['starttls', false],
    ]);
  });
});
