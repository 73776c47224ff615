import type { RouterContext } from '@koa/router';
import type { Authenticated } from '@memoir/domain';
import type { ApiBody, ApiParams, ApiQuery, ApiResponse, ApiRouteName } from '@memoir/shared';

import type { HttpAppOptions } from '../deps';
import type { RequestState } from '../middleware';

/*
 * What each capability's routes file says about a call of API_ROUTES: its words for the API
 * reference, the errors it may answer, and its handler. The classes it takes and answers are
 * the table's. The router (api-router.ts) and the OpenAPI document (openapi/) are both built
 * from these and the table.
 */

/** An error a call may answer, for the API reference: status → what it means. */
export interface ErrorDoc {
  readonly description: string;
  /** Headers it carries (Retry-After). */
  readonly headers?: Readonly<Record<string, { readonly description?: string; readonly schema: object }>>;
}

export type ErrorDocs = Readonly<Record<string, ErrorDoc>>;

/** The request as a handler gets it: checked body and query, path parameters, Koa's context. */
export interface CallInput<K extends ApiRouteName> {
  readonly ctx: RouterContext;
  readonly body: ApiBody<K>;
  readonly query: ApiQuery<K>;
  readonly params: ApiParams<K>;
}

/** A signed-in admin's request state, set by the session check of the admin router. */
export type AdminState = RequestState & { admin: Authenticated; token: string };

/** A JSON answer says what a success means; a CSV export says what its rows are. */
type Answer<K extends ApiRouteName> =
  ApiResponse<K> extends string
    ? { readonly csv: string; readonly handle: (input: CallInput<K>) => void | Promise<void> }
    : {
        /** What a success means, for the API reference. */
        readonly answered: string;
        readonly handle: (input: CallInput<K>) => ApiResponse<K> | Promise<ApiResponse<K>>;
      };

/** What a capability says of one call of API_ROUTES (its classes are the table's). */
export type RouteSpec<K extends ApiRouteName> = Answer<K> & {
  readonly summary: string;
  readonly description?: string;
  /** Besides the answers every call of its kind may give (docs in openapi/). */
  readonly errors?: ErrorDocs;
};

/** One capability's calls: each name of API_ROUTES it serves, with its spec. */
export type RouteSpecs<K extends ApiRouteName> = { readonly [N in K]: RouteSpec<N> };

/** A capability's routes file: its specs, given what the HTTP app was built with. */
export type Capability<K extends ApiRouteName> = (options: HttpAppOptions) => RouteSpecs<K>;

/** Who acts, for the audit log: the signed-in admin and where the request came from. */
export function adminOf(ctx: RouterContext): AdminState['admin'] {
  return (ctx.state as AdminState).admin;
}
