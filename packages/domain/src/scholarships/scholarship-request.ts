import type { ScholarshipDecisionStatus, ScholarshipStatus } from '@memoir/shared';

export type { ScholarshipDecisionStatus, ScholarshipStatus };

/** A hardship request for the free PDF. It is decided once: pending → approved | rejected. */
export interface ScholarshipRequest {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  /** Null when the requester left it empty. */
  readonly message: string | null;
  readonly status: ScholarshipStatus;
  readonly adminNotes: string | null;
  readonly createdAt: Date;
  /** When the decision was made; null while pending. */
  readonly decidedAt: Date | null;
  /** The requester ticked "Remind me once to leave a review" (the reminder itself is sent later, once). */
  readonly reviewReminder: boolean;
}

export interface ScholarshipDecision {
  readonly status: ScholarshipDecisionStatus;
  readonly adminNotes: string | null;
  readonly decidedAt: Date;
}

/** A request as plain data, times in ISO 8601 (UTC): what the owner reads and a person's export holds. */
export const scholarshipRequestRecord = (request: ScholarshipRequest) => ({
  id: request.id,
  name: request.name,
  email: request.email,
  message: request.message,
  status: request.status,
  adminNotes: request.adminNotes,
  createdAt: request.createdAt.toISOString(),
  decidedAt: request.decidedAt === null ? null : request.decidedAt.toISOString(),
});
