/**
 * An expected failure. `code` is stable (clients and the HTTP status table rely on it);
 * `message` is for people. `fieldErrors` names the input fields at fault.
 */
export interface DomainError<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** Set on "too many attempts" errors: how long until trying again can succeed. */
  readonly retryAfterSeconds?: number;
}

/** The error of a capability's code object (`{ NotFound: 'X.NOT_FOUND', ... } as const`): one of its codes. */
export type ErrorOf<Codes extends Readonly<Record<string, string>>> = DomainError<Codes[keyof Codes]>;
