/**
 * Browsers carry at most 64 KiB of keepalive request bodies at a time (Fetch: the "inflight
 * keepalive bytes" limit), and refuse a bigger one outright. A draft that large (every
 * paragraph full, in a script of 3-byte characters) is sent as an ordinary request instead: it
 * still goes when the tab is only hidden, and may not when the tab closes.
 */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

/** Whether `body`, sent as JSON, fits under the browser's keepalive limit (with room for another call). */
export const fitsKeepalive = (body: unknown): boolean =>
  new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_MAX_BYTES;
