import { ERROR_MESSAGES } from '@memoir/shared';

import type { SecretTokens } from '../shared/secret-tokens';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';
import { isBookStamperBusy } from './book-stamper';
import type { Delivery } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import { DELIVERY_EVENTS_KEPT, newDeliveryEvent, type DeliveryEventKind } from '../outbox/delivery-event';
import type { IdGenerator } from '../shared/id-generator';
import { DeliveryErrorCode, type DownloadError, type DownloadLinkError } from './deliveries.errors';
import type { StampedCopies, StampedCopy } from './stamped-copies';

/**
 * How long after the last counted download the copy's file address still serves the copy
 * without counting again: long enough for a phone on a bad connection to resume a big file
 * (the next day, too), short enough that the download cap still means something.
 */
export const RESUME_WINDOW_MS = 24 * 60 * 60_000;

/**
 * How long the button's answer should wait for a copy being made before it says so instead
 * (the reader's page then asks again by itself): a copy takes 20-80 ms, so as a rule the answer
 * is the copy; in a crowd, the reader sees that their copy is being made rather than nothing.
 * The server's `CopyPatience` waits this long.
 */
export const COPY_WAIT_MS = 1_500;

/**
 * Port: how long `download` waits for a copy being made: the copy if it comes in time, else
 * null (the copy goes on being made). The domain keeps no timers; the server gives one.
 */
export type CopyPatience = (making: Promise<StampedCopy>) => Promise<StampedCopy | null>;

/** What the landing page of a link says: whose copy, and what the link still allows. */
export interface DownloadLinkView {
  readonly name: string;
  /** Downloads the link still allows (the button counts one). */
  readonly downloadsLeft: number;
  readonly expiresAt: Date;
}

/** A counted download, or a resumed one: the reader's kept copy. */
export interface DownloadedCopy {
  readonly copy: StampedCopy;
  readonly name: string;
  /** Downloads the link still allows after this one. */
  readonly downloadsLeft: number;
}

/** Tokens are 256 random bits in base64url: 43 characters. Anything else is not one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A requester follows the private link of their approval email:
 * - `view` is the landing page: whose copy, how many downloads and how long are left. It
 *   counts nothing, so a mail scanner that opens the link uses nothing up.
 * - `download` is the landing page's button: the copy is made (once per link, then kept) and
 *   only then one download is counted, atomically against the cap; a copy that cannot be made
 *   counts nothing. A copy not made within the `patience` given goes on being made, and the answer is
 *   `DOWNLOAD.COPY_IN_PROGRESS`, counting nothing: asking again later finds the copy (or joins
 *   its making) and counts then.
 * - `resume` serves the kept copy again without counting, within RESUME_WINDOW_MS of the last
 *   counted download (a resumed or repeated transfer of the same download).
 * A link works until it expires, is revoked, or has had `maxDownloads` downloads.
 */
export class DownloadBookUseCase {
  constructor(
    private readonly deps: {
      readonly deliveries: DeliveryRepository;
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly copies: StampedCopies;
      readonly tokens: SecretTokens;
      readonly clock: Clock;
      /** Names the events of the delivery's timeline: the page opened, a download. */
      readonly ids: IdGenerator;
      readonly maxDownloads: number;
      /** How long `download` waits for a copy being made: until it is made, without. */
      readonly patience?: CopyPatience;
    },
  ) {}

  async view(token: string): Promise<Result<DownloadLinkView, DownloadLinkError>> {
    const found = await this.link(token);
    if (!found.ok) return found;
    const { delivery, name } = found.value;
    if (delivery.downloadCount >= this.deps.maxDownloads) return err(exhausted());
    await this.record(delivery.id, 'opened');
    return ok({
      name,
      downloadsLeft: this.deps.maxDownloads - delivery.downloadCount,
      expiresAt: delivery.linkExpiresAt as Date,
    });
  }

  async download(token: string): Promise<Result<DownloadedCopy, DownloadError>> {
    const found = await this.link(token);
    if (!found.ok) return found;
    const { delivery, name, email } = found.value;
    if (delivery.downloadCount >= this.deps.maxDownloads) return err(exhausted());
    // The copy first: a copy that cannot be made must not use up a download.
    const made = await this.copyOf(delivery, { name, email }, this.deps.patience);
    if (!made.ok) return made;
    // The count and the cap in one step: of concurrent clicks at the cap, none gets past it.
    if (
      !(await this.deps.deliveries.countDownloadIfBelow(delivery.id, this.deps.maxDownloads, this.deps.clock.now()))
    ) {
      const now = await this.deps.deliveries.findByIds([delivery.id]);
      return err(now[0]?.revokedAt != null ? revoked() : exhausted());
    }
    await this.record(delivery.id, 'downloaded');
    return ok({
      copy: made.value,
      name,
      downloadsLeft: Math.max(0, this.deps.maxDownloads - delivery.downloadCount - 1),
    });
  }

  async resume(token: string): Promise<Result<DownloadedCopy, DownloadError>> {
    const found = await this.link(token);
    if (!found.ok) return found;
    const { delivery, name, email } = found.value;
    const last = delivery.lastDownloadAt;
    if (last === null || last.getTime() + RESUME_WINDOW_MS <= this.deps.clock.now().getTime()) {
      return err({
        code: DeliveryErrorCode.NotDownloaded,
        message: 'Use the "Download your copy" button of the link\'s page to download the book.',
      });
    }
    // Kept already, as a rule; made again (not counted again) if this process has none.
    const made = await this.copyOf(delivery, { name, email });
    if (!made.ok) return made;
    return ok({
      copy: made.value,
      name,
      downloadsLeft: Math.max(0, this.deps.maxDownloads - delivery.downloadCount),
    });
  }

  /**
   * The owner's timeline of the delivery: the page opened, a download. The reader's page and
   * copy matter more than the record: a store that fails it here fails nothing else.
   */
  private async record(deliveryId: string, kind: DeliveryEventKind): Promise<void> {
    const event = newDeliveryEvent({ id: this.deps.ids.next(), deliveryId, kind, at: this.deps.clock.now() });
    await this.deps.deliveries.addEvent(event, DELIVERY_EVENTS_KEPT).catch(() => false);
  }

  /** The link's delivery and requester, while the link works (the cap aside). */
  private async link(
    token: string,
  ): Promise<Result<{ delivery: Delivery; name: string; email: string }, DownloadLinkError>> {
    if (!TOKEN_SHAPE.test(token)) return err(notFound());
    const delivery = await this.deps.deliveries.findByLinkTokenHash(this.deps.tokens.hashOf(token));
    if (delivery === null || delivery.linkExpiresAt === null || delivery.requestId === null) return err(notFound());
    if (delivery.revokedAt !== null) return err(revoked());
    if (delivery.linkExpiresAt.getTime() <= this.deps.clock.now().getTime()) {
      return err({ code: DeliveryErrorCode.LinkExpired, message: 'This download link has expired.' });
    }
    const request = await this.deps.scholarshipRequests.findById(delivery.requestId);
    if (request === null) return err(notFound());
    return ok({ delivery, name: request.name, email: request.email });
  }

  /** The kept copy, made if need be; with `patience`, `DOWNLOAD.COPY_IN_PROGRESS` when it runs out. */
  private async copyOf(
    delivery: Delivery,
    owner: { name: string; email: string },
    patience?: CopyPatience,
  ): Promise<Result<StampedCopy, DownloadError>> {
    const making = this.deps.copies.getOrMake(delivery.id, owner);
    try {
      const copy = await (patience === undefined ? making : patience(making));
      if (copy !== null) return ok(copy);
      // Still being made: it goes on (its outcome is met by the next ask, or kept for it).
      making.catch(() => undefined);
      return err({ code: DeliveryErrorCode.CopyInProgress, message: 'Your copy is being made.' });
    } catch (error) {
      if (isBookStamperBusy(error)) {
        return err({
          code: DeliveryErrorCode.StamperBusy,
          message: ERROR_MESSAGES.downloadBusy,
          retryAfterSeconds: STAMPER_BUSY_RETRY_AFTER_SECONDS,
        });
      }
      // The adapter logs why; the reader is told that nothing was counted.
      return err({ code: DeliveryErrorCode.CopyFailed, message: ERROR_MESSAGES.downloadCopyFailed });
    }
  }
}

/** A busy stamper: the reader is asked to come back in a minute. */
export const STAMPER_BUSY_RETRY_AFTER_SECONDS = 60;

function notFound(): DownloadLinkError {
  return { code: DeliveryErrorCode.LinkNotFound, message: 'This download link is not valid.' };
}

function exhausted(): DownloadLinkError {
  return {
    code: DeliveryErrorCode.LinkExhausted,
    message: 'This download link has been used as many times as it allows.',
  };
}

function revoked(): DownloadLinkError {
  return { code: DeliveryErrorCode.LinkRevoked, message: 'This download link has been withdrawn.' };
}
