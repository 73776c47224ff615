import type { PasswordHasher } from '@memoir/domain';
import argon2 from 'argon2';

export interface Argon2idParameters {
  /** Memory in KiB. */
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/**
 * OWASP Password Storage Cheat Sheet, argon2id: "a minimum configuration of 19 MiB of
 * memory, an iteration count of 2, and 1 degree of parallelism". About 25 ms a hash here.
 */
export const OWASP_ARGON2ID: Argon2idParameters = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/** Hashes as PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) with a random 16-byte salt. */
export class Argon2idPasswordHasher implements PasswordHasher {
  constructor(private readonly parameters: Argon2idParameters = OWASP_ARGON2ID) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.parameters });
  }

  async verify(password: string, passwordHash: string): Promise<boolean> {
    if (!passwordHash.startsWith('$argon2')) return false;
    try {
      return await argon2.verify(passwordHash, password);
    } catch {
      // A malformed or truncated hash: the port promises a mismatch, not a throw.
      return false;
    }
  }
}
