import { ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';

import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import { AuditResourceType } from '../audit-log/audit-event';
import { ADMIN_NOTES_FIELD, decisionEvent } from '../review-queue/decisions';
import type { Clock } from '../shared/clock';
import { isUuid, type IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, optionalText } from '../shared/text-fields';
import type { Transactions } from '../shared/transactions';
import { guestbookEntryClass, type GuestbookEntry } from './guestbook-entry';
import type { GuestbookEntryRepository } from './guestbook-entry.repository';
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
    private readonly deps: {
      readonly unitOfWork: Transactions<{
        readonly guestbookEntries: GuestbookEntryRepository;
        readonly auditEvents: AuditEventRepository;
      }>;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(input: ModerateGuestbookEntryInput, actor: Actor): Promise<Result<GuestbookEntry, GuestbookError>> {
    const errors = new FieldErrors();
    if (typeof input.isApproved !== 'boolean') errors.add('isApproved', FIELD_MESSAGES.mustBeBoolean('isApproved'));
    const adminNotes = optionalText(errors, ADMIN_NOTES_FIELD, input.adminNotes);
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
      const details = { adminNotes, previousClass: guestbookEntryClass(before) };
      const resource = { resourceType: AuditResourceType.GuestbookEntry, resourceId: updated.id };
      await auditEvents.append(decisionEvent(this.deps, actor, { approved: input.isApproved, ...resource, details }));
      return ok(updated);
    });
  }
}

function notFound(): GuestbookError {
  return { code: GuestbookErrorCode.NotFound, message: ERROR_MESSAGES.guestbookEntryNotFound };
}
