import { READER_CONSENT_VERSION, READER_LIMITS, READER_SOURCES, RIDDLE_ANSWER_MAX_LENGTH } from '@memoir/shared';

import { keptUserAgent } from '../audit-log/audit-event';
import { newDelivery } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import { wrongRiddleAnswer } from '../review-queue/submissions';
import { isCorrectRiddleAnswer, type RiddleAnswers } from '../riddles/riddle-answers';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { RequestContext } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, optionalText, requiredEmail, type TextRule } from '../shared/text-fields';
import type { Transactions } from '../shared/transactions';
import {
  consentText,
  MAX_CONFIRMATIONS,
  readerConfirmationKey,
  readerKey,
  type Reader,
  type ReaderSource,
} from './reader';
import type { ReaderRepository, SignUpRecord } from './reader.repository';
import { ReaderErrorCode, type ReaderError } from './readers.errors';

export interface SignUpReaderInput {
  readonly email?: string | null;
  readonly name?: string | null;
  /** The ticked box: must be true. */
  readonly consent?: unknown;
  /** Optional: when given, it must answer the guestbook's riddle. */
  readonly riddleAnswer?: string | null;
  readonly source: ReaderSource;
}

const NAME: TextRule = { field: 'name', label: 'Name', maxLength: READER_LIMITS.nameMaxLength };
const RIDDLE: TextRule = { field: 'riddleAnswer', label: 'Riddle answer', maxLength: RIDDLE_ANSWER_MAX_LENGTH };

/** What a sign-up did: for tests and logs only; the caller's answer is the same whatever it is. */
export type SignUpOutcome = 'new' | 'again' | 'resent' | 'capped' | 'already-confirmed';

/**
 * Someone asks for news about the book (the sign-up form, or the box on the guestbook or the
 * free-PDF form). Double opt-in: the reader is pending until they press the confirmation page's
 * button; the confirmation email is queued here, in the same transaction, and its link made
 * when it is sent. Whatever the address's state, the answer is the same, so nobody can learn
 * who is on the list: a confirmed reader gets nothing new; a pending one a new email while the
 * caps allow (MAX_CONFIRMATIONS, an hour apart); one who left signs up afresh (a new consent
 * record) and must confirm again, the caps still counting.
 */
export class SignUpReaderUseCase {
  constructor(
    private readonly deps: {
      readonly unitOfWork: Transactions<{
        readonly readers: ReaderRepository;
        readonly deliveries: DeliveryRepository;
      }>;
      readonly riddles: RiddleAnswers;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  /** Checks the fields alone (the forms check a subscriber's address before they keep the entry). */
  check(input: SignUpReaderInput): Result<{ email: string; name: string | null }, ReaderError> {
    const errors = new FieldErrors();
    const email = requiredEmail(errors, 'email', 'Email', READER_LIMITS.emailMaxLength, input.email);
    const name = optionalText(errors, NAME, input.name);
    if (input.consent !== true) errors.add('consent', 'Tick the box to ask for the news.');
    if (!READER_SOURCES.includes(input.source)) errors.add('source', 'Not a place to sign up from.');
    if (!errors.isEmpty || email === null) return err(invalidInput(ReaderErrorCode.Invalid, errors));
    return ok({ email, name });
  }

  async execute(input: SignUpReaderInput, context: RequestContext): Promise<Result<SignUpOutcome, ReaderError>> {
    const checked = this.check(input);
    if (!checked.ok) return checked;
    if (input.riddleAnswer !== undefined && input.riddleAnswer !== null) {
      const errors = new FieldErrors();
      const answer = optionalText(errors, RIDDLE, input.riddleAnswer);
      if (!errors.isEmpty) return err(invalidInput(ReaderErrorCode.Invalid, errors));
      if (answer !== null && !isCorrectRiddleAnswer(this.deps.riddles, 'guestbook', answer)) {
        return err(wrongRiddleAnswer(ReaderErrorCode.WrongRiddleAnswer));
      }
    }
    const now = this.deps.clock.now();
    const record: SignUpRecord = {
      name: checked.value.name,
      source: input.source,
      consentVersion: READER_CONSENT_VERSION,
      consentText: consentText(READER_CONSENT_VERSION) ?? '',
      signedUpAt: now,
      signUpIp: context.ipAddress,
      signUpUserAgent: context.userAgent === null ? null : keptUserAgent(context.userAgent),
    };
    const outcome = await this.deps.unitOfWork.transaction(async ({ readers, deliveries }) => {
      const fresh: Reader = {
        id: this.deps.ids.next(),
        email: checked.value.email,
        emailKey: readerKey(checked.value.email),
        status: 'pending',
        ...record,
        confirmedAt: null,
        confirmIp: null,
        confirmUserAgent: null,
        unsubscribedAt: null,
        unsubscribedBy: null,
        confirmationsSent: 0,
        lastConfirmationAt: null,
      };
      let reader: Reader | null = fresh;
      let outcome: SignUpOutcome = 'new';
      if (!(await readers.addIfNew(fresh))) {
        reader = await readers.findByEmail(fresh.emailKey);
        if (reader === null) return 'capped';
        if (reader.status === 'confirmed') return 'already-confirmed';
        outcome = 'resent';
        if (reader.status === 'unsubscribed' && (await readers.signUpAgain(reader.id, record))) outcome = 'again';
      }
      const notAfter = new Date(now.getTime() - READER_LIMITS.resendGapMs);
      // The caps are counted on the reader's row: concurrent sign-ups never pass them together.
      if ((await readers.countConfirmation(reader.id, now, MAX_CONFIRMATIONS, notAfter)) === null) {
        return outcome === 'again' ? 'again' : 'capped';
      }
      const dedupeKey = readerConfirmationKey(reader.id, now);
      await deliveries.add(newDelivery({ id: this.deps.ids.next(), kind: 'reader_confirm', now, dedupeKey }));
      return outcome;
    });
    return ok(outcome);
  }
}
