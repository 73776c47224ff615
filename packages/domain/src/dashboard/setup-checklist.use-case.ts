import { isPlaceholderUrl, type SetupStepKey, type SiteContent } from '@memoir/shared';

import type { AdminUserRepository } from '../admin-sessions/admin-user.repository';
import type { ListMediaUseCase } from '../media/list-media.use-case';
import type { PublishedSiteContent } from '../site-content/site-content.use-cases';

/** What the server's settings leave to do (the server reads them from its configuration). */
export interface ServerSetup {
  /** PUBLIC_BASE_URL is set. */
  readonly publicBaseUrlSet: boolean;
  /** SMTP_URL is set (without it, emails go to the outbox folder). */
  readonly mailServerSet: boolean;
  /** OWNER_EMAIL is set. */
  readonly ownerEmailSet: boolean;
  /** BOOK_PDF_PATH is still the shipped sample (an uploaded book takes its place). */
  readonly sampleBook: boolean;
}

/** A server with nothing left to set (the tests' default). */
export const SERVER_SET_UP: ServerSetup = {
  publicBaseUrlSet: true,
  mailServerSet: true,
  ownerEmailSet: true,
  sampleBook: false,
};

/** Every link of the content that is still a placeholder (`.example`). */
export function placeholderLinks(content: SiteContent): string[] {
  return [
    ...content.buyLinks.map((link) => link.url),
    ...content.socialLinks.map((link) => link.url),
    content.publisher.url,
  ].filter((url) => url !== '' && isPlaceholderUrl(url));
}

/**
 * The dashboard's setup checklist: what a new owner still has to do, in order. Each step goes
 * from the list once it is done; the published content, the uploads, the server's settings and
 * the viewer's own two-factor sign-in say which are.
 */
export class SetupChecklistUseCase {
  constructor(
    private readonly deps: {
      readonly published: Pick<PublishedSiteContent, 'current'>;
      readonly adminUsers: Pick<AdminUserRepository, 'findById'>;
      readonly media: Pick<ListMediaUseCase, 'current'>;
      readonly setup: ServerSetup;
    },
  ) {}

  async execute(viewerId: string): Promise<SetupStepKey[]> {
    const { setup } = this.deps;
    const [published, viewer, book] = await Promise.all([
      this.deps.published.current(),
      this.deps.adminUsers.findById(viewerId),
      this.deps.media.current('book'),
    ]);
    const left: Array<[SetupStepKey, boolean]> = [
      ['placeholder-links', placeholderLinks(published.content).length > 0],
      ['public-base-url', !setup.publicBaseUrlSet],
      ['smtp-url', !setup.mailServerSet],
      ['owner-email', !setup.ownerEmailSet],
      ['sample-book', setup.sampleBook && book === null],
      ['two-factor', viewer !== null && !viewer.twoFactorEnabled],
    ];
    return left.filter(([, todo]) => todo).map(([key]) => key);
  }
}
