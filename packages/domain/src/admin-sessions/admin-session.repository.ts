import type { AdminSession } from './admin-session';

/** Port: where sessions are kept, shared by every server process. */
export interface AdminSessionRepository {
  add(session: AdminSession): Promise<void>;

  /** The session whose token hashes to this value, or null. An empty hash finds nothing. */
  findByTokenHash(tokenHash: string): Promise<AdminSession | null>;

  /** Records use of the session. A missing session is ignored. */
  touch(id: string, lastSeenAt: Date): Promise<void>;

  /** Ends one session (its token stops working). A missing session is ignored. */
  revoke(id: string): Promise<void>;

  /** Ends every session of a user, e.g. after a password reset. Returns how many ended. */
  revokeAllForUser(userId: string): Promise<number>;

  /** A user's sessions (expired ones included until removed), oldest first. */
  listForUser(userId: string): Promise<AdminSession[]>;

  /** Ends one session if it is this user's. Returns whether one ended. */
  revokeOfUser(id: string, userId: string): Promise<boolean>;

  /** Ends every session of a user but `keepId`. Returns how many ended. */
  revokeAllForUserExcept(userId: string, keepId: string): Promise<number>;
  /**
   * Removes the sessions that have ended: past their absolute expiry at `now`, or last used
   * at or before `idleSince` (idle expiry). Returns how many were removed.
   */
  deleteEnded(now: Date, idleSince: Date): Promise<number>;
}
