import type { MediaKind } from '@memoir/shared';

import type { AdminUserRepository } from '../admin-sessions/admin-user.repository';
import type { Clock } from '../shared/clock';
import type { MediaFile } from './media';
import type { MediaRepository } from './media.repository';

/** An upload as the Media screen shows it: who uploaded it, by name. */
export type ListedMedia = Omit<MediaFile, 'uploadedBy'> & { readonly uploadedBy: string | null };

/** How long a process may use a book or an image another process replaced since. */
export const CURRENT_MEDIA_TTL_MS = 5_000;

/**
 * The uploads in use: the newest of each kind, for the Media screen (with names), and for the
 * server (the book new copies are stamped from, the cover the page shows), read afresh at most
 * every CURRENT_MEDIA_TTL_MS, so that every process takes up another's upload within seconds
 * without a query per request.
 */
export class ListMediaUseCase {
  private cached: { readonly at: number; readonly files: Promise<MediaFile[]> } | null = null;

  constructor(
    private readonly deps: {
      readonly media: MediaRepository;
      readonly adminUsers: Pick<AdminUserRepository, 'listAll'>;
      readonly clock: Clock;
      readonly ttlMs?: number;
    },
  ) {}

  /** The newest of each kind, with the uploader's name (a removed admin keeps their id). */
  async execute(): Promise<{ readonly media: ListedMedia[] }> {
    const [files, users] = await Promise.all([this.deps.media.listCurrent(), this.deps.adminUsers.listAll()]);
    const names = new Map(users.map((user) => [user.id, user.username]));
    return {
      media: files.map((file) => ({
        ...file,
        uploadedBy: file.uploadedBy === null ? null : (names.get(file.uploadedBy) ?? file.uploadedBy),
      })),
    };
  }

  /** The newest of a kind, a few seconds stale at most; null when none was uploaded. */
  async current(kind: MediaKind): Promise<MediaFile | null> {
    const now = this.deps.clock.now().getTime();
    const ttl = this.deps.ttlMs ?? CURRENT_MEDIA_TTL_MS;
    if (this.cached === null || now - this.cached.at >= ttl) {
      const files = this.deps.media.listCurrent();
      const entry = { at: now, files };
      this.cached = entry;
      files.catch(() => {
        if (this.cached === entry) this.cached = null;
      });
    }
    return (await this.cached.files).find((file) => file.kind === kind) ?? null;
  }

  /** Forgets what it read: this process's own upload is used at once. */
  forget(): void {
    this.cached = null;
  }
}
