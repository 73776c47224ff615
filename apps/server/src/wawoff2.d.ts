declare module 'wawoff2/decompress' {
  /**
   * A WOFF2 font to its TrueType (or OpenType) file. The result is a view into the decoder's
   * memory, overwritten by its next call: copy it before the next.
   */
  function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  export = decompress;
}
