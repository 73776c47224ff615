import { ERROR_MESSAGES, RIDDLE_ANSWER_MAX_LENGTH, SCHOLARSHIP_LIMITS } from '@memoir/shared';

import { isCorrectRiddleAnswer, type RiddleAnswers } from '../riddles/riddle-answers';
import { newDelivery } from '../deliveries/delivery';
import type { OwnerNotifications } from '../deliveries/owner-notifications';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import { err, ok, type Result } from '../shared/result';
import type { UnitOfWork } from '../shared/unit-of-work';
import { FieldErrors, invalidInput, optionalText, requiredEmail, requiredText } from '../shared/text-fields';
import type { ScholarshipRequest } from './scholarship-request';
import type { ScholarshipRequestRepository } from './scholarship-request.repository';
import { ScholarshipErrorCode, type ScholarshipError } from './scholarships.errors';

export interface SubmitScholarshipRequestInput {
  readonly name?: string | null;
  readonly email?: string | null;
  readonly message?: string | null;
  readonly riddleAnswer?: string | null;
}

/** A reader who cannot afford the book asks for the free PDF. The request starts pending. */
export class SubmitScholarshipRequestUseCase {
  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly riddles: RiddleAnswers;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      readonly unitOfWork: UnitOfWork;
      /** `each`: the owner's email is queued with the submission (OWNER_NOTIFICATIONS). */
      readonly ownerNotifications?: OwnerNotifications;
    },
  ) {}

  async execute(input: SubmitScholarshipRequestInput): Promise<Result<ScholarshipRequest, ScholarshipError>> {
    const errors = new FieldErrors();
    const name = requiredText(
      errors,
      { field: 'name', label: 'Name', maxLength: SCHOLARSHIP_LIMITS.nameMaxLength },
      input.name,
    );
    const email = requiredEmail(errors, 'email', 'Email', SCHOLARSHIP_LIMITS.emailMaxLength, input.email);
    const message = optionalText(
      errors,
      { field: 'message', label: 'Message', maxLength: SCHOLARSHIP_LIMITS.messageMaxLength, multiline: true },
      input.message,
    );
    const riddleAnswer = requiredText(
      errors,
      { field: 'riddleAnswer', label: 'Riddle answer', maxLength: RIDDLE_ANSWER_MAX_LENGTH },
      input.riddleAnswer,
    );
    if (!errors.isEmpty || name === null || email === null || riddleAnswer === null) {
      return err(invalidInput(ScholarshipErrorCode.Invalid, errors));
    }
    if (!isCorrectRiddleAnswer(this.deps.riddles, 'scholarship', riddleAnswer)) {
      return err({
        code: ScholarshipErrorCode.WrongRiddleAnswer,
        message: ERROR_MESSAGES.wrongRiddleAnswer,
        fieldErrors: { riddleAnswer: ERROR_MESSAGES.wrongRiddleAnswer },
      });
    }

    const request: ScholarshipRequest = {
      id: this.deps.ids.next(),
      name,
      email,
      message,
      status: 'pending',
      adminNotes: null,
      createdAt: this.deps.clock.now(),
      decidedAt: null,
    };
    if (this.deps.ownerNotifications === 'each') {
      // With its email to the owner, or not at all.
      await this.deps.unitOfWork.transaction(async ({ scholarshipRequests, deliveries }) => {
        await scholarshipRequests.add(request);
        await deliveries.add(
          newDelivery({
            id: this.deps.ids.next(),
            kind: 'owner_request',
            requestId: request.id,
            now: request.createdAt,
          }),
        );
      });
    } else {
      await this.deps.scholarshipRequests.add(request);
    }
    return ok(request);
  }
}
