/**
 * Expected failures (bad input, wrong riddle, a decision on a decided request) are returned,
 * not thrown: the caller must look at `ok` before it can reach the value. Anything thrown is a
 * bug or an outage. See docs/adr/0001-result-vs-throw.md.
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
