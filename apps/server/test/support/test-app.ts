import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach } from '@jest/globals';
import { ManualClock } from '@memoir/domain/memory';
import { createTypeOrmPersistence, type TypeOrmPersistence } from '@memoir/persistence-typeorm';
import { openScratchMysql, type ScratchMysql } from '@memoir/persistence-typeorm/testing';
import pino, { type Logger } from 'pino';
import request from 'supertest';

import { compose } from '../../src/compose';
import { findRootDir, loadConfig, type ServerConfig } from '../../src/config';
import type { ContainerOverrides } from '../../src/container';
import { buildApp, type BuiltApp } from '../../src/http-app';
import { startServer } from '../../src/server';
import { expectDocumented } from './openapi-check';

// The one way to run the server in the test's own process, as production wires it. Tests that
// need a process of its own (signals, exit codes, two processes) use server-process.ts.

export const OWNER_PASSWORD = 'owner-password-for-tests';
export const ANSWERS = { guestbook: 'network', scholarship: 'kernel' } as const;

export interface CallOptions {
  readonly body?: unknown;
  /** A raw body, sent as is (with the given Content-Type, JSON by default). */
  readonly rawBody?: string;
  readonly token?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Skip the OpenAPI check (for answers that are not API answers: HTML, 405). */
  readonly undocumented?: boolean;
  /** Keep the body as a Buffer (a PDF). */
  readonly binary?: boolean;
}

/** A connected store and the URL it was opened on. */
export interface TestStore {
  readonly url: string;
  readonly persistence: TypeOrmPersistence;
}

/** Stores on one kind of database for a suite: `open()` gives an empty one for each test. */
export interface TestDatabase {
  open(): Promise<TestStore>;
  dispose(): Promise<void>;
}

export function sqliteTestDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-http-'));
  let counter = 0;
  return {
    async open() {
      counter += 1;
      const url = `sqlite:${join(dir, `test-${counter}.sqlite`)}`;
      return { url, persistence: await createTypeOrmPersistence({ databaseUrl: url }) };
    },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One scratch MySQL database for a file, migrated once and emptied before every test. */
export function mysqlTestDatabase(): TestDatabase {
  let scratch: ScratchMysql | undefined;
  return {
    async open() {
      scratch ??= await openScratchMysql();
      await scratch.empty();
      return { url: scratch.url, persistence: scratch.persistence };
    },
    async dispose() {
      await scratch?.dispose();
    },
  };
}

export interface TestAppOptions {
  /**
   * Configuration on top of the tests' own: a fresh DATA_DIR (SQLite in it unless DATABASE_URL
   * says otherwise), the owner "owner" with OWNER_PASSWORD, a form limit no test reaches by accident.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** A store to run on, which its owner closes; by default the app opens DATABASE_URL and closes it. */
  readonly store?: TestStore;
  /** Silent by default. */
  readonly logger?: Logger;
  /** Adapters to replace; the clock is always the app's ManualClock. */
  readonly overrides?: Omit<ContainerOverrides, 'clock'>;
}

interface InProcessApp {
  readonly config: ServerConfig;
  /** Time stands still until a test moves it. */
  readonly clock: ManualClock;
  readonly persistence: TypeOrmPersistence;
  /** One request; the answer must be one the OpenAPI document describes, unless `undocumented`. */
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    options?: CallOptions,
  ): Promise<request.Response>;
  /** Signs the owner in and returns the session token. */
  signIn(): Promise<string>;
  /** Closes what the app opened (the stamping threads; the database unless it was given one) and removes its data folder. */
  close(): Promise<void>;
}

/** The app without a socket: requests go straight to its handler. */
export interface TestApp extends InProcessApp, BuiltApp {}

/** The server listening on a port of 127.0.0.1, its delivery worker running, as `pnpm start` has it. */
export interface ListeningTestApp extends InProcessApp {
  readonly url: string;
  readonly server: Server;
  /** Stops accepting, gives requests in flight `graceMs` (2 s by default), then closes as `InProcessApp`. */
  close(graceMs?: number): Promise<void>;
}

export function startTestApp(
  options: Omit<TestAppOptions, 'store'> & { readonly listen: true },
): Promise<ListeningTestApp>;
export function startTestApp(options?: TestAppOptions & { readonly listen?: false }): Promise<TestApp>;
export async function startTestApp(
  options: TestAppOptions & { readonly listen?: boolean } = {},
): Promise<TestApp | ListeningTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-app-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: OWNER_PASSWORD,
      FORM_RATE_LIMIT: '1000/10m',
      ...(options.store === undefined ? {} : { DATABASE_URL: options.store.url }),
      ...(options.listen ? { HOST: '127.0.0.1', PORT: '0' } : {}),
      ...options.env,
    },
    findRootDir(),
  );
  const clock = new ManualClock('2026-06-01T12:00:00.000Z');
  const logger = options.logger ?? pino({ level: 'silent' });
  const overrides = { ...options.overrides, clock };

  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const failed = (error: unknown): never => {
    removeDataDir();
    throw error;
  };

  /** The requests and the sign-in, whichever way the app is reached. */
  const client = (target: string | BuiltApp['handler']) => {
    async function call(method: string, path: string, callOptions: CallOptions = {}): Promise<request.Response> {
      let req = request(target)[method.toLowerCase() as 'get'](path);
      if (callOptions.binary) req = req.responseType('blob');
      if (callOptions.token !== undefined) req = req.set('Authorization', `Bearer ${callOptions.token}`);
      for (const [name, value] of Object.entries(callOptions.headers ?? {})) req = req.set(name, value);
      if (callOptions.rawBody !== undefined) {
        req = req
          .set('Content-Type', callOptions.headers?.['Content-Type'] ?? 'application/json')
          .send(callOptions.rawBody);
      } else if (callOptions.body !== undefined) {
        req = req.send(callOptions.body as object);
      }
      const response = await req;
      if (!callOptions.undocumented) expectDocumented(method, path, response.status, response.body);
      return response;
    }
    return {
      config,
      clock,
      call,
      async signIn() {
        const response = await call('POST', '/api/admin/login', {
          body: { username: 'owner', password: OWNER_PASSWORD },
        });
        if (response.status !== 200)
          throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
        return (response.body as { sessionToken: string }).sessionToken;
      },
    };
  };

  if (options.listen) {
    const running = await startServer(config, logger, overrides).catch(failed);
    return {
      ...client(running.url),
      persistence: running.persistence,
      url: running.url,
      server: running.server,
      async close(graceMs = 2000) {
        await running.close(graceMs);
        removeDataDir();
      },
    };
  }
  // The composition the server runs, on the given store or on DATABASE_URL opened as the server opens it.
  const composition = await compose(config, {
    logger,
    overrides,
    ...(options.store === undefined ? {} : { persistence: options.store.persistence }),
  }).catch(failed);
  const built = await buildApp(composition).catch(async (error: unknown) => {
    await composition.close();
    return failed(error);
  });
  return {
    ...client(built.handler),
    ...built,
    persistence: composition.persistence,
    async close() {
      await composition.close();
      removeDataDir();
    },
  };
}

/**
 * Apps for the tests of a describe block: `start()` gives the running test an app (a test that
 * needs other settings starts another), and every app a test started is closed after it.
 */
export function useTestApps(
  defaults: () => TestAppOptions = () => ({}),
): (options?: TestAppOptions) => Promise<TestApp> {
  const opened: TestApp[] = [];
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close();
  });
  return async (options = {}) => {
    const base = defaults();
    const app = await startTestApp({ ...base, ...options, env: { ...base.env, ...options.env } });
    opened.push(app);
    return app;
  };
}
