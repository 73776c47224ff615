import type { RankedCrackmeClaim } from '@memoir/domain';
import { CRACKME_MESSAGES, type CrackmeClaim } from '@memoir/shared';

import { actor, error, idOf, orFail, retryAfter } from './calls';
import { limitSubmissions } from './public-forms';
import type { Capability } from './route-spec';

/* The crackme's prize: a solver's claim, and the owner's list of claims. */

const presentClaim = (claim: RankedCrackmeClaim & { readonly winner: boolean }): CrackmeClaim => ({
  id: claim.id,
  position: claim.position,
  name: claim.name,
  email: claim.email,
  createdAt: claim.createdAt.toISOString(),
  winner: claim.winner,
  prizeSentAt: claim.prizeSentAt?.toISOString() ?? null,
});

export const crackmeRoutes: Capability<'claimCrackmePrize' | 'listCrackmeClaims' | 'markPrizeSent'> = (options) => {
  const { useCases } = options;
  return {
    claimCrackmePrize: {
      summary: 'Claim the crackme prize with the key the crackme accepts',
      answered: 'The key is right: the claim is kept (once per address); the first CRACKME_WINNERS win',
      errors: {
        '400': error('Not the key the crackme accepts (fieldErrors.key), or a field breaks a rule'),
        '429': error('Too many claims from this address (CRACKME_CLAIM_LIMIT), right or wrong', retryAfter),
      },
      handle: async ({ ctx, body }) => {
        // Every attempt counts toward CRACKME_CLAIM_LIMIT: the limit is what stops guessing the key here.
        await limitSubmissions(options, ctx, 'crackme', options.crackmeClaimLimit);
        const { position, winner } = orFail(await useCases.submitCrackmeClaim.execute(body));
        const message = winner ? CRACKME_MESSAGES.winner(position) : CRACKME_MESSAGES.tooLate(position);
        return { success: true, position, winner, message };
      },
    },
    listCrackmeClaims: {
      summary: 'The crackme prize claims in the order they came (100 a page), with who won',
      answered: 'A page of claims, oldest first',
      errors: { '400': error('after is not a whole number') },
      handle: async ({ query }) => {
        const { claims, winners } = await useCases.listCrackmeClaims.execute({ after: query.after ?? 0 });
        return { success: true, winners, claims: claims.map(presentClaim) };
      },
    },
    markPrizeSent: {
      summary: "Mark a winner's prize as sent (once; audited as prize_sent)",
      answered: 'Marked',
      errors: { '404': error('No such claim') },
      handle: async ({ ctx, params }) => {
        const claim = orFail(await useCases.markPrizeSent.execute(idOf(params), actor(ctx)));
        return { success: true, prizeSentAt: claim.prizeSentAt?.toISOString() ?? null };
      },
    },
  };
};
