import type { ErrorOf } from '../shared/domain-error';

/** Why an upload was refused; nothing is replaced on any of them. */
export const MediaErrorCode = {
  /** A field is wrong: the alt text missing or too long (fieldErrors names it). */
  Invalid: 'MEDIA.INVALID',
  /** Not the book, the cover or the author photo. */
  UnknownKind: 'MEDIA.UNKNOWN_KIND',
  /** Over its kind's limit in bytes or in pixels. */
  TooLarge: 'MEDIA.TOO_LARGE',
  /** Not a type its kind takes, judged by the bytes (a PDF; JPEG, PNG or WebP). */
  UnsupportedType: 'MEDIA.UNSUPPORTED_TYPE',
  /** Of the right type but unusable: empty, cut short, damaged, or a book that cannot be planned. */
  Unreadable: 'MEDIA.UNREADABLE',
} as const;

export type MediaError = ErrorOf<typeof MediaErrorCode>;
