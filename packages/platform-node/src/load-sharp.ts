import type sharpModule from 'sharp';

export type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | null = null;

/**
 * sharp, loaded with the first image rather than with the server: libvips is tens of MB of
 * native library, which a process that never touches an image (most of them, most of the time)
 * should not carry. The operation cache is off: uploads are rare and each one new, so it would
 * only hold memory.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
