import { createHash, randomBytes } from 'node:crypto';

import type { SessionTokenService } from '@memoir/domain';

const TOKEN_BYTES = 32;

/**
 * 256-bit tokens from the OS's CSPRNG, base64url (43 characters). The stored hash is SHA-256:
 * a slow hash would add nothing for a secret with 256 bits of entropy, and the lookup must be
 * deterministic.
 */
export class RandomSessionTokenService implements SessionTokenService {
  generate(): string {
    return randomBytes(TOKEN_BYTES).toString('base64url');
  }

  hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}

/** SHA-256 of UTF-8 text as lower-case hex: the audit chain's hash (the domain's `Sha256`). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
