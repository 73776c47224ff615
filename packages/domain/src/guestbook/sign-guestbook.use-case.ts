import { GUESTBOOK_LIMITS } from '@memoir/shared';

import { checkSubmission, keepSubmission, type SubmissionDeps } from '../review-queue/submissions';
import { ok, type Result } from '../shared/result';
import { optionalText, requiredText, type FormInput, type TextRule } from '../shared/text-fields';
import type { GuestbookEntry } from './guestbook-entry';
import type { GuestbookEntryRepository } from './guestbook-entry.repository';
import { GuestbookErrorCode, type GuestbookError } from './guestbook.errors';

export type SignGuestbookInput = FormInput<'name' | 'location' | 'message' | 'riddleAnswer'>;

/** The form's fields (docs/domain.md#guestbook). */
const FIELDS = {
  name: { field: 'name', label: 'Name', maxLength: GUESTBOOK_LIMITS.nameMaxLength },
  location: { field: 'location', label: 'Location', maxLength: GUESTBOOK_LIMITS.locationMaxLength },
  message: { field: 'message', label: 'Message', maxLength: GUESTBOOK_LIMITS.messageMaxLength, multiline: true },
} satisfies Record<string, TextRule>;

/** A visitor signs the guestbook. The entry waits, pending, for the owner's review. */
export class SignGuestbookUseCase {
  constructor(private readonly deps: SubmissionDeps<{ readonly guestbookEntries: GuestbookEntryRepository }>) {}

  async execute(input: SignGuestbookInput): Promise<Result<GuestbookEntry, GuestbookError>> {
    const checked = checkSubmission(
      this.deps.riddles,
      'guestbook',
      GuestbookErrorCode,
      input.riddleAnswer,
      (errors) => {
        const name = requiredText(errors, FIELDS.name, input.name);
        const location = optionalText(errors, FIELDS.location, input.location);
        const message = requiredText(errors, FIELDS.message, input.message);
        return name === null || message === null ? null : { name, location, message };
      },
    );
    if (!checked.ok) return checked;

    const entry: GuestbookEntry = {
      id: this.deps.ids.next(),
      ...checked.value,
      createdAt: this.deps.clock.now(),
      isApproved: false,
      reviewedAt: null,
      adminNotes: null,
    };
    await keepSubmission(this.deps, (store) => store.guestbookEntries.add(entry), {
      kind: 'owner_entry',
      entryId: entry.id,
      now: entry.createdAt,
    });
    return ok(entry);
  }
}
