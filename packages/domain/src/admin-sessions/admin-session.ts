/**
 * A signed-in admin. The token itself is given to the client once and never stored: only
 * its hash is, so a copy of the database does not let anyone sign in.
 */
export interface AdminSession {
  readonly id: string;
  readonly userId: string;
  readonly tokenHash: string;
  readonly createdAt: Date;
  /** Last time the session was used; idle expiry counts from here. */
  readonly lastSeenAt: Date;
  /** Absolute expiry: the session ends here however active it is. */
  readonly expiresAt: Date;
  /** Where it was signed in from, for the owner's list of sessions (user agent cut as the audit's). */
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
}

/**
 * How long sessions live. Defaults follow OWASP ASVS 3.3.2 (level 2): re-authentication
 * after 30 minutes idle or 12 hours in all. `touchIntervalMs` limits how often a request
 * writes `lastSeenAt`, so an active session costs one write a minute, not one per request.
 */
export interface SessionPolicy {
  readonly idleTimeoutMs: number;
  readonly absoluteTimeoutMs: number;
  readonly touchIntervalMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleTimeoutMs: 30 * 60 * 1000,
  absoluteTimeoutMs: 12 * 60 * 60 * 1000,
  touchIntervalMs: 60 * 1000,
};

/** A session is alive strictly before its idle deadline and strictly before its absolute one. */
export function isSessionAlive(session: AdminSession, policy: SessionPolicy, now: Date): boolean {
  const idleDeadline = session.lastSeenAt.getTime() + policy.idleTimeoutMs;
  return now.getTime() < idleDeadline && now.getTime() < session.expiresAt.getTime();
}
