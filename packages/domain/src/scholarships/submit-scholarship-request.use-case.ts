import { SCHOLARSHIP_LIMITS } from '@memoir/shared';

import { checkSubmission, keepSubmission, type SubmissionDeps } from '../review-queue/submissions';
import { ok, type Result } from '../shared/result';
import { optionalText, requiredEmail, requiredText, type FormInput, type TextRule } from '../shared/text-fields';
import type { ScholarshipRequest } from './scholarship-request';
import type { ScholarshipRequestRepository } from './scholarship-request.repository';
import { ScholarshipErrorCode, type ScholarshipError } from './scholarships.errors';

export type SubmitScholarshipRequestInput = FormInput<'name' | 'email' | 'message' | 'riddleAnswer'> & {
  /** The unticked box "Remind me once to leave a review": true only when ticked. */
  readonly reviewReminder?: boolean | null;
};

/** The form's text fields (docs/domain.md#scholarships); the email address is checked as an address. */
const FIELDS = {
  name: { field: 'name', label: 'Name', maxLength: SCHOLARSHIP_LIMITS.nameMaxLength },
  message: { field: 'message', label: 'Message', maxLength: SCHOLARSHIP_LIMITS.messageMaxLength, multiline: true },
} satisfies Record<string, TextRule>;

/** A reader who cannot afford the book asks for the free PDF. The request starts pending. */
export class SubmitScholarshipRequestUseCase {
  constructor(private readonly deps: SubmissionDeps<{ readonly scholarshipRequests: ScholarshipRequestRepository }>) {}

  async execute(input: SubmitScholarshipRequestInput): Promise<Result<ScholarshipRequest, ScholarshipError>> {
    const { riddles } = this.deps;
    const checked = checkSubmission(riddles, 'scholarship', ScholarshipErrorCode, input.riddleAnswer, (errors) => {
      const name = requiredText(errors, FIELDS.name, input.name);
      const email = requiredEmail(errors, 'email', 'Email', SCHOLARSHIP_LIMITS.emailMaxLength, input.email);
      const message = optionalText(errors, FIELDS.message, input.message);
      return name === null || email === null ? null : { name, email, message };
    });
    if (!checked.ok) return checked;

    const request: ScholarshipRequest = {
      id: this.deps.ids.next(),
      ...checked.value,
      status: 'pending',
      adminNotes: null,
      createdAt: this.deps.clock.now(),
      decidedAt: null,
      reviewReminder: input.reviewReminder === true,
    };
    await keepSubmission(this.deps, (store) => store.scholarshipRequests.add(request), {
      kind: 'owner_request',
      requestId: request.id,
      now: request.createdAt,
    });
    return ok(request);
  }
}
