import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { RequestContext } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import type { AdminTransactions } from './admin-transactions';
import { notAuthenticated, type AuthenticateUseCase } from './authenticate.use-case';
import type { AdminSessionError } from './admin-sessions.errors';

/** The owner signs out: the session is revoked, so the token stops working everywhere. */
export class LogOutUseCase {
  constructor(
    private readonly deps: {
      readonly authenticate: AuthenticateUseCase;
      readonly unitOfWork: AdminTransactions;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(token: string | null | undefined, context: RequestContext): Promise<Result<void, AdminSessionError>> {
    const authenticated = await this.deps.authenticate.execute(token);
    if (!authenticated.ok) return err(notAuthenticated());
    const { session, user } = authenticated.value;
    await this.deps.unitOfWork.transaction(async ({ adminSessions, auditEvents }) => {
      await adminSessions.revoke(session.id);
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.Logout,
            resourceType: AuditResourceType.AdminSession,
            resourceId: session.id,
            userId: user.id,
          },
          context,
        ),
      );
    });
    return ok(undefined);
  }
}
