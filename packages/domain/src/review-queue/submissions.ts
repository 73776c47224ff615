import { ERROR_MESSAGES, RIDDLE_ANSWER_MAX_LENGTH } from '@memoir/shared';

import { newDelivery, type DeliveryKind, type OwnerNotifications } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import { isCorrectRiddleAnswer, type RiddleAnswers, type RiddleId } from '../riddles/riddle-answers';
import type { Clock } from '../shared/clock';
import type { DomainError } from '../shared/domain-error';
import type { IdGenerator } from '../shared/id-generator';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, requiredText, type TextRule } from '../shared/text-fields';
import type { Transactions } from '../shared/transactions';

/** The public forms' riddle answer (checked as `isCorrectRiddleAnswer` says). */
export const RIDDLE_ANSWER_FIELD: TextRule = {
  field: 'riddleAnswer',
  label: 'Riddle answer',
  maxLength: RIDDLE_ANSWER_MAX_LENGTH,
};

/** A wrong riddle answer: the same words for the form and for its field. */
export function wrongRiddleAnswer<Code extends string>(code: Code): DomainError<Code> {
  return {
    code,
    message: ERROR_MESSAGES.wrongRiddleAnswer,
    fieldErrors: { riddleAnswer: ERROR_MESSAGES.wrongRiddleAnswer },
  };
}

/**
 * Checks a public form as every form is checked: its own fields first (`readFields` adds each
 * fault to `errors` and gives null when one is at fault), then the riddle answer's field; every
 * fault is named at once (`codes.Invalid`). Then the riddle itself (`codes.WrongRiddleAnswer`).
 */
export function checkSubmission<Fields, Code extends string>(
  riddles: RiddleAnswers,
  riddle: RiddleId,
  codes: { readonly Invalid: Code; readonly WrongRiddleAnswer: Code },
  riddleAnswerGiven: string | null | undefined,
  readFields: (errors: FieldErrors) => Fields | null,
): Result<Fields, DomainError<Code>> {
  const errors = new FieldErrors();
  const fields = readFields(errors);
  const riddleAnswer = requiredText(errors, RIDDLE_ANSWER_FIELD, riddleAnswerGiven);
  if (!errors.isEmpty || fields === null || riddleAnswer === null) return err(invalidInput(codes.Invalid, errors));
  if (!isCorrectRiddleAnswer(riddles, riddle, riddleAnswer)) return err(wrongRiddleAnswer(codes.WrongRiddleAnswer));
  return ok(fields);
}

/** What a public form's use case needs to keep a submission; `Store` is where it is kept. */
export type SubmissionDeps<Store> = Store & {
  readonly riddles: RiddleAnswers;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly unitOfWork: Transactions<Store & { readonly deliveries: DeliveryRepository }>;
  /** `each`: the owner's email is queued with the submission (OWNER_NOTIFICATIONS). */
  readonly ownerNotifications?: OwnerNotifications;
};

/**
 * Keeps a new submission (`add`). With OWNER_NOTIFICATIONS `each`, the owner's email about it
 * (`ownerEmail`) is queued in the same transaction: with it, or not at all.
 */
export async function keepSubmission<Store>(
  deps: SubmissionDeps<Store>,
  add: (store: Store) => Promise<void>,
  ownerEmail: {
    readonly kind: DeliveryKind;
    readonly now: Date;
    readonly requestId?: string;
    readonly entryId?: string;
  },
): Promise<void> {
  if (deps.ownerNotifications === 'each') {
    await deps.unitOfWork.transaction(async (repositories) => {
      await add(repositories);
      await repositories.deliveries.add(newDelivery({ id: deps.ids.next(), ...ownerEmail }));
    });
  } else {
    await add(deps);
  }
}
