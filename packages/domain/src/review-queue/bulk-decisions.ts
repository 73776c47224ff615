import { BULK_DECISION_MAX_ITEMS } from '@memoir/shared';

import type { DomainError } from '../shared/domain-error';
import { ListErrorCode, type ListError } from '../shared/list.errors';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';

/** How one item of a bulk decision went: decided, or why not (its own message and code). */
export interface BulkItemResult {
  readonly id: string;
  readonly success: boolean;
  readonly error?: string;
  readonly code?: string;
}

/**
 * Decides each of `ids` on its own, one after another, through the one-item use case: each
 * is all or nothing with its audit event, and one that fails (no longer pending, gone) leaves
 * the others decided. The ids are taken once each, in the order given. A decision that is
 * itself invalid (notes too long, an unknown status) is refused for the whole call: it would
 * fail for every item alike, and the one-item use cases check it before they look at the id.
 */
export async function decideEach<E extends DomainError<string>>(
  ids: readonly string[],
  decide: (id: string) => Promise<Result<unknown, E>>,
  invalidCode: string,
): Promise<Result<readonly BulkItemResult[], ListError | E>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.length > BULK_DECISION_MAX_ITEMS) {
    return err({
      code: ListErrorCode.InvalidSelection,
      message: `Choose from 1 to ${BULK_DECISION_MAX_ITEMS} items to decide at once.`,
    });
  }
  const results: BulkItemResult[] = [];
  for (const id of unique) {
    const outcome = await decide(id);
    if (outcome.ok) {
      results.push({ id, success: true });
      continue;
    }
    if (outcome.error.code === invalidCode) return err(outcome.error);
    results.push({ id, success: false, error: outcome.error.message, code: outcome.error.code });
  }
  return ok(results);
}

/**
 * Decides many items with one decision and one optional note, each decided and audited on its
 * own through the one-item use case (see `decideEach`). `invalidCode` is that use case's code
 * for a decision that is invalid whatever the item.
 */
export class BulkDecisionsUseCase<Input extends { readonly id: string }, E extends DomainError> {
  constructor(
    private readonly decideOne: { execute(input: Input, actor: Actor): Promise<Result<unknown, E>> },
    private readonly invalidCode: E['code'],
  ) {}

  execute(
    input: Omit<Input, 'id'> & { readonly ids: readonly string[] },
    actor: Actor,
  ): Promise<Result<readonly BulkItemResult[], ListError | E>> {
    const { ids, ...decision } = input;
    // The one-item input is the decision with each id: what `Input` is, less what TypeScript can follow.
    const oneItem = (id: string) => ({ ...decision, id }) as unknown as Input;
    return decideEach(ids, (id) => this.decideOne.execute(oneItem(id), actor), this.invalidCode);
  }
}
