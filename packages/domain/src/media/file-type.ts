/** The types an upload may be, told by its first bytes (a name or a Content-Type proves nothing). */
export type SniffedType = 'pdf' | 'jpeg' | 'png' | 'webp' | 'other';

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * The file's type by its magic bytes: `%PDF-` at the very start (a PDF reader would take junk
 * before it; an upload that hides a PDF behind something else is refused), JPEG's SOI marker,
 * PNG's eight-byte signature, WebP's RIFF…WEBP. SVG, HTML and everything else: 'other'.
 */
export function sniffType(head: Uint8Array): SniffedType {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return 'other';
}
