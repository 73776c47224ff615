import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';

/** The owner's account. Usernames are stored trimmed and lower-case; only a hash of the password. */
export interface AdminUser {
  readonly id: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Sign-in asks for a TOTP or recovery code after the password. */
  readonly twoFactorEnabled: boolean;
  /**
   * The TOTP secret (base32): set when two-factor is being set up or is on, null otherwise.
   * Stored as is (docs/security.md, "Two-factor sign-in").
   */
  readonly totpSecret: string | null;
  /** The last 30-second step whose code was accepted: each code works once. */
  readonly totpLastStep: number | null;
}

/** A new admin, with two-factor off: what creating one (the command line, the Admins list) stores. */
export function newAdminUser(
  deps: { readonly clock: Clock; readonly ids: IdGenerator },
  username: string,
  passwordHash: string,
): AdminUser {
  const now = deps.clock.now();
  const off = { twoFactorEnabled: false, totpSecret: null, totpLastStep: null };
  return { id: deps.ids.next(), username, passwordHash, createdAt: now, updatedAt: now, ...off };
}

/** What the API may show of an admin: never the hash. */
export interface AdminUserView {
  readonly id: string;
  readonly username: string;
}

export function toAdminUserView(user: AdminUser): AdminUserView {
  return { id: user.id, username: user.username };
}

/**
 * Usernames match case-insensitively, composed (NFC, as every stored text is), and ignore
 * surrounding spaces.
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFC').trim().toLowerCase();
}
