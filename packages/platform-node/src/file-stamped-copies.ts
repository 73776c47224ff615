import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import {
  isBookStamperBusy,
  type CopyOwner,
  type QueuedBookStamper,
  type StampedCopies,
  type StampedCopy,
} from '@memoir/domain';

import { writesToFile } from './worker-pool-book-stamper';

export interface FileStampedCopiesOptions {
  /** The folder of the copies (`$DATA_DIR/copies`): made 0700 when missing. */
  readonly dir: string;
  /** Stamps a copy when a delivery has none yet; its place is taken only then. */
  readonly stamper: QueuedBookStamper;
  /** Told why a copy could not be made (not when the stamper was merely busy). */
  readonly onStampFailed?: (deliveryId: string, error: unknown) => void;
}

/** Delivery ids are UUIDs: anything else must never become part of a file name. */
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUFFIX = '.pdf';

/**
 * Each delivery's stamped copy as a file, `<dir>/<delivery id>.pdf`, mode 0600 in a 0700
 * folder: written to a temporary name and renamed, so a reader (or another process sharing
 * the folder) never sees half a copy. Concurrent first downloads of one link in this process
 * share one stamping. Each server process keeps the copies it made; processes that share
 * DATA_DIR share them too.
 */
export class FileStampedCopies implements StampedCopies {
  private readonly making = new Map<string, Promise<StampedCopy>>();

  constructor(private readonly options: FileStampedCopiesOptions) {}

  getOrMake(deliveryId: string, owner: CopyOwner): Promise<StampedCopy> {
    if (!ID_SHAPE.test(deliveryId))
      return Promise.reject(new Error(`Not a delivery id: ${JSON.stringify(deliveryId)}`));
    // Set before any await: a second call in the same tick finds the first one's promise.
    const inFlight = this.making.get(deliveryId);
    if (inFlight !== undefined) return inFlight;
    const made = this.findOrMake(deliveryId, owner).finally(() => this.making.delete(deliveryId));
    this.making.set(deliveryId, made);
    return made;
  }

  async remove(deliveryIds: readonly string[]): Promise<void> {
    await Promise.all(deliveryIds.filter((id) => ID_SHAPE.test(id)).map((id) => rm(this.pathOf(id), { force: true })));
  }

  async list(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => name.slice(0, -SUFFIX.length))
      .filter((id) => ID_SHAPE.test(id));
  }

  private pathOf(deliveryId: string): string {
    return join(this.options.dir, `${deliveryId.toLowerCase()}${SUFFIX}`);
  }

  private async findOrMake(deliveryId: string, owner: CopyOwner): Promise<StampedCopy> {
    const path = this.pathOf(deliveryId);
    try {
      if ((await stat(path)).isFile()) return { deliveryId, path };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // Only now, with a copy to make, is a place in the stamper's queue taken (or refused).
    const place = this.options.stamper.reserve();
    const temporary = join(this.options.dir, `.${deliveryId}.${randomUUID()}.tmp`);
    try {
      await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
      await chmod(this.options.dir, 0o700);
      if (writesToFile(place)) {
        await place.stampToFile(owner, temporary); // the stamping thread writes it: no copy in this thread's memory
      } else {
        const pdf = await place.stamp(owner);
        await writeFile(temporary, pdf, { mode: 0o600, flag: 'wx' });
      }
      await rename(temporary, path);
      return { deliveryId, path };
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      if (!isBookStamperBusy(error)) this.options.onStampFailed?.(deliveryId, error);
      throw error;
    } finally {
      place.release(); // harmless once used
    }
  }
}
