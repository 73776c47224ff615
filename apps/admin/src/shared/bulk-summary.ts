import type { BulkOutcome } from './use-bulk-decision';

/** A noun as the notices count it: "1 entry", "3 entries". */
export interface Noun {
  readonly one: string;
  readonly many: string;
}

export const counted = (n: number, noun: Noun): string => `${n} ${n === 1 ? noun.one : noun.many}`;

/** One item that could not be decided: its name as listed, and why. */
export interface BulkFailure {
  readonly id: string;
  readonly name: string;
  readonly reason: string;
}

/** The first sentence of a bulk decision's notice, and the items that failed with their reasons. */
export function bulkSummary(outcome: BulkOutcome, noun: Noun): { headline: string; failures: BulkFailure[] } {
  const verb = outcome.approved ? 'Approved' : 'Rejected';
  const total = outcome.results.length;
  const decided = outcome.results.filter((result) => result.success).length;
  const failures = outcome.results
    .filter((result) => !result.success)
    .map((result) => ({
      id: result.id,
      name: outcome.names[result.id] ?? result.id,
      reason: result.error ?? 'It could not be decided.',
    }));
  let headline: string;
  if (failures.length === 0) headline = `${verb} ${counted(total, noun)}.`;
  else if (decided === 0 && total === 1) headline = `The ${noun.one} could not be decided:`;
  else if (decided === 0) headline = `None of the ${counted(total, noun)} could be decided:`;
  else headline = `${verb} ${decided} of ${counted(total, noun)}; ${failures.length} could not be decided:`;
  return { headline, failures };
}
