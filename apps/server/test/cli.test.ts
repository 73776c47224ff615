import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Argon2idPasswordHasher } from '@memoir/platform-node';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import { runCli } from '../src/cli';

describe('pnpm admin', () => {
  let dataDir: string;
  let printed: string;
  const saved = { ...process.env };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-cli-'));
    process.env = { PATH: saved.PATH, DATA_DIR: dataDir };
    printed = '';
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function storedHash(username: string): Promise<string | undefined> {
    const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dataDir, 'memoir.sqlite')}` });
    try {
      return (await persistence.repositories.adminUsers.findByUsername(username))?.passwordHash;
    } finally {
      await persistence.close();
    }
  }

  it('creates an admin with a generated password, shown once, that verifies', async () => {
    expect(await runCli(['create-admin', 'Editor'])).toBe(0);
    const password = /Password \(shown once, keep it safe\): (\S+)/.exec(printed)?.[1] ?? '';
    expect(printed).toContain('Created admin "editor".');
    expect(await new Argon2idPasswordHasher().verify(password, (await storedHash('editor')) ?? '')).toBe(true);
  });

  it('resets a password: the old one stops working', async () => {
    await runCli(['create-admin', 'editor']);
    const first = /keep it safe\): (\S+)/.exec(printed)?.[1] ?? '';
    printed = '';
    expect(await runCli(['reset-password', 'editor'])).toBe(0);
    const second = /keep it safe\): (\S+)/.exec(printed)?.[1] ?? '';
    const hash = (await storedHash('editor')) ?? '';
    expect(await new Argon2idPasswordHasher().verify(second, hash)).toBe(true);
    expect(await new Argon2idPasswordHasher().verify(first, hash)).toBe(false);
  });

  it('resets a password and, asked to, turns two-factor sign-in off for a lost phone', async () => {
    await runCli(['create-admin', 'editor']);
    const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dataDir, 'memoir.sqlite')}` });
    const twoFactorOn = async () =>
      (await persistence.repositories.adminUsers.findByUsername('editor'))?.twoFactorEnabled;
    try {
      const id = (await persistence.repositories.adminUsers.findByUsername('editor'))?.id ?? '';
      await persistence.repositories.adminUsers.setTwoFactor(
        id,
        { totpSecret: 'JBSWY3DPEHPK3PXP', enabled: true },
        new Date(),
      );
      printed = '';
      expect(await runCli(['reset-password', 'editor'])).toBe(0);
      expect(printed).toContain('stays on for "editor"');
      expect(printed).toContain('pnpm admin reset-password editor --two-factor-off');
      expect(await twoFactorOn()).toBe(true);
      printed = '';
      expect(await runCli(['reset-password', 'editor', '--two-factor-off'])).toBe(0);
      expect(printed).toContain('Two-factor sign-in is off for "editor"');
      expect(await twoFactorOn()).toBe(false);
    } finally {
      await persistence.close();
    }
  });

  it('refuses an unknown admin, a taken username, and a bad command with usage', async () => {
    expect(await runCli(['reset-password', 'ghost'])).toBe(1);
    expect(printed).toContain('No admin with that username exists.');
    await runCli(['create-admin', 'editor']);
    expect(await runCli(['create-admin', 'EDITOR'])).toBe(1);
    expect(printed).toContain('An admin with that username already exists.');
    expect(await runCli(['delete-everything'])).toBe(2);
    expect(printed).toContain('Usage: pnpm admin');
  });
});
