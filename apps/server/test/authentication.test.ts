import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';

import { runCli } from '../src/cli';
import { createLogger } from '../src/logger';
import { OWNER_PASSWORD, useTestApps, type TestApp } from './support/test-app';

const UNKNOWN_ID = '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000';
const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Reads a PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. */
function parsePhc(hash: string) {
  const [, algorithm, version, parameterList, salt, digest] = hash.split('$');
  const parameters = Object.fromEntries((parameterList ?? '').split(',').map((pair) => pair.split('=')));
  return {
    algorithm,
    version,
    m: Number(parameters.m),
    t: Number(parameters.t),
    p: Number(parameters.p),
    saltBytes: Buffer.from(salt ?? '', 'base64').length,
    hashBytes: Buffer.from(digest ?? '', 'base64').length,
  };
}

/** Every path written in lower, upper and mixed case: the routes match case-insensitively. */
const caseVariants = (path: string): string[] => [
  path,
  path.toUpperCase(),
  path.replace(/[a-z]/g, (c, i: number) => (i % 2 === 0 ? c.toUpperCase() : c)),
  path.replace('/api/admin', '/api/Admin'),
  path.replace('/api/admin', '/API/admin'),
  `${path}/`,
];

/**
 * Authentication and sessions through the real app, beyond what the HTTP
 * suite and the domain's use-case tests already prove (see docs/security.md for the map).
 */
describe('authentication', () => {
  const start = useTestApps();
  let app: TestApp;

  beforeEach(async () => {
    app = await start();
  });

  it('refuses every admin route without a session, whatever the letter case of its path', async () => {
    const adminRoutes = app.routes.filter(
      (route) =>
        /^\/api\/admin\//.test(route.path) && !['/api/admin/login', '/api/admin/login/two-factor'].includes(route.path),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
    const answers: string[] = [];
    for (const route of adminRoutes) {
      for (const path of caseVariants(route.path.replace(':id', UNKNOWN_ID))) {
        const response = await app.call(route.method as 'GET', path, {
          body: route.method === 'PATCH' ? { isApproved: true, status: 'approved' } : undefined,
          undocumented: true,
        });
        answers.push(`${route.method} ${path} ${response.status}`);
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  });

  it("stores argon2id hashes at or above OWASP's parameters (m >= 19456 KiB, t >= 2, p >= 1), read from the database", async () => {
    const owner = await app.persistence.repositories.adminUsers.findByUsername('owner');
    const phc = parsePhc(owner?.passwordHash ?? '');
    expect(phc).toEqual({
      algorithm: 'argon2id',
      version: 'v=19',
      m: expect.any(Number),
      t: expect.any(Number),
      p: expect.any(Number),
      saltBytes: expect.any(Number),
      hashBytes: expect.any(Number),
    });
    expect(phc.m).toBeGreaterThanOrEqual(19_456);
    expect(phc.t).toBeGreaterThanOrEqual(2);
    expect(phc.p).toBeGreaterThanOrEqual(1);
    expect(phc.saltBytes).toBeGreaterThanOrEqual(16);
    expect(phc.hashBytes).toBeGreaterThanOrEqual(32);
    expect(owner?.passwordHash).not.toContain(OWNER_PASSWORD);
  });

  it('locks an address after LOGIN_RATE_LIMIT failures across usernames, until the window ends to the second', async () => {
    app = await start({ env: { TRUST_PROXY: 'on' } });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    const login = (username: string, password: string, ip: string) =>
      app.call('POST', '/api/admin/login', { body: { username, password }, headers: from(ip) });
    for (let i = 0; i < 5; i += 1) expect((await login(`guess${i}`, 'wrong', '203.0.113.5')).status).toBe(401);

    const locked = await login('owner', OWNER_PASSWORD, '203.0.113.5');
    expect([locked.status, locked.headers['retry-after'], locked.body.code]).toEqual([
      429,
      '900',
      'ADMIN_SESSION.TOO_MANY_ATTEMPTS',
    ]);
    // Another address is not locked out with it, and its success does not unlock the first.
    expect((await login('owner', OWNER_PASSWORD, '203.0.113.6')).status).toBe(200);
    app.clock.advance(LOGIN_WINDOW_MS - 1000);
    const stillLocked = await login('owner', OWNER_PASSWORD, '203.0.113.5');
    expect([stillLocked.status, stillLocked.headers['retry-after']]).toEqual([429, '1']);
    app.clock.advance(1000);
    expect((await login('owner', OWNER_PASSWORD, '203.0.113.5')).status).toBe(200);
  });

  it('answers an unknown user and a wrong password alike: status, body, headers, and time (medians within 10 %)', async () => {
    app = await start({ env: { LOGIN_RATE_LIMIT: '100000/15m', LOGIN_ACCOUNT_LIMIT: '100000/15m' } });
    const attempt = async (username: string) => {
      const started = process.hrtime.bigint();
      const response = await app.call('POST', '/api/admin/login', { body: { username, password: 'not-the-password' } });
      return { response, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const shape = (response: request.Response) => ({
      status: response.status,
      body: response.body as unknown,
      headers: Object.keys(response.headers)
        .filter((name) => !['date', 'x-request-id', 'etag'].includes(name))
        .sort()
        .map((name) => `${name}: ${name === 'content-length' ? '' : String(response.headers[name])}`),
    });
    expect(shape((await attempt('nobody')).response)).toEqual(shape((await attempt('owner')).response));

    // Interleaved pairs, the order swapped every pair, after a warm-up; a busy 2-core machine
    // gets three tries, and the first round within 10 % passes. No dummy hash (an unknown
    // user answered without hashing) is more than 10 times faster, and fails every round.
    const rounds: Array<{ unknown: number; wrong: number; ratio: number }> = [];
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) await attempt(i % 2 === 0 ? 'owner' : 'nobody');
      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const order = i % 2 === 0 ? ['nobody', 'owner'] : ['owner', 'nobody'];
        for (const username of order) (username === 'owner' ? wrong : unknown).push((await attempt(username)).ms);
      }
      const result = { unknown: median(unknown), wrong: median(wrong), ratio: 0 };
      result.ratio = Math.abs(result.unknown - result.wrong) / Math.max(result.unknown, result.wrong);
      rounds.push(result);
      if (result.ratio <= 0.1) break;
    }
    process.stdout.write(`sign-in timing medians (ms): ${JSON.stringify(rounds)}\n`);
    expect(rounds.some((round) => round.ratio <= 0.1)).toBe(true);
  }, 60_000);

  it('signs an admin out everywhere when the CLI resets the password', async () => {
    const first = await app.signIn();
    const second = await app.signIn();
    expect((await app.call('GET', '/api/admin/me', { token: first })).status).toBe(200);

    const saved = process.env;
    const printed: string[] = [];
    process.env = { PATH: saved.PATH, DATA_DIR: app.config.dataDir, DATABASE_URL: app.config.databaseUrl };
    const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      expect(await runCli(['reset-password', 'owner'])).toBe(0);
    } finally {
      out.mockRestore();
      process.env = saved;
    }
    const newPassword = /keep it safe\): (\S+)/.exec(printed.join(''))?.[1] ?? '';
    expect(newPassword).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const token of [first, second]) {
      const me = await app.call('GET', '/api/admin/me', { token });
      expect([me.status, me.body.code]).toEqual([401, 'ADMIN_SESSION.NOT_AUTHENTICATED']);
    }
    const login = (password: string) => app.call('POST', '/api/admin/login', { body: { username: 'owner', password } });
    expect((await login(OWNER_PASSWORD)).status).toBe(401);
    expect((await login(newPassword)).status).toBe(200);
    const stored = await app.persistence.repositories.adminUsers.findByUsername('owner');
    expect(parsePhc(stored?.passwordHash ?? '').algorithm).toBe('argon2id');
  });

  it('writes no password, token, hash or Authorization header to any log line of a whole session', async () => {
    const lines: string[] = [];
    // The production logger (with its redaction), at its most talkative, into memory.
    const logged = await start({ logger: createLogger('trace', { write: (line: string) => void lines.push(line) }) });
    const server = logged.handler;
    const WRONG = 'wrong-password-that-must-not-be-logged';

    expect((await request(server).post('/api/admin/login').send({ username: 'owner', password: WRONG })).status).toBe(
      401,
    );
    await request(server).post('/api/admin/login').send({ username: 'nobody-here', password: WRONG });
    const login = await request(server).post('/api/admin/login').send({ username: 'owner', password: OWNER_PASSWORD });
    const token = (login.body as { sessionToken: string }).sessionToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const auth = `Bearer ${token}`;
    await request(server).post('/api/guestbook-entry').send({ name: 'Ada', message: 'Hi', riddleAnswer: 'network' });
    for (const path of ['/api/admin/me', '/api/admin/dashboard', '/api/admin/guestbook', '/api/admin/scholarships']) {
      expect((await request(server).get(path).set('Authorization', auth)).status).toBe(200);
    }
    const entries = (await request(server).get('/api/admin/guestbook').set('Authorization', auth)).body
      .entries as Array<{
      id: string;
    }>;
    await request(server)
      .patch(`/api/admin/guestbook/${entries[0]?.id ?? UNKNOWN_ID}`)
      .set('Authorization', auth)
      .send({ isApproved: true });
    await request(server).get('/api/admin/audit-logs').set('Authorization', auth);
    // A malformed and a forged header, and a password sent where no password belongs.
    await request(server)
      .get('/api/admin/me')
      .set('Authorization', `Basic ${Buffer.from(`owner:${WRONG}`).toString('base64')}`);
    await request(server).get('/api/admin/me').set('Authorization', `Bearer ${WRONG}`);
    await request(server)
      .post('/api/guestbook-entry')
      .send({ name: 'x', message: 'y', riddleAnswer: 'z', password: WRONG });
    expect((await request(server).post('/api/admin/logout').set('Authorization', auth)).status).toBe(200);
    expect((await request(server).get('/api/admin/me').set('Authorization', auth)).status).toBe(401);

    const storedHash = (await logged.persistence.repositories.adminUsers.findByUsername('owner'))?.passwordHash ?? '';
    const log = lines.join('');
    // The session was logged: one line per request at least, and the failed sign-ins.
    expect(lines.length).toBeGreaterThanOrEqual(14);
    expect(log).toContain('/api/admin/logout');
    const secrets = {
      password: OWNER_PASSWORD,
      wrongPassword: WRONG,
      token,
      authorization: auth,
      basicCredentials: Buffer.from(`owner:${WRONG}`).toString('base64'),
      passwordHash: storedHash,
      hashSalt: storedHash.split('$')[4] ?? 'no-salt',
    };
    const found = Object.entries(secrets).filter(([, secret]) => log.includes(secret));
    expect(found.map(([name]) => name)).toEqual([]);
    expect(log).not.toMatch(/"authorization"\s*:\s*"(?!\[redacted\])/i);
    expect(log).not.toMatch(/Bearer\s+[A-Za-z0-9_-]{20,}/);
  });
});
