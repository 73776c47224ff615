import { Router } from '@koa/router';
import { STORE_LINK_PATH } from '@memoir/domain';
import { BOOK_TITLE } from '@memoir/shared';

import type { HttpAppOptions } from './deps';
import { eventVisitor } from './event-visitor';
import { escapeHtml } from './html-escape';
import { sendPage, smallPage } from './request-status-page';

/*
 * `/go/<format>`: the emails' links to the stores (the review reminder's), kept on
 * PUBLIC_BASE_URL. A 302 to the store's published address of the moment, never cached (the
 * owner may change it); a format the page no longer sells leads to the page's buy section.
 */

const NOT_FOUND = 'There is no such store link. The book’s page lists where it is sold.';

export function storeLinkRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  router.get(`${STORE_LINK_PATH}/:format`, async (ctx) => {
    const followed = await options.useCases.followStoreLink.execute(ctx.params.format ?? '', {
      ...eventVisitor(ctx),
      navigating: ctx.get('Sec-Fetch-Mode') === 'navigate',
    });
    if (!followed.ok) {
      const title = 'Store link not found';
      const main = `<h1>${title}</h1>\n<p class="lead">${escapeHtml(NOT_FOUND)}</p>`;
      return sendPage(ctx, 404, smallPage({ title: `${title} · ${escapeHtml(BOOK_TITLE)}`, main }));
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(followed.value.kind === 'store' ? followed.value.url : '/#buy');
  });
  return router;
}
