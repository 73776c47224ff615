import { describe, expect, it } from '@jest/globals';

import type { PasswordHasher } from '../../src/admin-sessions/password-hasher';
import type { SecretTokens } from '../../src/shared/secret-tokens';

/** What every PasswordHasher promises, fast fake and argon2id alike. */
export function describePasswordHasherContract(name: string, create: () => PasswordHasher): void {
  describe(`${name} password hasher contract`, () => {
    const password = 'correct horse battery staple';

    it('verifies the password it hashed, and no other', async () => {
      const hasher = create();
      const hash = await hasher.hash(password);
      expect(await hasher.verify(password, hash)).toBe(true);
      expect(await hasher.verify('correct horse battery stapler', hash)).toBe(false);
      expect(await hasher.verify('', hash)).toBe(false);
    });

    it('never contains the password, and salts every hash', async () => {
      const hasher = create();
      const first = await hasher.hash(password);
      const second = await hasher.hash(password);
      expect(first).not.toContain(password);
      expect(first).not.toBe(second);
    });

    it('handles passwords beyond ASCII', async () => {
      const hasher = create();
      const hash = await hasher.hash('pässwörd-🔑-密码');
      expect(await hasher.verify('pässwörd-🔑-密码', hash)).toBe(true);
      expect(await hasher.verify('passwort-🔑-密码', hash)).toBe(false);
    });

    it('treats a malformed hash as a mismatch instead of throwing', async () => {
      const hasher = create();
      await expect(hasher.verify(password, '')).resolves.toBe(false);
      await expect(hasher.verify(password, 'not-a-hash')).resolves.toBe(false);
      await expect(hasher.verify(password, '$argon2id$v=19$m=1,t=1,p=1$$')).resolves.toBe(false);
    });
  });
}

/** What every SecretTokens adapter promises. */
export function describeSecretTokensContract(name: string, create: () => SecretTokens): void {
  describe(`${name} secret tokens contract`, () => {
    it('generates URL-safe tokens of at least 256 bits (43 base64url characters)', () => {
      const token = create().newToken();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    });

    it('never repeats a token', () => {
      const tokens = create();
      const seen = new Set(Array.from({ length: 1000 }, () => tokens.newToken()));
      expect(seen.size).toBe(1000);
    });

    it('hashes deterministically, one-way, and differently for different tokens', () => {
      const tokens = create();
      const a = tokens.newToken();
      const b = tokens.newToken();
      expect(tokens.hashOf(a)).toBe(tokens.hashOf(a));
      expect(tokens.hashOf(a)).not.toBe(tokens.hashOf(b));
      expect(tokens.hashOf(a)).not.toContain(a);
    });
  });
}
