import { createHash } from 'node:crypto';

/** SHA-256 of UTF-8 text as lower-case hex: the audit chain's hash (the domain's `Sha256`) and the stored token hashes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 of bytes as lower-case hex: the name of a stored image variant (the domain's `ContentHash`). */
export function sha256OfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
