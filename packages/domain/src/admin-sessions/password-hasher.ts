/** Port: one-way password hashing (argon2id or scrypt at OWASP parameters in production). */
export interface PasswordHasher {
  /** A self-describing hash (algorithm, parameters, salt), different on every call. */
  hash(password: string): Promise<string>;

  /** True when the password matches the hash. A malformed hash is a mismatch, never a throw. */
  verify(password: string, passwordHash: string): Promise<boolean>;
}
