import type { ErasePersonUseCase } from '@memoir/domain';

import { actor, error, orFail } from './calls';
import type { Capability } from './route-spec';

/* A person's data: what erasing it would remove, and the erasure. The address travels in the
 * body, never in a URL: URLs end up in logs and histories. */

const NOT_AN_ADDRESS = { '400': error('Not an email address') };

export const personalDataRoutes: Capability<'previewErasure' | 'erasePerson'> = ({ useCases }) => {
  /** The erasure, or its preview: both answer what it removes (or would), counted. */
  const erase = async (input: Parameters<ErasePersonUseCase['execute']>[0]) => {
    const { counts } = orFail(await useCases.erasePerson.execute(input));
    return { success: true as const, counts: { ...counts } };
  };
  return {
    previewErasure: {
      summary: "What erasing a person's data would remove, counted (nothing is changed)",
      answered: 'What an erasure would remove',
      errors: NOT_AN_ADDRESS,
      handle: ({ body }) => erase({ email: body.email, preview: true }),
    },
    erasePerson: {
      summary:
        "Erase a person's data (their requests keep status and dates and lose the person; links, notes and outbox copies go); audited as counts",
      answered: 'What was removed',
      errors: NOT_AN_ADDRESS,
      handle: ({ ctx, body }) => erase({ email: body.email, actor: actor(ctx) }),
    },
  };
};
