import { Agent, request } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TypeOrmPersistence } from '@memoir/persistence-typeorm';
import { Argon2idPasswordHasher } from '@memoir/platform-node';
import fc from 'fast-check';
import pino from 'pino';

import { pathTemplateOf } from '../openapi-check';
import { OWNER_PASSWORD, startTestApp, type ListeningTestApp } from '../test-app';
import { JSON_TYPE } from './bodies';
import { hostileCases, type Concern } from './cases';
import { judge, type Answer, type Case } from './judge';
import { named, OPERATIONS, type IdKind, type Operation } from './operations';
import { expectStoredRowsWithinLimits } from './stored-rows';

const FUZZ_RUNS = process.env.FUZZ_RUNS === undefined ? undefined : Number(process.env.FUZZ_RUNS);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/**
 * Cases per operation: FUZZ_RUNS (`FUZZ_RUNS=10000 npx jest apps/server/test/hostile-input` for
 * the long run, docs/security.md), else 1,000 for the fuzz of every part at once and 250 for
 * each concern's own, whose plain parts (valid bodies, a valid session) store a row or sign in
 * nearly every time and so cost about twice as much a case. FUZZ_SEED replays a failure that
 * fast-check reported.
 */
const runsFor = (concern: Concern): number => FUZZ_RUNS ?? (concern === 'everything' ? 1000 : 250);

export interface HostileApp {
  readonly persistence: TypeOrmPersistence;
  /**
   * `runs` cases that make `concern` hostile, sent to `operation`: every answer must keep the
   * contract of `judge`; afterwards no "unexpected error" was logged and no global or prototype
   * was changed (@fast-check/poisoning).
   */
  attack(operation: Operation, concern: Concern): Promise<void>;
}

/**
 * The server as production wires it, listening on a port of 127.0.0.1 (requests go over real
 * HTTP, as hostile ones would), on a SQLite file of its own, for the tests of one file. Its
 * rate limits are out of reach, so that the cases reach the routes behind them, and it trusts
 * X-Forwarded-For, one more hostile input.
 */
export function useHostileApp(title: string, runs: number): HostileApp {
  let app: ListeningTestApp;
  let port = 0;
  let token = '';
  let attacked = 0;
  let assertNoPoisoning: (options?: { ignoredRootRegex?: RegExp }) => void;
  const started = Date.now();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const errorLogs: string[] = [];
  const ids: Record<IdKind, string[]> = {
    'guestbook entry': [],
    'scholarship request': [],
    'download token': ['x'.repeat(43)],
    'crackme claim': [],
  };

  function send(c: Case): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...c.headers };
      let payload: Uint8Array | undefined;
      if (c.body.kind !== 'none') {
        payload = c.body.kind === 'bytes' ? c.body.bytes : Buffer.from(c.body.text, 'utf8');
        if (c.body.contentType !== '') headers['Content-Type'] = c.body.contentType;
        headers['Content-Length'] = payload.byteLength;
      }
      const req = request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  const post = (path: string, body: unknown): Promise<Answer> =>
    send({
      method: 'POST',
      path,
      headers: {},
      body: { kind: 'text', text: JSON.stringify(body), contentType: JSON_TYPE },
    });

  async function signIn(): Promise<string> {
    const answer = await post('/api/admin/login', { username: 'owner', password: OWNER_PASSWORD });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
    return (JSON.parse(answer.text) as { sessionToken: string }).sessionToken;
  }

  async function refreshIds(): Promise<void> {
    const read = async (path: string, key: string) => {
      const answer = await send({
        method: 'GET',
        path,
        headers: { Authorization: `Bearer ${token}` },
        body: { kind: 'none' },
      });
      const list = (JSON.parse(answer.text) as Record<string, Array<{ id: string }> | undefined>)[key];
      if (list === undefined) throw new Error(`GET ${path} answered ${answer.status} ${answer.text.slice(0, 300)}`);
      return list.map((item) => item.id);
    };
    ids['guestbook entry'] = await read('/api/admin/guestbook', 'entries');
    ids['scholarship request'] = await read('/api/admin/scholarships', 'requests');
    ids['crackme claim'] = await read('/api/admin/crackme-claims', 'claims');
  }

  beforeAll(async () => {
    app = await startTestApp({
      listen: true,
      env: {
        FORM_RATE_LIMIT: '100000000/1d',
        LOGIN_RATE_LIMIT: '100000000/1d',
        LOGIN_ACCOUNT_LIMIT: '100000000/1d',
        CRACKME_CLAIM_LIMIT: '100000000/1d',
        TRUST_PROXY: 'on',
      },
      logger: pino({ level: 'warn' }, { write: (line: string) => void errorLogs.push(line) }),
      // The real argon2id binding, at its cheapest, so that a thousand sign-ins take seconds.
      overrides: { passwordHasher: new Argon2idPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }) },
    });
    port = Number(new URL(app.url).port);
    token = await signIn();
    for (let i = 0; i < 5; i += 1) {
      await post('/api/guestbook-entry', { name: `Seed ${i}`, message: 'Seeded', riddleAnswer: 'network' });
      await post('/api/scholarship-request', {
        name: `Seed ${i}`,
        email: `seed${i}@example.org`,
        riddleAnswer: 'kernel',
      });
    }
    await refreshIds();
    // Every operation once, so that whatever a library sets up lazily is in place before the
    // snapshot of the globals that assertNoPoisoning compares against.
    for (const operation of OPERATIONS) {
      await send({
        method: operation.method,
        path: operation.template.replace(/\{[^}]+\}/, ids['guestbook entry'][0] ?? 'x'),
        headers: { Authorization: `Bearer ${operation.auth === 'fresh-session' ? await signIn() : token}` },
        body: { kind: 'text', text: '{"__proto__":{"x":1},"a":"\\ud800"}', contentType: JSON_TYPE },
      });
    }
    ({ assertNoPoisoning } = await import('@fast-check/poisoning'));
  }, 60_000);

  afterAll(async () => {
    agent.destroy();
    await app?.close();
    process.stdout.write(`${title}: ${runs} cases x ${attacked} operations in ${Date.now() - started} ms\n`);
  });

  return {
    get persistence() {
      return app.persistence;
    },
    async attack(operation, concern) {
      attacked += 1;
      const logged = errorLogs.length;
      const idsOf = () => (operation.id === undefined ? [] : ids[operation.id]);
      await fc.assert(
        fc.asyncProperty(hostileCases(operation, idsOf, concern), async ({ auth, ...c }) => {
          const headers = { ...c.headers };
          if (auth !== undefined) {
            const session = operation.auth === 'fresh-session' ? await signIn() : token;
            headers.Authorization = auth.replace(/session/g, session);
          }
          const sent: Case = { ...c, headers };
          const answer = await send(sent);
          judge(sent, answer, operation, errorLogs.at(-1) ?? '');
          // A case may have signed the owner out (logout) or decided everything: carry on signed in.
          if (operation.auth === 'session' && answer.status === 401 && auth === 'Bearer session')
            token = await signIn();
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
      await refreshIds();
      expect(pathTemplateOf(operation.template.replace(/\{[^}]+\}/, 'x'))).toBe(operation.template);
      expect(errorLogs.slice(logged).filter((line) => /unexpected error/.test(line))).toEqual([]);
      // `console` aside: Node pipes each new thread's stdio into process.stderr (console._stderr),
      // adding listeners there, and the stamping pool may start a thread for a test copy at any
      // point (a second one under load). That is Node's doing, not pollution.
      assertNoPoisoning({ ignoredRootRegex: /^(__coverage__|__core-js_shared__|console)$/ });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isApproved).toBeUndefined();
    },
  };
}

/**
 * One file's fuzz: `concern` made hostile on each of `operations` (each a test named for what
 * it sends: `sends`), then the check of every stored row. `more` adds the file's own tests.
 */
export function describeHostileInput(
  concern: Concern,
  sends: string,
  options: { readonly operations?: readonly Operation[]; readonly more?: (app: HostileApp) => void } = {},
): void {
  const title = concern === 'everything' ? 'hostile input in every part of a request' : `hostile ${concern}`;
  const runs = runsFor(concern);
  describe(`${title} (${runs} cases per operation)`, () => {
    const app = useHostileApp(title, runs);
    options.more?.(app);
    for (const operation of options.operations ?? OPERATIONS) {
      it(
        `${named(operation)} answers ${sends} below 500, as documented, revealing nothing and polluting no prototype`,
        () => app.attack(operation, concern),
        // Logout, the slowest, signs in for every case: a few seconds a thousand cases.
        120_000 + runs * 60,
      );
    }
    it('stores no row that breaks a limit of @memoir/shared or a column of the schema', () =>
      expectStoredRowsWithinLimits(app.persistence));
  });
}
