import { actor, error, orFail } from './calls';
import type { Capability } from './route-spec';

/* A person's data: what erasing it would remove, and the erasure. The address travels in the
 * body, never in a URL: URLs end up in logs and histories. */

const NOT_AN_ADDRESS = { '400': error('Not an email address') };

export const personalDataRoutes: Capability<'previewErasure' | 'erasePerson'> = ({ useCases }) => ({
  previewErasure: {
    summary: "What erasing a person's data would remove, counted (nothing is changed)",
    answered: 'What an erasure would remove',
    errors: NOT_AN_ADDRESS,
    handle: async ({ body }) => {
      const { counts } = orFail(await useCases.erasePerson.execute({ email: body.email, preview: true }));
      return { success: true, counts: { ...counts } };
    },
  },
  erasePerson: {
    summary:
      "Erase a person's data (their requests keep status and dates and lose the person; links, notes and outbox copies go); audited as counts",
    answered: 'What was removed',
    errors: NOT_AN_ADDRESS,
    handle: async ({ ctx, body }) => {
      const { counts } = orFail(await useCases.erasePerson.execute({ email: body.email, actor: actor(ctx) }));
      return { success: true, counts: { ...counts } };
    },
  },
});
