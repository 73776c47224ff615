/** Where a request came from, as the audit trail records it. */
export interface RequestContext {
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
}

/** An authenticated admin acting through a request. */
export interface Actor extends RequestContext {
  readonly userId: string;
}

export const NO_REQUEST_CONTEXT: RequestContext = { ipAddress: null, userAgent: null };
