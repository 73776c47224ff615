import { afterEach, describe, expect, it, jest } from '@jest/globals';

import { runPersonCommand } from '../src/person-commands';
import { ANSWERS, useTestApps } from './support/test-app';

/* GET /api/admin/personal-data: the owner downloads what is held about a person from the app. */

const GRACE = { name: 'Grace Hopper', email: 'grace@example.org' };

/** What `pnpm admin export-person` prints for the app's database, parsed. */
async function printedByCommand(config: Parameters<typeof runPersonCommand>[2], email: string): Promise<unknown> {
  let printed = '';
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk);
    return true;
  });
  expect(await runPersonCommand('export-person', ['--email', email], config)).toBe(0);
  jest.restoreAllMocks();
  return JSON.parse(printed);
}

describe("a person's data, downloaded from the admin API", () => {
  const startApp = useTestApps();
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers what export-person prints, as an attachment, audited without the address', async () => {
    const app = await startApp();
    const token = await app.signIn();
    const submitted = await app.call('POST', '/api/scholarship-request', {
      body: { ...GRACE, message: 'A student in Gdańsk', riddleAnswer: ANSWERS.scholarship },
    });
    expect(submitted.status).toBe(201);

    const answer = await app.call('GET', `/api/admin/personal-data?email=${encodeURIComponent('GRACE@example.org')}`, {
      token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({
      email: 'GRACE@example.org',
      scholarshipRequests: [expect.objectContaining({ name: GRACE.name, message: 'A student in Gdańsk' })],
    });
    // The time stands still in the test app, so the command's export is the very same.
    expect(await printedByCommand(app.config, 'GRACE@example.org')).toEqual({
      ...answer.body,
      exportedAt: expect.any(String),
    });

    const logs = await app.call('GET', '/api/admin/audit-logs?action=personal_data_exported', { token });
    const events = logs.body.logs as Array<Record<string, unknown>>;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      resourceType: 'personal_data',
      resourceId: null,
      details: { requests: 1, emails: 0, crackmeClaims: 0, auditEvents: 0 },
    });
    expect(JSON.stringify(events[0]).toLowerCase()).not.toContain('grace');
  });

  it('refuses an address it cannot read (400) and a caller without a session (401)', async () => {
    const app = await startApp();
    const token = await app.signIn();
    const bad = await app.call('GET', '/api/admin/personal-data?email=not%20an%20address', { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false });
    expect((await app.call('GET', '/api/admin/personal-data', { token })).status).toBe(400);
    expect((await app.call('GET', '/api/admin/personal-data?email=grace%40example.org')).status).toBe(401);
    const logs = await app.call('GET', '/api/admin/audit-logs?action=personal_data_exported', { token });
    expect(logs.body.logs).toEqual([]);
  });
});
