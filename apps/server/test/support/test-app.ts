import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ManualClock } from '@memoir/domain/memory';
import { createTypeOrmPersistence, type TypeOrmPersistence } from '@memoir/persistence-typeorm';
import pino from 'pino';
import request from 'supertest';

import { findRootDir, loadConfig, type ServerConfig } from '../../src/config';
import { buildApp, type BuiltApp } from '../../src/server';
import { expectDocumented } from './openapi-check';

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

export interface TestApp extends BuiltApp {
  readonly config: ServerConfig;
  readonly clock: ManualClock;
  readonly persistence: TypeOrmPersistence;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    options?: CallOptions,
  ): Promise<request.Response>;
  /** Signs the owner in and returns the session token. */
  signIn(): Promise<string>;
}

/** A database for the HTTP suite: a URL, and a way to empty it between tests. */
export interface TestDatabase {
  readonly url: string;
  /** A connected store on `url`, emptied; the suite closes it after the test. */
  open(): Promise<TypeOrmPersistence>;
  dispose(): Promise<void>;
}

export function sqliteTestDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-http-'));
  let counter = 0;
  let current = '';
  return {
    get url() {
      return current;
    },
    async open() {
      counter += 1;
      current = `sqlite:${join(dir, `test-${counter}.sqlite`)}`;
      return createTypeOrmPersistence({ databaseUrl: current });
    },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The app as production wires it, on `persistence`, with a manual clock and a silent logger. */
export async function createTestApp(
  persistence: TypeOrmPersistence,
  databaseUrl: string,
  env: Readonly<Record<string, string>> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-data-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: OWNER_PASSWORD,
      FORM_RATE_LIMIT: '1000/10m',
      ...env,
    },
    findRootDir(),
  );
  const clock = new ManualClock('2026-06-01T12:00:00.000Z');
  const built = await buildApp(config, pino({ level: 'silent' }), persistence, { clock });
  const server = built.app.callback();

  async function call(method: string, path: string, options: CallOptions = {}): Promise<request.Response> {
    let req = request(server)[method.toLowerCase() as 'get'](path);
    if (options.binary) req = req.responseType('blob');
    if (options.token !== undefined) req = req.set('Authorization', `Bearer ${options.token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
    if (options.rawBody !== undefined) {
      req = req.set('Content-Type', options.headers?.['Content-Type'] ?? 'application/json').send(options.rawBody);
    } else if (options.body !== undefined) {
      req = req.send(options.body as object);
    }
    const response = await req;
    if (!options.undocumented) expectDocumented(method, path, response.status, response.body);
    return response;
  }

  return {
    ...built,
    config,
    clock,
    persistence,
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
}
