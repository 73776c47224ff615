import { ADMIN_NOTES_MAX_LENGTH, ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import { decideEach, type BulkItemResult } from '../shared/bulk-decisions';
import type { Clock } from '../shared/clock';
import { isUuid, type IdGenerator } from '../shared/id-generator';
import type { ListError } from '../shared/list.errors';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, optionalText } from '../shared/text-fields';
import type { UnitOfWork } from '../shared/unit-of-work';
import { guestbookEntryClass, type GuestbookEntry } from './guestbook-entry';
import { GuestbookErrorCode, type GuestbookError } from './guestbook.errors';

export interface ModerateGuestbookEntryInput {
  readonly id: string;
  readonly isApproved: boolean;
  readonly adminNotes?: string | null;
}

/**
 * The owner approves or rejects an entry. Re-deciding is allowed, so an entry that slipped
 * through can be unpublished. The decision and its audit event are written together.
 */
export class ModerateGuestbookEntryUseCase {
  constructor(
    private readonly deps: { readonly unitOfWork: UnitOfWork; readonly clock: Clock; readonly ids: IdGenerator },
  ) {}

  async execute(input: ModerateGuestbookEntryInput, actor: Actor): Promise<Result<GuestbookEntry, GuestbookError>> {
    const errors = new FieldErrors();
    if (typeof input.isApproved !== 'boolean') errors.add('isApproved', FIELD_MESSAGES.mustBeBoolean('isApproved'));
    const adminNotes = optionalText(
      errors,
      { field: 'adminNotes', label: 'Admin notes', maxLength: ADMIN_NOTES_MAX_LENGTH, multiline: true },
      input.adminNotes,
    );
    if (!errors.isEmpty) return err(invalidInput(GuestbookErrorCode.Invalid, errors));
    if (!isUuid(input.id)) return err(notFound());

    return this.deps.unitOfWork.transaction(async ({ guestbookEntries, auditEvents }) => {
      const before = await guestbookEntries.findById(input.id);
      if (before === null) return err(notFound());
      const updated = await guestbookEntries.saveReview(input.id, {
        isApproved: input.isApproved,
        adminNotes,
        reviewedAt: this.deps.clock.now(),
      });
      if (updated === null) return err(notFound());
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: input.isApproved ? AuditAction.Approve : AuditAction.Reject,
            resourceType: AuditResourceType.GuestbookEntry,
            resourceId: updated.id,
            userId: actor.userId,
            details: { adminNotes, previousClass: guestbookEntryClass(before) },
          },
          actor,
        ),
      );
      return ok(updated);
    });
  }
}

function notFound(): GuestbookError {
  return { code: GuestbookErrorCode.NotFound, message: ERROR_MESSAGES.guestbookEntryNotFound };
}

/** Approves or rejects many entries with one optional note; each decided and audited on its own. */
export class BulkModerateGuestbookEntriesUseCase {
  constructor(private readonly deps: { readonly moderate: Pick<ModerateGuestbookEntryUseCase, 'execute'> }) {}

  execute(
    input: { readonly ids: readonly string[]; readonly isApproved: boolean; readonly adminNotes?: string | null },
    actor: Actor,
  ): Promise<Result<readonly BulkItemResult[], ListError | GuestbookError>> {
    return decideEach(
      input.ids,
      (id) =>
        this.deps.moderate.execute({ id, isApproved: input.isApproved, adminNotes: input.adminNotes ?? null }, actor),
      GuestbookErrorCode.Invalid,
    );
  }
}
