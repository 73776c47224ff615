import { encodeCursor } from '@memoir/domain';
import { ADMIN_PAGE_MAX_BYTES } from '@memoir/shared';

/** Room kept for the answer's envelope (`success`, `counts`, `nextCursor`) around the items. */
const ENVELOPE_BYTES = 1024;

/**
 * Keeps an admin answer within ADMIN_PAGE_MAX_BYTES of JSON whatever its items hold: `fixed`
 * (the default view's approved and rejected sections) always goes; `page` goes while it fits,
 * and when it is cut short the cursor continues after its last item sent, so paging still
 * reaches every item. At least one item of `page` always goes.
 */
export function fitPage<T extends { readonly createdAt: Date; readonly id: string }, Dto>(
  page: readonly T[],
  fixed: readonly T[],
  nextCursor: string | null,
  present: (item: T) => Dto,
): { readonly items: Dto[]; readonly nextCursor: string | null } {
  const size = (dto: Dto) => Buffer.byteLength(JSON.stringify(dto)) + 1;
  const fixedDtos = fixed.map(present);
  let budget = ADMIN_PAGE_MAX_BYTES - ENVELOPE_BYTES - fixedDtos.reduce((sum, dto) => sum + size(dto), 0);
  const items: Dto[] = [];
  for (const [index, item] of page.entries()) {
    const dto = present(item);
    budget -= size(dto);
    if (budget < 0 && index > 0) {
      const last = page[index - 1];
      return { items: [...items, ...fixedDtos], nextCursor: last === undefined ? nextCursor : encodeCursor(last) };
    }
    items.push(dto);
  }
  return { items: [...items, ...fixedDtos], nextCursor };
}
