/**
 * Port: random secrets and their one-way hashes. The secrets are session tokens, sign-in
 * challenges, download-link tokens and generated passwords; a hash (of one of those, or of a
 * recovery code) is what is stored and looked up, never the secret.
 */
export interface SecretTokens {
  /** A new secret of at least 256 random bits, URL-safe (base64url), unique in practice. */
  newToken(): string;

  /** A deterministic one-way hash of a token: what is stored and looked up. */
  hashOf(token: string): string;
}

/**
 * Whether two hashes of secrets are equal, in time that depends on their length only: a stored
 * hash found by lookup is compared again this way, so no timing tells how much of it matched.
 */
export function sameSecretHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
