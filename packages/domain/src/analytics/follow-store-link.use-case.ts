import { BUY_FORMATS, type BuyFormat, type BuyLink } from '@memoir/shared';

import { err, ok, type Result } from '../shared/result';
import { AnalyticsErrorCode, type AnalyticsError } from './analytics.errors';
import type { EventVisitor, RecordEventUseCase } from './record-event.use-case';

/**
 * `/go/<format>`: the site's own address for a store, which the emails link to so that every
 * link of a message stays on PUBLIC_BASE_URL (a store's address is the owner's to change, and
 * an email already sent should follow the change). Following it is a `buy_click`.
 */
export const STORE_LINK_PATH = '/go';

export const storeLinkUrl = (publicBaseUrl: string, format: BuyFormat): string =>
  `${publicBaseUrl}${STORE_LINK_PATH}/${format}`;

/** Port: the store links of the published site content (site-content sits above analytics). */
export type PublishedStoreLinks = () => Promise<readonly BuyLink[]>;

export interface StoreLinkVisitor extends EventVisitor {
  /**
   * A person's browser opening the link (`Sec-Fetch-Mode: navigate`): a mail scanner that
   * fetches every link of a message sends no such header, and is sent on without a count.
   */
  readonly navigating: boolean;
}

/** Where the store link leads: the published address, or the book's page when there is none now. */
export type StoreLinkTarget = { readonly kind: 'store'; readonly url: string } | { readonly kind: 'book-page' };

const isFormat = (value: string): value is BuyFormat => (BUY_FORMATS as readonly string[]).includes(value);

export class FollowStoreLinkUseCase {
  constructor(
    private readonly deps: { readonly storeLinks: PublishedStoreLinks; readonly recordEvent: RecordEventUseCase },
  ) {}

  async execute(format: string, visitor: StoreLinkVisitor): Promise<Result<StoreLinkTarget, AnalyticsError>> {
    if (!isFormat(format)) {
      return err({ code: AnalyticsErrorCode.UnknownStore, message: 'There is no such store link.' });
    }
    const link = (await this.deps.storeLinks()).find((candidate) => candidate.format === format);
    // The owner took this store off the page since the email went out: the page says where it is sold now.
    if (link === undefined || link.url.trim() === '') return ok({ kind: 'book-page' });
    if (visitor.navigating) this.deps.recordEvent.execute({ name: 'buy_click', store: format }, visitor);
    return ok({ kind: 'store', url: link.url });
  }
}
