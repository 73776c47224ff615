import type { ErasePersonUseCase } from '@memoir/domain';

import { actor, error, orFail } from './calls';
import type { Capability } from './route-spec';

/* A person's data: what is held about them, what erasing it would remove, and the erasure. The
 * erasure's address travels in the body. The export is a GET, the address in its query: the
 * request log writes paths without their query, and the admin app fetches it (never a link), so
 * the address stays out of logs and the browser's history. */

const NOT_AN_ADDRESS = { '400': error('Not an email address') };

export const personalDataRoutes: Capability<'exportPersonalData' | 'previewErasure' | 'erasePerson'> = ({
  useCases,
}) => {
  /** The erasure, or its preview: both answer what it removes (or would), counted. */
  const erase = async (input: Parameters<ErasePersonUseCase['execute']>[0]) => {
    const { counts } = orFail(await useCases.erasePerson.execute(input));
    return { success: true as const, counts: { ...counts } };
  };
  return {
    exportPersonalData: {
      summary:
        'Everything held about a person (their requests, the emails about them, prize claims, the actions on them), as a JSON file to send them; the same as `pnpm admin export-person`; audited as counts',
      answered: 'What is held about the address',
      errors: NOT_AN_ADDRESS,
      handle: async ({ ctx, query }) =>
        orFail(await useCases.exportPerson.execute({ email: query.email, actor: actor(ctx) })),
    },
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
