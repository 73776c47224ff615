import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { addressInput } from '../shared/text-fields';
import type { Transactions } from '../shared/transactions';
import { suppressionKey, type Suppression } from './suppression';
import type { SuppressionRepository } from './suppression.repository';
import { SuppressionErrorCode, type SuppressionError } from './suppressions.errors';

/** The owner's list shows at most this many (the newest); a small site has a handful. */
export const SUPPRESSIONS_LISTED = 1000;

/** The owner's list of suppressed addresses, the newest first. */
export class ListSuppressionsUseCase {
  constructor(private readonly deps: { readonly suppressions: SuppressionRepository }) {}

  async execute(): Promise<{ readonly suppressions: readonly Suppression[] }> {
    return { suppressions: await this.deps.suppressions.listNewestFirst(SUPPRESSIONS_LISTED) };
  }
}

/**
 * The owner lifts an address's suppression (the reader fixed their mailbox, or the complaint
 * was a slip): mail goes to it again. Audited without the address (the trail is never edited,
 * so an erasure could not take it out again), with the reason it was suppressed for.
 */
export class RemoveSuppressionUseCase {
  constructor(
    private readonly deps: {
      readonly unitOfWork: Transactions<{
        readonly suppressions: SuppressionRepository;
        readonly auditEvents: AuditEventRepository;
      }>;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(email: unknown, actor: Actor): Promise<Result<true, SuppressionError>> {
    const address = addressInput(email, 'email', SuppressionErrorCode.InvalidEmail);
    if (!address.ok) return address;
    return this.deps.unitOfWork.transaction(async ({ suppressions, auditEvents }) => {
      const found = await suppressions.find(suppressionKey(address.value));
      if (found === null || !(await suppressions.remove(found.email))) {
        return err({ code: SuppressionErrorCode.NotFound, message: 'This address is not suppressed.' });
      }
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.SuppressionRemoved,
            resourceType: AuditResourceType.PersonalData,
            resourceId: null,
            userId: actor.userId,
            details: { reason: found.reason },
          },
          actor,
        ),
      );
      return ok(true as const);
    });
  }
}
