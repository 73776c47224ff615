import { GUESTBOOK_LIMITS } from '@memoir/shared';

import { isCorrectRiddleAnswer } from '../riddles/riddle-answers';
import {
  keepSubmission,
  RIDDLE_ANSWER_FIELD,
  wrongRiddleAnswer,
  type SubmissionDeps,
} from '../review-queue/submissions';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, optionalText, requiredText } from '../shared/text-fields';
import type { GuestbookEntry } from './guestbook-entry';
import type { GuestbookEntryRepository } from './guestbook-entry.repository';
import { GuestbookErrorCode, type GuestbookError } from './guestbook.errors';

export interface SignGuestbookInput {
  readonly name?: string | null;
  readonly location?: string | null;
  readonly message?: string | null;
  readonly riddleAnswer?: string | null;
}

/** A visitor signs the guestbook. The entry waits, pending, for the owner's review. */
export class SignGuestbookUseCase {
  constructor(private readonly deps: SubmissionDeps<{ readonly guestbookEntries: GuestbookEntryRepository }>) {}

  async execute(input: SignGuestbookInput): Promise<Result<GuestbookEntry, GuestbookError>> {
    const errors = new FieldErrors();
    const name = requiredText(
      errors,
      { field: 'name', label: 'Name', maxLength: GUESTBOOK_LIMITS.nameMaxLength },
      input.name,
    );
    const location = optionalText(
      errors,
      { field: 'location', label: 'Location', maxLength: GUESTBOOK_LIMITS.locationMaxLength },
      input.location,
    );
    const message = requiredText(
      errors,
      { field: 'message', label: 'Message', maxLength: GUESTBOOK_LIMITS.messageMaxLength, multiline: true },
      input.message,
    );
    const riddleAnswer = requiredText(errors, RIDDLE_ANSWER_FIELD, input.riddleAnswer);
    if (!errors.isEmpty || name === null || message === null || riddleAnswer === null) {
      return err(invalidInput(GuestbookErrorCode.Invalid, errors));
    }
    if (!isCorrectRiddleAnswer(this.deps.riddles, 'guestbook', riddleAnswer)) {
      return err(wrongRiddleAnswer(GuestbookErrorCode.WrongRiddleAnswer));
    }

    const entry: GuestbookEntry = {
      id: this.deps.ids.next(),
      name,
      location,
      message,
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
