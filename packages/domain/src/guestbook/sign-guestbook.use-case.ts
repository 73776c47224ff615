import { ERROR_MESSAGES, GUESTBOOK_LIMITS, RIDDLE_ANSWER_MAX_LENGTH } from '@memoir/shared';

import { isCorrectRiddleAnswer, type RiddleAnswers } from '../riddles/riddle-answers';
import { newDelivery } from '../deliveries/delivery';
import type { OwnerNotifications } from '../deliveries/owner-notifications';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import { err, ok, type Result } from '../shared/result';
import type { UnitOfWork } from '../shared/unit-of-work';
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
  constructor(
    private readonly deps: {
      readonly guestbookEntries: GuestbookEntryRepository;
      readonly riddles: RiddleAnswers;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      readonly unitOfWork: UnitOfWork;
      /** `each`: the owner's email is queued with the submission (OWNER_NOTIFICATIONS). */
      readonly ownerNotifications?: OwnerNotifications;
    },
  ) {}

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
    const riddleAnswer = requiredText(
      errors,
      { field: 'riddleAnswer', label: 'Riddle answer', maxLength: RIDDLE_ANSWER_MAX_LENGTH },
      input.riddleAnswer,
    );
    if (!errors.isEmpty || name === null || message === null || riddleAnswer === null) {
      return err(invalidInput(GuestbookErrorCode.Invalid, errors));
    }
    if (!isCorrectRiddleAnswer(this.deps.riddles, 'guestbook', riddleAnswer)) {
      return err({
        code: GuestbookErrorCode.WrongRiddleAnswer,
        message: ERROR_MESSAGES.wrongRiddleAnswer,
        fieldErrors: { riddleAnswer: ERROR_MESSAGES.wrongRiddleAnswer },
      });
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
    if (this.deps.ownerNotifications === 'each') {
      // With its email to the owner, or not at all.
      await this.deps.unitOfWork.transaction(async ({ guestbookEntries, deliveries }) => {
        await guestbookEntries.add(entry);
        await deliveries.add(
          newDelivery({ id: this.deps.ids.next(), kind: 'owner_entry', entryId: entry.id, now: entry.createdAt }),
        );
      });
    } else {
      await this.deps.guestbookEntries.add(entry);
    }
    return ok(entry);
  }
}
