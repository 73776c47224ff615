import type { AdminSession } from '../src/admin-sessions/admin-session';
import type { AdminUser } from '../src/admin-sessions/admin-user';
import type { AuditEvent } from '../src/audit-log/audit-event';
import { newDelivery, type Delivery } from '../src/outbox/delivery';
import type { GuestbookEntry } from '../src/guestbook/guestbook-entry';
import type { ScholarshipRequest } from '../src/scholarships/scholarship-request';
import { readerKey, type Reader } from '../src/readers/reader';

/**
 * Builders of valid entities with readable defaults; each test states only what it is about.
 * Every call gets a new id.
 */
export function aUuid(): string {
  const hex = (length: number): string =>
    Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(Math.random() * 4)]}${hex(3)}-${hex(12)}`;
}

export const AT = (iso: string): Date => new Date(iso);

export function aGuestbookEntry(overrides: Partial<GuestbookEntry> = {}): GuestbookEntry {
  return {
    id: aUuid(),
    name: 'Ada',
    location: 'London',
    message: 'Loved the chapter on the arena.',
    createdAt: AT('2026-01-10T09:30:00.123Z'),
    isApproved: false,
    reviewedAt: null,
    adminNotes: null,
    ...overrides,
  };
}

export function aScholarshipRequest(overrides: Partial<ScholarshipRequest> = {}): ScholarshipRequest {
  return {
    id: aUuid(),
    name: 'Grace',
    email: 'grace@example.org',
    message: 'Between jobs, would love to read it.',
    status: 'pending',
    adminNotes: null,
    createdAt: AT('2026-01-10T09:30:00.123Z'),
    decidedAt: null,
    reviewReminder: false,
    ...overrides,
  };
}

/** A pending reader who signed up on the sign-up form; `email` sets the key too. */
export function aReader(overrides: Partial<Reader> = {}): Reader {
  const email = overrides.email ?? `reader-${aUuid().slice(0, 8)}@example.org`;
  return {
    id: aUuid(),
    email,
    emailKey: readerKey(email),
    name: 'Ada',
    status: 'pending',
    source: 'signup-form',
    consentVersion: 1,
    consentText: 'Email me when there is news about the book',
    signedUpAt: AT('2026-01-10T09:30:00.123Z'),
    signUpIp: '203.0.113.9',
    signUpUserAgent: 'Mozilla/5.0 (test)',
    confirmedAt: null,
    confirmIp: null,
    confirmUserAgent: null,
    unsubscribedAt: null,
    unsubscribedBy: null,
    confirmationsSent: 0,
    lastConfirmationAt: null,
    ...overrides,
  };
}

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: aUuid(),
    username: 'owner',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    createdAt: AT('2026-01-01T00:00:00.000Z'),
    updatedAt: AT('2026-01-01T00:00:00.000Z'),
    twoFactorEnabled: false,
    totpSecret: null,
    totpLastStep: null,
    ...overrides,
  };
}

export function anAdminSession(overrides: Partial<AdminSession> = {}): AdminSession {
  return {
    id: aUuid(),
    userId: aUuid(),
    tokenHash: `hash-${aUuid()}`,
    createdAt: AT('2026-01-10T09:00:00.000Z'),
    lastSeenAt: AT('2026-01-10T09:00:00.000Z'),
    expiresAt: AT('2026-01-10T21:00:00.000Z'),
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    ...overrides,
  };
}

export function anAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: aUuid(),
    action: 'approve',
    resourceType: 'guestbook_entry',
    resourceId: aUuid(),
    userId: aUuid(),
    details: { adminNotes: 'Lovely note' },
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    createdAt: AT('2026-01-10T09:30:00.123Z'),
    ...overrides,
  };
}

export function aDelivery(overrides: Partial<Delivery> = {}): Delivery {
  const queued = newDelivery({
    id: aUuid(),
    kind: 'approval',
    requestId: aUuid(),
    now: AT('2026-01-10T09:30:00.000Z'),
  });
  return { ...queued, ...overrides };
}
