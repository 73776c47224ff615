import { describe, expect, it } from '@jest/globals';

import { ConfigError, loadConfig } from '../src/config';

const ROOT = '/srv/memoir';
const load = (env: Record<string, string | undefined> = {}) => loadConfig(env, ROOT);
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('starts with no configuration at all: SQLite under ./data of the repository, port 3000 on loopback', () => {
    expect(load()).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/memoir/data',
      databaseUrl: 'sqlite:/srv/memoir/data/memoir.sqlite',
      adminUsername: 'admin',
      adminPassword: null,
      riddles: { guestbook: 'network', scholarship: 'kernel' },
      adminHost: null,
      trustProxy: false,
      logLevel: 'info',
      formRateLimit: { max: 10, windowMs: 600_000 },
      loginRateLimit: { max: 5, windowMs: 900_000 },
      rootDir: ROOT,
      initialPasswordFile: '/srv/memoir/data/initial-admin-password',
    });
  });

  it('reads every variable of architecture.md', () => {
    const config = load({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/memoir',
      DATABASE_URL: 'mysql://u:p@db:3306/memoir',
      ADMIN_USERNAME: 'author',
      ADMIN_PASSWORD: 'a-long-secret-password',
      RIDDLE_GUESTBOOK_ANSWER: 'Browser',
      RIDDLE_SCHOLARSHIP_ANSWER: 'Kernel',
      ADMIN_HOST: 'Admin.Example.com',
      TRUST_PROXY: 'on',
      LOG_LEVEL: 'debug',
      FORM_RATE_LIMIT: '3/1h',
      LOGIN_RATE_LIMIT: '10/5m',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/memoir',
      databaseUrl: 'mysql://u:p@db:3306/memoir',
      adminUsername: 'author',
      adminPassword: 'a-long-secret-password',
      riddles: { guestbook: 'Browser', scholarship: 'Kernel' },
      adminHost: 'admin.example.com',
      trustProxy: true,
      logLevel: 'debug',
      formRateLimit: { max: 3, windowMs: 3_600_000 },
      loginRateLimit: { max: 10, windowMs: 300_000 },
    });
  });

  it('resolves a relative DATA_DIR against the repository root, wherever the process runs', () => {
    expect(load({ DATA_DIR: './var/data' }).dataDir).toBe('/srv/memoir/var/data');
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      TRUST_PROXY: 'maybe',
      LOG_LEVEL: 'loud',
      FORM_RATE_LIMIT: 'ten per minute',
      LOGIN_RATE_LIMIT: '0/1m',
      RIDDLE_GUESTBOOK_ANSWER: 'six66',
      RIDDLE_SCHOLARSHIP_ANSWER: 'toolong',
      ADMIN_HOST: 'https://admin.example.com',
    });
    for (const name of [
      'PORT',
      'TRUST_PROXY',
      'LOG_LEVEL',
      'FORM_RATE_LIMIT',
      'LOGIN_RATE_LIMIT',
      'RIDDLE_GUESTBOOK_ANSWER',
      'RIDDLE_SCHOLARSHIP_ANSWER',
      'ADMIN_HOST',
    ]) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
  });

  it('never repeats a secret in its complaint', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://u:hunter2secret@h/db', ADMIN_PASSWORD: 'short-pw' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toMatch(/hunter2secret|short-pw/);
  });
});
