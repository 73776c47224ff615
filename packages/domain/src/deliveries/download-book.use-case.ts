import type { SessionTokenService } from '../admin-sessions/session-token-service';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';
import type { DeliveryRepository } from './delivery.repository';
import { DeliveryErrorCode, type DownloadLinkError } from './deliveries.errors';

/** Who the copy is for: the stamp on its pages. */
export interface BookRecipient {
  readonly name: string;
  readonly email: string;
  /** Downloads this link still allows after this one. */
  readonly downloadsLeft: number;
}

/** Tokens are 256 random bits in base64url: 43 characters. Anything else is not one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A requester follows the private link of their approval email. The link works until it
 * expires and for `maxDownloads` downloads; each download is counted, atomically, so the cap
 * holds against concurrent clicks.
 */
export class DownloadBookUseCase {
  constructor(
    private readonly deps: {
      readonly deliveries: DeliveryRepository;
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly tokens: SessionTokenService;
      readonly clock: Clock;
      readonly maxDownloads: number;
    },
  ) {}

  async execute(token: string): Promise<Result<BookRecipient, DownloadLinkError>> {
    if (!TOKEN_SHAPE.test(token)) return err(notFound());
    const delivery = await this.deps.deliveries.findByLinkTokenHash(this.deps.tokens.hash(token));
    if (delivery === null || delivery.linkExpiresAt === null || delivery.requestId === null) return err(notFound());
    if (delivery.linkExpiresAt.getTime() <= this.deps.clock.now().getTime()) {
      return err({ code: DeliveryErrorCode.LinkExpired, message: 'This download link has expired.' });
    }
    const request = await this.deps.scholarshipRequests.findById(delivery.requestId);
    if (request === null) return err(notFound());
    // The count and the cap in one step: of concurrent clicks at the cap, none gets past it.
    if (!(await this.deps.deliveries.countDownloadIfBelow(delivery.id, this.deps.maxDownloads))) {
      return err({
        code: DeliveryErrorCode.LinkExhausted,
        message: 'This download link has been used as many times as it allows.',
      });
    }
    return ok({
      name: request.name,
      email: request.email,
      downloadsLeft: Math.max(0, this.deps.maxDownloads - delivery.downloadCount - 1),
    });
  }
}

function notFound(): DownloadLinkError {
  return { code: DeliveryErrorCode.LinkNotFound, message: 'This download link is not valid.' };
}
