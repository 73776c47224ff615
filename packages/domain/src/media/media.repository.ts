import type { MediaKind } from '@memoir/shared';

import type { MediaFile } from './media';

/** Port: what is known of the uploaded files (their bytes are in the MediaStore). */
export interface MediaRepository {
  /** Records an upload: it becomes the newest of its kind. */
  add(file: MediaFile): Promise<void>;

  /** The files of a kind, the newest (by upload time, then id) first. */
  listByKind(kind: MediaKind): Promise<MediaFile[]>;

  /** The newest of each kind there is, in MEDIA_KINDS' order. */
  listCurrent(): Promise<MediaFile[]>;

  /** Forgets a record (its bytes are the caller's to delete). Returns whether there was one. */
  remove(id: string): Promise<boolean>;
}
