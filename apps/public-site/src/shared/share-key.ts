/**
 * A share graphic's address with what it was made from (`?v=<key>`, SiteData's `shareKey`): a
 * new title or cover gives a new address, which link previews (they keep an image by its
 * address) and browsers fetch afresh. The server answers the current graphic whatever the key.
 */
export function shareGraphicUrl(path: string, key: string | undefined): string {
  return key === undefined || key === '' ? path : `${path}?v=${encodeURIComponent(key)}`;
}
