import { actor, error, orFail } from './calls';
import type { Capability } from './route-spec';

/* Suppressions: the addresses that bounced hard or complained, and lifting one. */

export const suppressionRoutes: Capability<'listSuppressions' | 'removeSuppression'> = ({ useCases }) => ({
  listSuppressions: {
    summary: 'The addresses that bounced hard or complained: they get no mail but what their reader asks for',
    answered: 'The newest first',
    handle: async () => {
      const { suppressions } = await useCases.listSuppressions.execute();
      return {
        suppressions: suppressions.map(({ email, reason, at }) => ({ email, reason, at: at.toISOString() })),
      };
    },
  },
  removeSuppression: {
    summary: "Lift an address's suppression: mail goes to it again (audited as suppression_removed, without the address)",
    answered: 'Lifted',
    errors: { '400': error('Not an email address'), '404': error('The address is not suppressed') },
    handle: async ({ ctx, params }) => {
      orFail(await useCases.removeSuppression.execute(params.email, actor(ctx)));
      return { success: true };
    },
  },
});
