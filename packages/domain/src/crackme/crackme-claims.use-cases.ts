import { FIELD_MESSAGES, SCHOLARSHIP_LIMITS } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { Clock } from '../shared/clock';
import { isUuid, type IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, requiredEmail, requiredText } from '../shared/text-fields';
import type { Transactions } from '../shared/transactions';
import type { RankedCrackmeClaim } from './crackme-claim';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { CrackmeClaimRepository } from './crackme-claim.repository';
import { crackmeKeyMatches } from './crackme-key';
import { CrackmeErrorCode, type CrackmeError } from './crackme.errors';

/** What a solver is told: whether they are among the first CRACKME_WINNERS, and their place. */
export interface ClaimOutcome {
  readonly position: number;
  readonly winner: boolean;
}

/**
 * A solver claims the prize: the key is checked with the crackme's own rule (a wrong one is
 * refused, and counts toward the attempt limit the HTTP layer keeps), then the claim is kept
 * once per address. The first `winners` claims win; the owner sees every claim in order.
 */
export class SubmitCrackmeClaimUseCase {
  constructor(
    private readonly deps: {
      readonly crackmeClaims: CrackmeClaimRepository;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      readonly winners: number;
    },
  ) {}

  async execute(input: {
    readonly key?: unknown;
    readonly name?: unknown;
    readonly email?: unknown;
  }): Promise<Result<ClaimOutcome, CrackmeError>> {
    const errors = new FieldErrors();
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const name = requiredText(
      errors,
      { field: 'name', label: 'Name', maxLength: SCHOLARSHIP_LIMITS.nameMaxLength },
      text(input.name),
    );
    const email = requiredEmail(errors, 'email', 'Email', SCHOLARSHIP_LIMITS.emailMaxLength, text(input.email));
    const key = text(input.key)?.trim() ?? '';
    if (key === '') errors.add('key', 'Key is required.');
    if (name === null || email === null || !errors.isEmpty) return err(invalidInput(CrackmeErrorCode.Invalid, errors));
    if (!crackmeKeyMatches(key)) {
      return err({
        code: CrackmeErrorCode.WrongKey,
        message:
          'That is not the key the crackme accepts. Run it with your key: it says ACCESS GRANTED for the right one.',
        fieldErrors: { key: FIELD_MESSAGES.wrongCrackmeKey },
      });
    }
    const claim = await this.deps.crackmeClaims.addOnce({
      id: this.deps.ids.next(),
      name,
      email,
      createdAt: this.deps.clock.now(),
      prizeSentAt: null,
    });
    return ok({ position: claim.position, winner: claim.position <= this.deps.winners });
  }
}

/** The owner's list of claims, in the order they came, a page at a time. */
export class ListCrackmeClaimsUseCase {
  constructor(private readonly deps: { readonly crackmeClaims: CrackmeClaimRepository; readonly winners: number }) {}

  async execute(input: { readonly after?: number } = {}): Promise<{
    readonly claims: ReadonlyArray<RankedCrackmeClaim & { readonly winner: boolean }>;
    readonly winners: number;
  }> {
    const claims = await this.deps.crackmeClaims.listInOrder(100, input.after);
    return {
      claims: claims.map((claim) => ({ ...claim, winner: claim.position <= this.deps.winners })),
      winners: this.deps.winners,
    };
  }
}

/** The owner marks a winner's prize as sent: once, audited. */
export class MarkPrizeSentUseCase {
  constructor(
    private readonly deps: {
      readonly unitOfWork: Transactions<{
        readonly crackmeClaims: CrackmeClaimRepository;
        readonly auditEvents: AuditEventRepository;
      }>;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(id: string, actor: Actor): Promise<Result<RankedCrackmeClaim, CrackmeError>> {
    const notFound = () => err({ code: CrackmeErrorCode.NotFound, message: 'There is no such prize claim.' });
    if (!isUuid(id)) return notFound();
    return this.deps.unitOfWork.transaction(async ({ crackmeClaims, auditEvents }) => {
      const claim = await crackmeClaims.markPrizeSent(id, this.deps.clock.now());
      if (claim === null) return notFound();
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.PrizeSent,
            resourceType: AuditResourceType.CrackmeClaim,
            resourceId: claim.id,
            userId: actor.userId,
            details: { position: claim.position },
          },
          actor,
        ),
      );
      return ok(claim);
    });
  }
}
