import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { WRITING_SAMPLES } from '@memoir/domain/testing';

import {
  ANSWERS,
  OWNER_PASSWORD,
  useTestApps,
  type TestApp,
  type TestDatabase,
  type TestStore,
} from './support/test-app';
import { totpCodeAt } from './support/totp';

const chars = (n: number, c = 'a') => c.repeat(n);
const guestbookBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada',
  location: 'London',
  message: 'Loved the chapter on the arena.',
  riddleAnswer: ANSWERS.guestbook,
  ...overrides,
});
const scholarshipBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace',
  email: 'grace@example.org',
  message: 'Between jobs; would love to read it.',
  riddleAnswer: ANSWERS.scholarship,
  ...overrides,
});
const UNKNOWN_ID = '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000';

/**
 * Every route of the API, through the app exactly as the server wires it, on one database.
 * Every answer is checked against the OpenAPI document by `call`.
 */
export function describeHttpApi(name: string, database: () => TestDatabase): void {
  describe(`HTTP API on ${name}`, () => {
    let db: TestDatabase;
    let store: TestStore;
    let app: TestApp;
    const startApp = useTestApps(() => ({ store }));
    /** The app on this test's store; again with `env` for a test that needs other settings. */
    const start = async (env: Record<string, string> = {}) => (app = await startApp({ env }));

    beforeEach(async () => {
      db ??= database();
      store = await db.open();
      await start();
    });
    afterEach(async () => {
      await store.persistence.close();
    });
    afterAll(async () => {
      await db?.dispose();
    });

    async function signAndApprove(body = guestbookBody()): Promise<string> {
      expect((await app.call('POST', '/api/guestbook-entry', { body })).status).toBe(201);
      const token = await app.signIn();
      const list = await app.call('GET', '/api/admin/guestbook', { token });
      const entry = (list.body.entries as Array<{ id: string; name: string }>).find((e) => e.name === body.name);
      await app.call('PATCH', `/api/admin/guestbook/${entry?.id}`, { token, body: { isApproved: true } });
      return entry?.id ?? '';
    }

    async function submitScholarship(): Promise<{ token: string; id: string }> {
      expect((await app.call('POST', '/api/scholarship-request', { body: scholarshipBody() })).status).toBe(201);
      const token = await app.signIn();
      const list = await app.call('GET', '/api/admin/scholarships', { token });
      return { token, id: (list.body.requests as Array<{ id: string }>)[0]?.id ?? '' };
    }

    describe('GET /api/guestbook-entries', () => {
      it('answers an empty list before any entry is approved', async () => {
        const response = await app.call('GET', '/api/guestbook-entries?limit=5');
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ success: true, entries: [] });
      });

      it('shows an approved entry without review fields, and never a pending one', async () => {
        await signAndApprove();
        await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ name: 'Pending Pete' }) });
        const response = await app.call('GET', '/api/guestbook-entries?limit=5');
        expect(response.body.entries).toEqual([
          {
            id: expect.any(String),
            name: 'Ada',
            location: 'London',
            message: 'Loved the chapter on the arena.',
            createdAt: '2026-06-01T12:00:00.000Z',
          },
        ]);
      });

      it('clamps the limit to 1..5, whatever is asked', async () => {
        for (let i = 0; i < 7; i += 1) await signAndApprove(guestbookBody({ name: `Visitor ${i}` }));
        const count = async (query: string) =>
          (await app.call('GET', `/api/guestbook-entries${query}`)).body.entries.length;
        expect(await count('?limit=5')).toBe(5);
        expect(await count('?limit=100')).toBe(5);
        expect(await count('?limit=2')).toBe(2);
        expect(await count('?limit=0')).toBe(1);
        expect(await count('')).toBe(5);
      });

      it('refuses a limit that is not a whole number, as the API reference says (400 naming it)', async () => {
        for (const query of ['?limit=abc', '?limit=2.5', '?limit=']) {
          const response = await app.call('GET', `/api/guestbook-entries${query}`);
          expect([response.status, response.body.fieldErrors]).toEqual([
            400,
            { limit: 'limit must be a whole number.' },
          ]);
        }
      });

      it('answers its path in any letter case', async () => {
        expect((await app.call('GET', '/API/Guestbook-Entries?limit=5')).status).toBe(200);
      });
    });

    describe('POST /api/guestbook-entry', () => {
      it('accepts a signature as pending, trimmed, with an empty location stored as null', async () => {
        const response = await app.call('POST', '/api/guestbook-entry', {
          body: guestbookBody({ name: '  Ada  ', location: '' }),
        });
        expect(response.status).toBe(201);
        expect(response.body).toEqual({ success: true });
        const token = await app.signIn();
        const [entry] = (await app.call('GET', '/api/admin/guestbook', { token })).body.entries;
        expect(entry).toMatchObject({
          name: 'Ada',
          location: null,
          isApproved: false,
          reviewedAt: null,
          adminNotes: null,
        });
      });

      it('accepts a name of 50 characters and refuses 51, naming the field', async () => {
        expect(
          (await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ name: chars(50) }) })).status,
        ).toBe(201);
        const response = await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ name: chars(51) }) });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          success: false,
          error: 'Name must be at most 50 characters.',
          fieldErrors: { name: 'Name must be at most 50 characters.' },
        });
      });

      it('accepts a location of 50 characters and a message of 500, and refuses one more of either, naming the field', async () => {
        expect(
          (
            await app.call('POST', '/api/guestbook-entry', {
              body: guestbookBody({ location: chars(50), message: chars(500) }),
            })
          ).status,
        ).toBe(201);
        expect(
          (await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ location: chars(51) }) })).body
            .fieldErrors,
        ).toEqual({
          location: 'Location must be at most 50 characters.',
        });
        expect(
          (await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ message: chars(501) }) })).body
            .fieldErrors,
        ).toEqual({
          message: 'Message must be at most 500 characters.',
        });
      });

      it('refuses a name with a right-to-left override, naming the field, and stores nothing', async () => {
        const response = await app.call('POST', '/api/guestbook-entry', {
          body: guestbookBody({ name: 'Ada\u202Eecalevol' }),
        });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          success: false,
          code: 'GUESTBOOK_ENTRY.INVALID',
          error: 'Name contains invisible or direction-changing characters.',
          fieldErrors: { name: 'Name contains invisible or direction-changing characters.' },
        });
        const token = await app.signIn();
        expect((await app.call('GET', '/api/admin/guestbook', { token })).body.entries).toEqual([]);
      });

      it('keeps names in every script as written, joiners and emoji sequences included, composed (NFC)', async () => {
        for (const [, name] of WRITING_SAMPLES) {
          expect((await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ name }) })).status).toBe(201);
        }
        expect(
          (await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ name: 'Nguye\u0302\u0303n' }) }))
            .status,
        ).toBe(201);
        const token = await app.signIn();
        const entries = (await app.call('GET', '/api/admin/guestbook', { token })).body.entries as Array<{
          name: string;
        }>;
        expect(entries.map((entry) => entry.name).sort()).toEqual(
          [...WRITING_SAMPLES.map(([, name]) => name), 'Nguy\u1EC5n'].sort(),
        );
      });

      it('refuses missing fields and wrong types with a message per field', async () => {
        const missing = await app.call('POST', '/api/guestbook-entry', { body: { location: 'x' } });
        expect(missing.status).toBe(400);
        expect(missing.body.fieldErrors).toEqual({
          name: 'Name is required.',
          message: 'Message is required.',
          riddleAnswer: 'Riddle answer is required.',
        });
        const wrongType = await app.call('POST', '/api/guestbook-entry', {
          body: guestbookBody({ name: 42, location: ['x'] }),
        });
        expect(wrongType.body.fieldErrors).toEqual({ name: 'Name must be text.', location: 'Location must be text.' });
      });

      it('refuses unknown fields, and prototype keys', async () => {
        const unknown = await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ isApproved: true }) });
        expect(unknown.status).toBe(400);
        expect(unknown.body.fieldErrors).toEqual({ isApproved: 'Unknown field "isApproved".' });
        const proto = await app.call('POST', '/api/guestbook-entry', {
          rawBody: '{"__proto__":{"polluted":true},"name":"x"}',
        });
        expect(proto.status).toBe(400);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      it('refuses a wrong riddle answer, and accepts the right one in any case', async () => {
        const wrong = await app.call('POST', '/api/guestbook-entry', {
          body: guestbookBody({ riddleAnswer: 'internet' }),
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.code).toBe('GUESTBOOK_ENTRY.WRONG_RIDDLE_ANSWER');
        expect(
          (await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ riddleAnswer: ' NETWORK ' }) }))
            .status,
        ).toBe(201);
      });

      it('drops a submission whose honeypot is filled, answering as if accepted', async () => {
        const response = await app.call('POST', '/api/guestbook-entry', {
          body: guestbookBody({ website: 'http://spam.example' }),
        });
        expect(response.status).toBe(201);
        const token = await app.signIn();
        expect((await app.call('GET', '/api/admin/guestbook', { token })).body.entries).toEqual([]);
      });

      it('refuses malformed JSON and a non-object body with 400, a non-JSON body with 415 and a body over 16 KB with 413', async () => {
        const malformed = await app.call('POST', '/api/guestbook-entry', { rawBody: '{"name":' });
        expect([malformed.status, malformed.body.error]).toEqual([400, 'The request body is not valid JSON.']);
        const array = await app.call('POST', '/api/guestbook-entry', { rawBody: '[1,2]' });
        expect([array.status, array.body.error]).toEqual([400, 'The request body must be a JSON object.']);
        const text = await app.call('POST', '/api/guestbook-entry', {
          rawBody: 'name=Ada',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
        expect(text.status).toBe(415);
        const huge = await app.call('POST', '/api/guestbook-entry', {
          rawBody: JSON.stringify(guestbookBody({ message: chars(17_000) })),
        });
        expect([huge.status, huge.body.error]).toEqual([413, 'The request body is too large (at most 16 KB).']);
      });

      it(`limits submissions per address (FORM_RATE_LIMIT), per form, until the window ends`, async () => {
        await start({ FORM_RATE_LIMIT: '3/10m' });
        for (let i = 0; i < 3; i += 1)
          expect((await app.call('POST', '/api/guestbook-entry', { body: guestbookBody() })).status).toBe(201);
        const limited = await app.call('POST', '/api/guestbook-entry', { body: guestbookBody() });
        expect(limited.status).toBe(429);
        expect(limited.headers['retry-after']).toBe('600');
        expect(limited.body.error).toBe('Too many submissions from your connection. Please wait and try again.');
        expect((await app.call('POST', '/api/scholarship-request', { body: scholarshipBody() })).status).toBe(201);
        app.clock.advance(10 * 60 * 1000);
        expect((await app.call('POST', '/api/guestbook-entry', { body: guestbookBody() })).status).toBe(201);
      });
    });

    describe('POST /api/scholarship-request', () => {
      it('accepts a request as pending, with an empty message stored as null', async () => {
        expect(
          (await app.call('POST', '/api/scholarship-request', { body: scholarshipBody({ message: '' }) })).status,
        ).toBe(201);
        const token = await app.signIn();
        const [request] = (await app.call('GET', '/api/admin/scholarships', { token })).body.requests;
        expect(request).toMatchObject({
          name: 'Grace',
          email: 'grace@example.org',
          message: null,
          status: 'pending',
          adminNotes: null,
        });
      });

      it('refuses a malformed email, a missing name and a wrong riddle answer', async () => {
        const email = await app.call('POST', '/api/scholarship-request', {
          body: scholarshipBody({ email: 'grace@' }),
        });
        expect([email.status, email.body.fieldErrors]).toEqual([400, { email: 'Please enter a valid email address.' }]);
        const name = await app.call('POST', '/api/scholarship-request', { body: scholarshipBody({ name: '   ' }) });
        expect(name.body.fieldErrors).toEqual({ name: 'Name is required.' });
        const riddle = await app.call('POST', '/api/scholarship-request', {
          body: scholarshipBody({ riddleAnswer: 'kernal' }),
        });
        expect(riddle.body.code).toBe('SCHOLARSHIP_REQUEST.WRONG_RIDDLE_ANSWER');
      });

      it('drops a submission whose honeypot is filled', async () => {
        expect(
          (await app.call('POST', '/api/scholarship-request', { body: scholarshipBody({ website: 'x' }) })).status,
        ).toBe(201);
        const token = await app.signIn();
        expect((await app.call('GET', '/api/admin/scholarships', { token })).body.requests).toEqual([]);
      });
    });

    describe('POST /api/admin/login', () => {
      const login = (username: string, password: string, headers: Record<string, string> = {}) =>
        app.call('POST', '/api/admin/login', { body: { username, password }, headers });

      it('signs the owner in with a token, the user and the expiry', async () => {
        const response = await login('owner', OWNER_PASSWORD);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          success: true,
          sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          user: { id: expect.any(String), username: 'owner' },
          expiresAt: '2026-06-02T00:00:00.000Z',
        });
        expect(response.headers['cache-control']).toBe('no-store');
      });

      it('answers an unknown user exactly as a wrong password', async () => {
        const wrong = await login('owner', 'not-the-password');
        const unknown = await login('nobody', 'not-the-password');
        expect(wrong.status).toBe(401);
        expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
        expect(wrong.body.error).toBe('Invalid username or password.');
      });

      it('refuses a missing password as bad input', async () => {
        const response = await app.call('POST', '/api/admin/login', { body: { username: 'owner' } });
        expect([response.status, response.body.fieldErrors]).toEqual([400, { password: 'Password is required.' }]);
      });

      it('locks a username from one address after LOGIN_RATE_LIMIT failures, with Retry-After, until the window ends', async () => {
        for (let i = 0; i < 5; i += 1) expect((await login('owner', 'wrong')).status).toBe(401);
        const locked = await login('owner', OWNER_PASSWORD);
        expect(locked.status).toBe(429);
        expect(locked.headers['retry-after']).toBe('900');
        app.clock.advance(15 * 60 * 1000);
        expect((await login('owner', OWNER_PASSWORD)).status).toBe(200);
      });

      it('locks an address behind a trusted proxy, and only that address', async () => {
        await start({ TRUST_PROXY: 'on' });
        for (let i = 0; i < 5; i += 1) await login(`guess${i}`, 'wrong', { 'X-Forwarded-For': '198.51.100.7' });
        expect((await login('owner', OWNER_PASSWORD, { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(429);
        expect((await login('owner', OWNER_PASSWORD, { 'X-Forwarded-For': '198.51.100.8' })).status).toBe(200);
      });
    });

    describe('the admin session', () => {
      it('answers /me with the signed-in owner, and 401 after logout', async () => {
        const token = await app.signIn();
        const me = await app.call('GET', '/api/admin/me', { token });
        expect(me.body).toEqual({ success: true, user: { id: expect.any(String), username: 'owner' } });
        expect((await app.call('POST', '/api/admin/logout', { token })).body).toEqual({ success: true });
        expect((await app.call('GET', '/api/admin/me', { token })).status).toBe(401);
      });

      it('refuses every admin route without a valid session: none, forged, blank, expired', async () => {
        const token = await app.signIn();
        app.clock.advance(31 * 60 * 1000); // past the 30-minute idle timeout
        const adminRoutes = app.routes.filter(
          (route) =>
            /^\/api\/admin\//i.test(route.path) &&
            !['/api/admin/login', '/api/admin/login/two-factor'].includes(route.path),
        );
        expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
        for (const route of adminRoutes) {
          const path = route.path.replace(':id', UNKNOWN_ID);
          const body = route.method === 'PATCH' ? { isApproved: true } : undefined;
          const attempts: Array<Record<string, string>> = [
            {},
            { Authorization: 'Bearer forged-token-value' },
            { Authorization: 'Bearer ' },
            { Authorization: `Bearer ${token}` },
          ];
          for (const headers of attempts) {
            const response = await app.call(route.method as 'GET', path, { headers, body, undocumented: true });
            expect([route.method, route.path, response.status]).toEqual([route.method, route.path, 401]);
            expect(response.body.error).toBe('Please sign in to continue.');
            expect(response.headers['cache-control']).toBe('no-store');
            expect(response.headers['www-authenticate']).toBe('Bearer');
          }
        }
      });
    });

    describe('the Security screen: sessions and password', () => {
      const signInFrom = async (userAgent: string) => {
        const response = await app.call('POST', '/api/admin/login', {
          body: { username: 'owner', password: OWNER_PASSWORD },
          headers: { 'User-Agent': userAgent },
        });
        return (response.body as { sessionToken: string }).sessionToken;
      };

      it('lists your sessions with device, this one first; ending another makes its token fail at once', async () => {
        const phone = await signInFrom('Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36');
        app.clock.advance(1000);
        const laptop = await signInFrom('Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0');
        const listed = await app.call('GET', '/api/admin/security', { token: laptop });
        expect(listed.status).toBe(200);
        expect(listed.body.twoFactorEnabled).toBe(false);
        const sessions = listed.body.sessions as Array<Record<string, unknown>>;
        expect(sessions.map((session) => [session.current, String(session.userAgent).includes('Firefox')])).toEqual([
          [true, true],
          [false, false],
        ]);
        expect(sessions[1]).toMatchObject({ createdAt: expect.any(String), lastSeenAt: expect.any(String) });

        expect((await app.call('GET', '/api/admin/me', { token: phone })).status).toBe(200);
        const ended = await app.call('DELETE', `/api/admin/sessions/${String(sessions[1]?.id)}`, { token: laptop });
        expect(ended.status).toBe(200);
        expect((await app.call('GET', '/api/admin/me', { token: phone })).status).toBe(401);
        expect((await app.call('GET', '/api/admin/me', { token: laptop })).status).toBe(200);
        const again = await app.call('DELETE', `/api/admin/sessions/${String(sessions[1]?.id)}`, { token: laptop });
        expect([again.status, again.body.code]).toEqual([404, 'ADMIN_USER.SESSION_NOT_FOUND']);

        const logs = await app.call('GET', '/api/admin/audit-logs?action=session_ended', { token: laptop });
        expect((logs.body.logs as unknown[]).length).toBe(1);
      });

      it('ends every other session at once', async () => {
        const others = [await signInFrom('a'), await signInFrom('b')];
        const mine = await signInFrom('c');
        const response = await app.call('POST', '/api/admin/sessions/end-others', { token: mine });
        expect(response.body).toEqual({ success: true, ended: 2 });
        for (const token of others) expect((await app.call('GET', '/api/admin/me', { token })).status).toBe(401);
        expect((await app.call('GET', '/api/admin/me', { token: mine })).status).toBe(200);
      });

      it('changes the password with the current one, by the same rules as the command line, ending the others', async () => {
        const other = await signInFrom('other');
        const mine = await signInFrom('mine');
        const wrong = await app.call('POST', '/api/admin/password', {
          token: mine,
          body: { currentPassword: 'not-the-password', newPassword: 'a brand new passphrase' },
        });
        expect([wrong.status, wrong.body.code]).toEqual([400, 'ADMIN_USER.WRONG_PASSWORD']);
        const short = await app.call('POST', '/api/admin/password', {
          token: mine,
          body: { currentPassword: OWNER_PASSWORD, newPassword: 'short' },
        });
        expect([short.status, short.body.fieldErrors]).toEqual([
          400,
          { newPassword: 'Password must be at least 12 characters.' },
        ]);
        const changed = await app.call('POST', '/api/admin/password', {
          token: mine,
          body: { currentPassword: OWNER_PASSWORD, newPassword: 'a brand new passphrase' },
        });
        expect(changed.body).toEqual({ success: true, endedSessions: 1 });
        expect((await app.call('GET', '/api/admin/me', { token: other })).status).toBe(401);
        expect((await app.call('GET', '/api/admin/me', { token: mine })).status).toBe(200);
        const old = await app.call('POST', '/api/admin/login', {
          body: { username: 'owner', password: OWNER_PASSWORD },
        });
        expect(old.status).toBe(401);
        const fresh = await app.call('POST', '/api/admin/login', {
          body: { username: 'owner', password: 'a brand new passphrase' },
        });
        expect(fresh.status).toBe(200);
        const logs = await app.call('GET', '/api/admin/audit-logs?action=password_changed', { token: mine });
        expect((logs.body.logs as Array<{ details: unknown }>)[0]?.details).toEqual({ endedSessions: 1 });
      });

      it('limits wrong current passwords like sign-ins (LOGIN_RATE_LIMIT)', async () => {
        const mine = await signInFrom('mine');
        const statuses: number[] = [];
        for (let i = 0; i < 7; i += 1) {
          const response = await app.call('POST', '/api/admin/password', {
            token: mine,
            body: { currentPassword: `guess ${i}`, newPassword: 'a brand new passphrase' },
          });
          statuses.push(response.status);
        }
        expect(statuses.slice(-1)).toEqual([429]);
        expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(0);
      });
    });

    describe('two-factor sign-in (TOTP codes computed here with otpauth)', () => {
      const passwordStep = () =>
        app.call('POST', '/api/admin/login', { body: { username: 'owner', password: OWNER_PASSWORD } });

      async function turnOn(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
        const started = await app.call('POST', '/api/admin/security/two-factor', { token });
        expect(started.status).toBe(200);
        const secret = started.body.secret as string;
        expect(started.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
        const confirmed = await app.call('POST', '/api/admin/security/two-factor/confirm', {
          token,
          body: { code: totpCodeAt(secret, app.clock.now()) },
        });
        expect(confirmed.status).toBe(200);
        app.clock.advance(30_000); // the confirming code is used up
        return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
      }

      it('asks for a code after the password, signs in with it, refuses it a second time', async () => {
        const token = await app.signIn();
        const { secret } = await turnOn(token);
        const first = await passwordStep();
        expect(first.status).toBe(200);
        expect(first.body).toEqual({
          success: false,
          twoFactorRequired: true,
          challenge: expect.any(String),
          expiresAt: expect.any(String),
          error: 'Enter the code from your authenticator app, or a recovery code.',
        });
        const code = totpCodeAt(secret, app.clock.now());
        const second = await app.call('POST', '/api/admin/login/two-factor', {
          body: { challenge: first.body.challenge, code },
        });
        expect(second.status).toBe(200);
        expect((await app.call('GET', '/api/admin/me', { token: second.body.sessionToken as string })).status).toBe(
          200,
        );

        const again = await passwordStep();
        const reused = await app.call('POST', '/api/admin/login/two-factor', {
          body: { challenge: again.body.challenge, code },
        });
        expect([reused.status, reused.body.code]).toEqual([401, 'ADMIN_SESSION.INVALID_CODE']);
        const replayed = await app.call('POST', '/api/admin/login/two-factor', {
          body: { challenge: first.body.challenge, code: totpCodeAt(secret, app.clock.now()) },
        });
        expect([replayed.status, replayed.body.code]).toEqual([401, 'ADMIN_SESSION.CHALLENGE_EXPIRED']);
      });

      it('takes each recovery code once, and turns off with the password', async () => {
        const token = await app.signIn();
        const { recoveryCodes } = await turnOn(token);
        const [recovery = ''] = recoveryCodes;
        const used = await app.call('POST', '/api/admin/login/two-factor', {
          body: { challenge: (await passwordStep()).body.challenge, code: recovery },
        });
        expect(used.status).toBe(200);
        const twice = await app.call('POST', '/api/admin/login/two-factor', {
          body: { challenge: (await passwordStep()).body.challenge, code: recovery },
        });
        expect(twice.status).toBe(401);

        const wrong = await app.call('DELETE', '/api/admin/security/two-factor', {
          token,
          body: { password: 'not the password' },
        });
        expect([wrong.status, wrong.body.code]).toEqual([400, 'ADMIN_USER.WRONG_PASSWORD']);
        const off = await app.call('DELETE', '/api/admin/security/two-factor', {
          token,
          body: { password: OWNER_PASSWORD },
        });
        expect(off.status).toBe(200);
        expect((await passwordStep()).body.success).toBe(true);
        const logs = await app.call('GET', '/api/admin/audit-logs', { token });
        const actions = (logs.body.logs as Array<{ action: string }>).map((log) => log.action);
        expect(actions).toEqual(
          expect.arrayContaining(['two_factor_enabled', 'recovery_code_used', 'two_factor_disabled']),
        );
      });
    });

    describe('admins', () => {
      it('adds an admin with a temporary password, names each admin in the audit log, never removes the last', async () => {
        const token = await app.signIn();
        app.clock.advance(1000); // added after the owner, so listed after them
        const added = await app.call('POST', '/api/admin/admins', { token, body: { username: 'Editor' } });
        expect(added.status).toBe(201);
        expect(added.body.admin).toMatchObject({ username: 'editor', twoFactorEnabled: false });
        const editorLogin = await app.call('POST', '/api/admin/login', {
          body: { username: 'editor', password: added.body.temporaryPassword },
        });
        expect(editorLogin.status).toBe(200);
        const editorToken = editorLogin.body.sessionToken as string;
        const listed = await app.call('GET', '/api/admin/admins', { token: editorToken });
        expect((listed.body.admins as Array<{ username: string }>).map((admin) => admin.username)).toEqual([
          'owner',
          'editor',
        ]);
        const taken = await app.call('POST', '/api/admin/admins', { token, body: { username: 'EDITOR' } });
        expect(taken.status).toBe(409);

        const logs = await app.call('GET', '/api/admin/audit-logs?action=login', { token: editorToken });
        const names = (logs.body.logs as Array<{ username: string | null }>).map((log) => log.username);
        expect(new Set(names)).toEqual(new Set(['owner', 'editor']));

        const ownerId = (listed.body.admins as Array<{ id: string; username: string }>)[0]?.id ?? '';
        const editorId = (added.body.admin as { id: string }).id;
        expect((await app.call('DELETE', `/api/admin/admins/${editorId}`, { token })).status).toBe(200);
        expect((await app.call('GET', '/api/admin/me', { token: editorToken })).status).toBe(401);
        const last = await app.call('DELETE', `/api/admin/admins/${ownerId}`, { token });
        expect([last.status, last.body.code]).toEqual([409, 'ADMIN_USER.LAST_ADMIN']);
        const missing = await app.call('DELETE', `/api/admin/admins/${editorId}`, { token });
        expect(missing.status).toBe(404);
      });
    });

    describe('GET /api/admin/dashboard', () => {
      it('counts totals, pending items and the last 7 days', async () => {
        await signAndApprove();
        await app.call('POST', '/api/guestbook-entry', { body: guestbookBody({ name: 'Second' }) });
        await app.call('POST', '/api/scholarship-request', { body: scholarshipBody() });
        const token = await app.signIn();
        const response = await app.call('GET', '/api/admin/dashboard', { token });
        expect(response.body).toEqual({
          success: true,
          guestbook: { total: 2, pending: 1 },
          scholarships: { total: 1, pending: 1 },
          recentActivity: { guestbookCount: 2, scholarshipCount: 1 },
          scholarshipPromise: { overdue: 0, oldestPendingAt: app.clock.now().toISOString() },
          reviews: { downloads: 0, downloadedBy: 0, remindersSent: 0, reviewed: 0, declined: 0 },
          countedEvents: {},
          // The first call starts the chain's check in the background; it never waits for it.
          auditChain: { status: 'unchecked', verifiedEvents: 0, checkedAt: null, firstBreak: null },
          // A fresh install: every step of the setup checklist is left (site-content.test.ts says more).
          setup: expect.arrayContaining([expect.objectContaining({ key: 'two-factor', href: '/admin/security' })]),
        });
        expect(response.headers['cache-control']).toBe('no-store');
      });

      it("shows the audit trail's chain as the last background check found it", async () => {
        const token = await app.signIn();
        await app.call('GET', '/api/admin/dashboard', { token });
        let chain: unknown;
        for (let tries = 0; tries < 100; tries += 1) {
          chain = (await app.call('GET', '/api/admin/dashboard', { token })).body.auditChain;
          if ((chain as { status: string }).status !== 'unchecked') break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(chain).toEqual({
          status: 'intact',
          verifiedEvents: expect.any(Number),
          checkedAt: app.clock.now().toISOString(),
          firstBreak: null,
        });
        expect((chain as { verifiedEvents: number }).verifiedEvents).toBeGreaterThan(0);
      });
    });

    describe('PATCH /api/admin/guestbook/:id', () => {
      it('approves, rejects and re-decides, each audited with address and user agent', async () => {
        const id = await signAndApprove();
        const token = await app.signIn();
        app.clock.advance(1000); // each step at its own time, so "newest first" is well defined
        const rejected = await app.call('PATCH', `/api/admin/guestbook/${id}`, {
          token,
          body: { isApproved: false, adminNotes: 'Off topic' },
          headers: { 'User-Agent': 'OwnerBrowser/1.0' },
        });
        expect(rejected.body.entry).toMatchObject({
          id,
          isApproved: false,
          adminNotes: 'Off topic',
          reviewedAt: '2026-06-01T12:00:01.000Z',
        });
        expect((await app.call('GET', '/api/guestbook-entries')).body.entries).toEqual([]);
        const logs = (await app.call('GET', '/api/admin/audit-logs', { token })).body.logs;
        expect(logs[0]).toMatchObject({
          action: 'reject',
          resourceType: 'guestbook_entry',
          resourceId: id,
          userAgent: 'OwnerBrowser/1.0',
        });
        expect(logs[0].ipAddress).toMatch(/^(127\.0\.0\.1|::1)$/);
      });

      it('answers 404 for an unknown or malformed id, and 400 for a bad body', async () => {
        const token = await app.signIn();
        expect(
          (await app.call('PATCH', `/api/admin/guestbook/${UNKNOWN_ID}`, { token, body: { isApproved: true } })).status,
        ).toBe(404);
        expect(
          (await app.call('PATCH', '/api/admin/guestbook/not-an-id', { token, body: { isApproved: true } })).status,
        ).toBe(404);
        const bad = await app.call('PATCH', `/api/admin/guestbook/${UNKNOWN_ID}`, {
          token,
          body: { isApproved: 'yes' },
        });
        expect([bad.status, bad.body.fieldErrors]).toEqual([400, { isApproved: 'isApproved must be true or false.' }]);
      });
    });

    describe('PATCH /api/admin/scholarships/:id', () => {
      it('decides a pending request once; a second decision is 409', async () => {
        const { token, id } = await submitScholarship();
        const approved = await app.call('PATCH', `/api/admin/scholarships/${id}`, {
          token,
          body: { status: 'approved', adminNotes: 'Enjoy' },
        });
        expect(approved.status).toBe(200);
        expect(approved.body.request).toMatchObject({
          id,
          status: 'approved',
          adminNotes: 'Enjoy',
          decidedAt: '2026-06-01T12:00:00.000Z',
        });
        const again = await app.call('PATCH', `/api/admin/scholarships/${id}`, { token, body: { status: 'rejected' } });
        expect([again.status, again.body.error]).toEqual([409, 'This request has already been decided.']);
      });

      it('refuses a decision that is not approve or reject, and an unknown id', async () => {
        const { token, id } = await submitScholarship();
        const bad = await app.call('PATCH', `/api/admin/scholarships/${id}`, { token, body: { status: 'pending' } });
        expect([bad.status, bad.body.fieldErrors]).toEqual([400, { status: 'Decision must be approved or rejected.' }]);
        expect(
          (await app.call('PATCH', `/api/admin/scholarships/${UNKNOWN_ID}`, { token, body: { status: 'approved' } }))
            .status,
        ).toBe(404);
      });
    });

    describe('GET /api/admin/audit-logs', () => {
      it('lists login, failed login and logout, newest first, a page at a time', async () => {
        app.clock.advance(1000);
        await app.call('POST', '/api/admin/login', { body: { username: 'owner', password: 'wrong' } });
        app.clock.advance(1000);
        const token = await app.signIn();
        const first = await app.call('GET', '/api/admin/audit-logs?limit=1', { token });
        expect(first.body.logs.map((log: { action: string }) => log.action)).toEqual(['login']);
        const next = await app.call(
          'GET',
          `/api/admin/audit-logs?limit=10&before=${encodeURIComponent(first.body.nextCursor)}`,
          { token },
        );
        expect(next.body.logs.map((log: { action: string }) => log.action)).toEqual(['login_failed', 'admin_created']);
        expect(next.body.nextCursor).toBeNull();
        expect((await app.call('GET', '/api/admin/audit-logs?before=garbage', { token })).status).toBe(400);
      });
    });

    describe('everything else', () => {
      it('answers unknown API paths with a JSON 404, and a wrong method with 405', async () => {
        const unknown = await app.call('GET', '/api/nothing-here', { undocumented: true });
        expect([unknown.status, unknown.body]).toEqual([404, { success: false, error: 'Not found.' }]);
        const method = await app.call('DELETE', '/api/guestbook-entries', { undocumented: true });
        expect(method.status).toBe(405);
        expect(method.body.success).toBe(false);
      });

      it('sends the security headers on API answers and on pages, without a version', async () => {
        for (const response of [
          await app.call('GET', '/api/guestbook-entries'),
          await app.call('GET', '/', { undocumented: true }),
        ]) {
          expect(response.headers['content-security-policy']).toContain("default-src 'self'");
          expect(response.headers['content-security-policy']).toContain("script-src 'self'");
          expect(response.headers['content-security-policy']).toContain("object-src 'none'");
          expect(response.headers['content-security-policy']).toContain("base-uri 'none'");
          expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
          expect(response.headers['x-content-type-options']).toBe('nosniff');
          expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
          expect(response.headers['x-powered-by']).toBeUndefined();
          expect(response.headers.server).toBeUndefined();
          expect(response.headers['strict-transport-security']).toBeUndefined();
        }
      });

      it('sends HSTS over HTTPS (as a trusted proxy reports it)', async () => {
        await start({ TRUST_PROXY: 'on' });
        const response = await app.call('GET', '/api/guestbook-entries', { headers: { 'X-Forwarded-Proto': 'https' } });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      });

      it('records the address from X-Forwarded-For only when TRUST_PROXY is on', async () => {
        const headers = { 'X-Forwarded-For': '203.0.113.9' };
        await app.call('POST', '/api/admin/login', { body: { username: 'owner', password: 'wrong' }, headers });
        const token = await app.signIn();
        const untrusted = (await app.call('GET', '/api/admin/audit-logs', { token })).body.logs;
        expect(untrusted.map((log: { ipAddress: string }) => log.ipAddress)).not.toContain('203.0.113.9');

        await start({ TRUST_PROXY: 'on' });
        app.clock.advance(1000);
        await app.call('POST', '/api/admin/login', { body: { username: 'owner', password: 'wrong' }, headers });
        const trusted = (await app.call('GET', '/api/admin/audit-logs', { token })).body.logs;
        expect(trusted[0]).toMatchObject({ action: 'login_failed', ipAddress: '203.0.113.9' });
      });

      it('with ADMIN_HOST set, answers the admin API and app on that host only', async () => {
        await start({ ADMIN_HOST: 'admin.localhost' });
        const body = { username: 'owner', password: OWNER_PASSWORD };
        expect(
          (await app.call('POST', '/api/admin/login', { body, headers: { Host: 'admin.localhost' } })).status,
        ).toBe(200);
        const elsewhere = await app.call('POST', '/api/admin/login', {
          body,
          headers: { Host: 'localhost' },
          undocumented: true,
        });
        expect([elsewhere.status, elsewhere.body.error]).toEqual([404, 'Not found.']);
        expect(
          (await app.call('GET', '/admin/login', { headers: { Host: 'localhost' }, undocumented: true })).status,
        ).toBe(404);
        expect(
          (await app.call('GET', '/admin/login', { headers: { Host: 'admin.localhost' }, undocumented: true })).status,
        ).toBe(200);
        expect((await app.call('GET', '/api/guestbook-entries', { headers: { Host: 'localhost' } })).status).toBe(200);
      });

      it('answers /healthz ok and /readyz ready while the database is up', async () => {
        expect((await app.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
        expect((await app.call('GET', '/readyz')).body).toEqual({ status: 'ready' });
      });
    });
  });
}
