/**
 * Bytes a second that all downloads share: 16 MiB (134 Mbit/s, more than most sites' uplink).
 * Each chunk of a copy takes its bytes from one budget before it is sent, so a burst of
 * readers fetching their copies at once cannot take the event loop from everyone else: the
 * copies go out as fast as the budget allows and the site's pages answer meanwhile
 * (docs/performance.md, delivering a real book). Each copy's first chunk goes out at once, and
 * the first megabyte when the budget is full; a lone reader's 6 MB copy takes about a third
 * of a second.
 */
export const DOWNLOAD_BYTES_PER_SECOND = 16 * 1024 * 1024;
export const DOWNLOAD_BURST_BYTES = 1024 * 1024;

/**
 * A token bucket of bytes, filled at `rate` a second up to `burst`. `take` takes the bytes and
 * says how many milliseconds to wait before sending them; the bucket may run into debt, which
 * makes the next takers wait longer, so that together they keep to the rate.
 */
export class ByteBudget {
  private available: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.available = burst;
    this.last = now();
  }

  take(bytes: number): number {
    const now = this.now();
    this.available = Math.min(this.burst, this.available + ((now - this.last) * this.rate) / 1000);
    this.last = now;
    this.available -= bytes;
    return this.available >= 0 ? 0 : (-this.available * 1000) / this.rate;
  }
}
