// wawoff2 ships no types: the one function the share graphics use.
declare module 'wawoff2' {
  export function decompress(data: Uint8Array): Promise<Uint8Array>;
}
