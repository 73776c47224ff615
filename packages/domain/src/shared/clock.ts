/** Port: the current time. Injected so that expiry and rate-limit windows can be tested exactly. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
