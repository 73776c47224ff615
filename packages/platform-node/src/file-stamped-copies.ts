import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
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
  /**
   * How old another process's mark that it is making a copy may be before this process takes
   * the copy over (that process died, or its disk is gone): longer than a copy may wait and be
   * made. DEFAULT_MAKING_STALE_MS by default; a mark of a process of this host that is no
   * longer running is taken over at once.
   */
  readonly makingStaleMs?: number;
  /** How often a process that finds another making the copy looks whether it is done. 250 ms by default. */
  readonly pollMs?: number;
}

/** The stamper's longest wait (2 minutes) and some: a mark older than this is a dead process's. */
export const DEFAULT_MAKING_STALE_MS = 5 * 60_000;

/** Delivery ids are UUIDs: anything else must never become part of a file name. */
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUFFIX = '.pdf';
const HOST = hostname();

/**
 * Each delivery's stamped copy as a file, `<dir>/<delivery id>.pdf`, mode 0600 in a 0700
 * folder: written to a temporary name and renamed, so a reader (or another process sharing
 * the folder) never sees half a copy. Concurrent first downloads of one link share one
 * stamping: in this process, one promise; across the processes that share DATA_DIR, a mark
 * file `.<delivery id>.making`, created exclusively by the process that makes the copy, while
 * the others wait for the copy to appear (or the mark to go, and then make it themselves).
 * Each server process keeps the copies it made; processes that share DATA_DIR share them too.
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
    for (;;) {
      if (await isFile(path)) return { deliveryId, path };
      await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
      await chmod(this.options.dir, 0o700);
      if (await this.markMaking(deliveryId)) {
        try {
          return await this.make(deliveryId, owner, path);
        } finally {
          await rm(this.markOf(deliveryId), { force: true }).catch(() => undefined);
        }
      }
      // Another process is making it: look again shortly (for the copy, or for its mark gone).
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 250));
    }
  }

  private markOf(deliveryId: string): string {
    return join(this.options.dir, `.${deliveryId.toLowerCase()}.making`);
  }

  /**
   * Marks the copy as being made by this process, unless another process's mark is there and
   * alive: true when this process is to make it. The mark says which process wrote it, so that
   * one left by a process of this host that has died is taken over at once.
   */
  private async markMaking(deliveryId: string): Promise<boolean> {
    const mark = this.markOf(deliveryId);
    try {
      await writeFile(mark, `${HOST} ${process.pid}`, { mode: 0o600, flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await this.markIsAlive(mark)) return false;
    await rm(mark, { force: true });
    return this.markMaking(deliveryId);
  }

  private async markIsAlive(mark: string): Promise<boolean> {
    try {
      const [written, text] = await Promise.all([stat(mark), readFile(mark, 'utf8')]);
      if (Date.now() - written.mtimeMs > (this.options.makingStaleMs ?? DEFAULT_MAKING_STALE_MS)) return false;
      const [host, pid] = text.split(' ');
      return host !== HOST || isRunning(Number(pid));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true; // gone meanwhile: look again
      throw error;
    }
  }

  private async make(deliveryId: string, owner: CopyOwner, path: string): Promise<StampedCopy> {
    if (await isFile(path)) return { deliveryId, path }; // made by another process just before our mark
    // Only now, with a copy to make, is a place in the stamper's queue taken (or refused).
    const place = this.options.stamper.reserve();
    const temporary = join(this.options.dir, `.${deliveryId}.${randomUUID()}.tmp`);
    try {
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

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return false;
  }
}

/** True while a process of this host with this id runs (a signal 0 reaches it, or is not ours to send). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The download button's patience (`CopyPatience`): the copy when it is made within `ms`, else
 * null, while it goes on being made. The timer keeps no process alive.
 */
export function waitAtMost(ms: number): (making: Promise<StampedCopy>) => Promise<StampedCopy | null> {
  return (making) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms).unref();
    });
    return Promise.race([making, late]).finally(() => clearTimeout(timer));
  };
}
