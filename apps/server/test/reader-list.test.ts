import { describe, expect, it } from '@jest/globals';
import { aReader, AT } from '@memoir/domain/testing';
import { READER_EXPORT_FORMATS } from '@memoir/shared';
import { parse } from 'csv-parse/sync';

import { READER_EXPORT_HEADERS } from './support/reader-export-headers';
import { useTestApps, type TestApp } from './support/test-app';

/*
 * The owner's side of the reader list over HTTP: a page with each consent record, the filters,
 * the counts and growth, and each export read back with a real CSV parser.
 */

const confirmedReader = aReader({
  email: 'Hanako@Example.jp',
  name: '山田 花子',
  status: 'confirmed',
  source: 'guestbook',
  signedUpAt: AT('2026-01-10T09:30:00.000Z'),
  signUpIp: '203.0.113.9',
  confirmedAt: AT('2026-01-10T10:00:00.000Z'),
  confirmIp: '198.51.100.4',
});
const pendingReader = aReader({ email: 'ada@example.org', name: 'Ada', signedUpAt: AT('2026-01-11T09:30:00.000Z') });
const leftReader = aReader({
  email: 'left@example.org',
  name: '=cmd',
  status: 'unsubscribed',
  signedUpAt: AT('2026-01-09T09:30:00.000Z'),
  confirmedAt: AT('2026-01-09T10:00:00.000Z'),
  unsubscribedAt: AT('2026-01-12T10:00:00.000Z'),
  unsubscribedBy: 'one-click',
});

describe("the owner's reader list", () => {
  const startApp = useTestApps();

  const seeded = async (): Promise<{ app: TestApp; token: string }> => {
    const app = await startApp();
    app.clock.set('2026-01-14T12:00:00.000Z');
    for (const reader of [confirmedReader, pendingReader, leftReader]) {
      await app.persistence.repositories.readers.addIfNew(reader);
    }
    return { app, token: await app.signIn() };
  };

  it('pages the readers newest sign-up first with each consent record, by status and by text', async () => {
    const { app, token } = await seeded();
    const first = await app.call('GET', '/api/admin/readers?limit=2', { token });
    expect(first.status).toBe(200);
    expect((first.body.readers as Array<{ email: string }>).map(({ email }) => email)).toEqual([
      'ada@example.org',
      'Hanako@Example.jp',
    ]);
    expect(first.body.readers[1]).toEqual({
      id: confirmedReader.id,
      email: 'Hanako@Example.jp',
      name: '山田 花子',
      status: 'confirmed',
      source: 'guestbook',
      consent: {
        text: 'Email me when there is news about the book',
        version: 1,
        at: '2026-01-10T09:30:00.000Z',
        ip: '203.0.113.9',
      },
      signedUpAt: '2026-01-10T09:30:00.000Z',
      confirmedAt: '2026-01-10T10:00:00.000Z',
      confirmIp: '198.51.100.4',
      unsubscribedAt: null,
      unsubscribedBy: null,
    });
    const next = await app.call('GET', `/api/admin/readers?limit=2&before=${first.body.nextCursor as string}`, {
      token,
    });
    expect(next.body).toMatchObject({ readers: [{ email: 'left@example.org', unsubscribedBy: 'one-click' }] });
    expect(next.body.nextCursor).toBeNull();

    const left = await app.call('GET', '/api/admin/readers?status=Unsubscribed', { token });
    expect((left.body.readers as unknown[]).length).toBe(1);
    const found = await app.call('GET', `/api/admin/readers?q=${encodeURIComponent('花子')}`, { token });
    expect(found.body).toMatchObject({ readers: [{ email: 'Hanako@Example.jp' }], nextCursor: null });
    const byAddress = await app.call('GET', '/api/admin/readers?q=ADA%40example', { token });
    expect(byAddress.body).toMatchObject({ readers: [{ email: 'ada@example.org' }] });
  });

  it('refuses a status it does not know and a cursor it did not make with a clear 400', async () => {
    const { app, token } = await seeded();
    const status = await app.call('GET', '/api/admin/readers?status=gone', { token });
    expect([status.status, status.body.error]).toEqual([
      400,
      'There is no such status: use pending, confirmed or unsubscribed.',
    ]);
    expect((await app.call('GET', '/api/admin/readers?before=nope', { token })).status).toBe(400);
    expect((await app.call('GET', '/api/admin/readers', { undocumented: true })).status).toBe(401);
  });

  it('counts each status and the confirmations of each of the last 12 weeks', async () => {
    const { app, token } = await seeded();
    const summary = await app.call('GET', '/api/admin/readers/summary', { token });
    expect(summary.body.counts).toEqual({ pending: 1, confirmed: 1, unsubscribed: 1, total: 3 });
    const growth = summary.body.growth as Array<{ weekStart: string; confirmed: number }>;
    expect(growth).toHaveLength(12);
    // 2026-01-14 is a Wednesday: its week began on Monday the 12th; both confirmations came the week before.
    expect(growth.at(-1)).toEqual({ weekStart: '2026-01-12', confirmed: 0 });
    expect(growth.at(-2)).toEqual({ weekStart: '2026-01-05', confirmed: 2 });
    expect(growth[0]?.weekStart).toBe('2025-10-27');
  });

  it.each(READER_EXPORT_FORMATS)('exports %s as a CSV its importer reads back', async (format) => {
    const { app, token } = await seeded();
    const response = await app.call('GET', `/api/admin/readers.csv?format=${format}`, { token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="readers-${format}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const rows = parse(response.text, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0] ?? {})).toEqual(READER_EXPORT_HEADERS[format]);
    const emails = rows.map((row) => row.email ?? row['Email Address']);
    if (format === 'plain') {
      expect(emails).toEqual(['ada@example.org', 'Hanako@Example.jp', 'left@example.org']);
      expect(rows[1]).toMatchObject({ name: '山田 花子', status: 'confirmed', confirm_ip: '198.51.100.4' });
      // A cell a spreadsheet would run as a formula is written as text.
      expect(rows[2]).toMatchObject({ name: "'=cmd", unsubscribed_by: 'one-click' });
      return;
    }
    // The newsletter tools get only confirmed readers.
    expect(emails).toEqual(['Hanako@Example.jp']);
    const row = rows[0] ?? {};
    const name = { mailchimp: 'First Name', mailerlite: 'name', kit: 'first_name' } as const;
    if (format === 'buttondown') {
      expect(JSON.parse(row.metadata ?? '')).toMatchObject({ name: '山田 花子', consent_ip: '203.0.113.9' });
      expect(row.notes).toContain('consent text v1: "Email me when there is news about the book"');
    } else {
      expect(row[name[format]]).toBe('山田 花子');
    }
    if (format === 'mailchimp')
      expect(row).toMatchObject({ OPTIN_TIME: '2026-01-10 09:30:00', CONFIRM_IP: '198.51.100.4' });
  });

  it('refuses an export format it does not know, or none, with a clear 400', async () => {
    const { app, token } = await seeded();
    const unknown = await app.call('GET', '/api/admin/readers.csv?format=excel', { token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/format.*mailchimp, mailerlite, kit, buttondown, plain/);
    expect((await app.call('GET', '/api/admin/readers.csv', { token })).status).toBe(400);
  });
});
