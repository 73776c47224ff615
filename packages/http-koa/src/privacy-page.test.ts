import { describe, expect, it } from '@jest/globals';

import { privacyPageHtml, type PrivacyNotice } from './privacy-page';

const NOTICE: PrivacyNotice = {
  bookTitle: 'Root Access',
  contactEmail: 'owner@example.org',
  retention: { personalDetailsDays: 90, rejectedDays: 30, sentEmailDays: 30 },
  downloadLinkDays: 14,
  maxDownloads: 5,
  formWindowMinutes: 10,
  emailBySmtp: false,
  readersWebhook: false,
};

/** The page's words, without tags, as a reader (or pdftotext-like tool) sees them. */
const words = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('the privacy notice', () => {
  it('states every period it is given, in days, and the contact as a mail link', () => {
    const html = privacyPageHtml({
      ...NOTICE,
      retention: { personalDetailsDays: 61, rejectedDays: 17, sentEmailDays: 1 },
      maxDownloads: 1,
    });
    const text = words(html);
    expect(text).toContain('A rejected entry is deleted 17 days after the decision');
    expect(text).toContain('A rejected request is deleted 17 days after the decision');
    expect(text).toContain('61 days after it expires');
    expect(text).toContain('erased after 61 days');
    expect(text).toContain('deleted 1 day after they are sent');
    expect(text).toContain('works for 14 days and 1 download.');
    expect(text).toContain('deleted when its window ends (10 minutes)');
    expect(html).toContain('<a href="mailto:owner@example.org">owner@example.org</a>');
  });

  it('tells what the reader list keeps, and who else receives it when the webhook is on', () => {
    const off = words(privacyPageHtml(NOTICE));
    expect(off).toContain('The reader list, only if you signed up for news about the book');
    expect(off).toContain('a sign-up never confirmed is deleted after 30 days');
    expect(off).not.toContain('newsletter service');
    const on = words(privacyPageHtml({ ...NOTICE, readersWebhook: true }));
    expect(on).toContain('The newsletter service the author uses receives the reader list');
  });

  it('says no copies are kept when email goes by SMTP, and how to ask without an OWNER_EMAIL', () => {
    const text = words(privacyPageHtml({ ...NOTICE, emailBySmtp: true, contactEmail: null }));
    expect(text).toContain('The site keeps no copy of them.');
    expect(text).not.toContain('after they are sent');
    expect(text).toContain('reply to any email the site sent you');
    expect(text).not.toContain('mailto:');
  });

  it('escapes what comes from configuration', () => {
    const html = privacyPageHtml({ ...NOTICE, bookTitle: 'A <b> & "C"', contactEmail: 'a"b@example.org' });
    expect(html).toContain('A &#60;b&#62; &#38; &#34;C&#34;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('mailto:a&#34;b@example.org');
  });
});
