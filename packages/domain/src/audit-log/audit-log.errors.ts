import type { DomainError } from '../shared/domain-error';

export const AuditLogErrorCode = {
  InvalidCursor: 'AUDIT_LOG.INVALID_CURSOR',
} as const;

export type AuditLogErrorCode = (typeof AuditLogErrorCode)[keyof typeof AuditLogErrorCode];
export type AuditLogError = DomainError<AuditLogErrorCode>;
