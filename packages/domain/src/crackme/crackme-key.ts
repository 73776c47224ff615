/**
 * The crackme's own key rule, for the server's claim form: the key is never stored, only each
 * position's encoding (`KEY_ENC`), and a candidate matches when every byte encodes to it.
 * `KEY_ENC` and `encodeByte` mirror the GENERATED block and `encode_byte` of
 * apps/public-site/crackme/crackme.c; crackme-key.test.ts holds them equal and checks keys
 * against the built binary. Change the key there (README.md) and copy the new table here.
 */
export const KEY_ENC: readonly number[] = [
  0xdf, 0x04, 0xe0, 0xd1, 0x12, 0x1d, 0xfb, 0x01, 0xb0, 0x24, 0x4f, 0x46, 0xfc, 0x67, 0x56, 0x57, 0xa3, 0x76, 0x00,
  0xeb, 0x7d,
];

const rotl8 = (value: number, n: number): number => ((value << n) | (value >> (8 - n))) & 0xff;
const rollingMask = (i: number): number => (0xa7 ^ ((i * 0x1f) & 0xff)) & 0xff;

/** Encodes one key byte at position `i`: xor, rotate, add (each a bijection), as the C does. */
export function encodeByte(byte: number, i: number): number {
  const x = rotl8((byte ^ rollingMask(i)) & 0xff, (i % 7) + 1);
  return (x + ((i * 13) & 0xff)) & 0xff;
}

/** A key as the crackme reads it: printable ASCII, at most this long (a longer one cannot match). */
const CANDIDATE = /^[\x21-\x7e]{1,64}$/;

/** True when the crackme would print ACCESS GRANTED for this key. Looks at every byte. */
export function crackmeKeyMatches(candidate: string): boolean {
  if (!CANDIDATE.test(candidate) || candidate.length !== KEY_ENC.length) return false;
  let diff = 0;
  for (let i = 0; i < KEY_ENC.length; i += 1) diff |= encodeByte(candidate.charCodeAt(i), i) ^ (KEY_ENC[i] ?? 0);
  return diff === 0;
}
