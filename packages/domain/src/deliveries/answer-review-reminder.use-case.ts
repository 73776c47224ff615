import type { ReaderError } from '../readers/readers.errors';
import { ReaderErrorCode } from '../readers/readers.errors';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';
import { sameSecretHash, type SecretTokens } from '../shared/secret-tokens';
import { REVIEW_ANSWERS, type ReviewAnswer } from '../scholarships/review-reminder';

/** A token as SecretTokens makes it (base64url of at least 16 bytes), with room to spare. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,128}$/;

const notFound = (): ReaderError => ({
  code: ReaderErrorCode.LinkNotFound,
  message: 'This link is not one of ours, or it was mistyped. Copy the whole link from the email.',
});

/** What the answer page shows: the button (`ready`), or the answer already given (`answered`). */
export type ReviewAnswerState =
  | { readonly state: 'ready'; readonly answer: ReviewAnswer }
  | { readonly state: 'answered'; readonly answer: ReviewAnswer };

const isAnswer = (value: unknown): value is ReviewAnswer => REVIEW_ANSWERS.includes(value as ReviewAnswer);

/**
 * The two answers of the review reminder ("I left a review", "No thanks"), one link each:
 * `/review-reminder?token=…&answer=reviewed|declined`. Opening the page (`view`) changes
 * nothing, so a mail scanner answers nothing; its button (`answer`, a POST) records the
 * answer once. The first answer stays: pressing either button again says what was answered.
 * Nothing follows from either answer: no email, no change to the reader's copy.
 */
export class AnswerReviewReminderUseCase {
  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly tokens: SecretTokens;
      readonly clock: Clock;
    },
  ) {}

  async view(token: unknown, answer: unknown): Promise<Result<ReviewAnswerState, ReaderError>> {
    if (!isAnswer(answer)) return err(notFound());
    const found = await this.find(token);
    if (!found.ok) return found;
    const given = found.value.answer;
    return ok(given === null ? { state: 'ready', answer } : { state: 'answered', answer: given });
  }

  async answer(token: unknown, answer: unknown): Promise<Result<ReviewAnswer, ReaderError>> {
    if (!isAnswer(answer)) return err(notFound());
    const found = await this.find(token);
    if (!found.ok) return found;
    const { requestId } = found.value;
    if (await this.deps.scholarshipRequests.answerReviewReminder(requestId, answer, this.deps.clock.now())) {
      return ok(answer);
    }
    // Answered before (this press or another): the first answer stands.
    const [current] = await this.deps.scholarshipRequests.listReviewReminders([requestId]);
    return current?.answer == null ? err(notFound()) : ok(current.answer);
  }

  /** The reminder of this token, the stored hash compared again in constant time. */
  private async find(token: unknown) {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return err(notFound());
    const hash = this.deps.tokens.hashOf(token);
    const reminder = await this.deps.scholarshipRequests.findReviewReminderByTokenHash(hash);
    if (reminder === null || !sameSecretHash(reminder.tokenHash, hash)) return err(notFound());
    return ok(reminder);
  }
}
