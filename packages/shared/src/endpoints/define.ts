import type { z } from 'zod';
import type { Capability } from '../permissions.js';

/**
 * One entry of the endpoint table: the whole contract of one call. The server registers its route
 * from it (apps/server/src/lib/route.ts) and the web calls it through it (`call` in
 * apps/web/src/lib/api-client.ts), so the path, method and schemas exist once.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint (see `Endpoint.access`). */
export type Access = 'public' | 'signed-in' | readonly [Capability, ...Capability[]];

export interface Endpoint {
  method: HttpMethod;
  /** Fastify style, relative to `/api`: `/coupon/:id`. */
  path: string;
  /** One line for the OpenAPI page. */
  summary?: string;
  tags?: readonly string[];
  /**
   * Who may call it, enforced by the server's `route()` (apps/server/src/lib/route.ts) before the
   * handler runs: `'public'` (anyone; the route may still check a token itself), `'signed-in'` (a
   * valid bearer token of an active account), or a list of capabilities of the permission table,
   * any one of which lets the signed-in caller in. Required: no call is open by omission.
   */
  access: Access;
  /**
   * `false`: a request authenticated by an API key (`Authorization: Bearer cd_…`) may not make this
   * call (403 `auth.api_key_forbidden`), though the key's owner may from a signed-in session: managing
   * keys and webhooks, the password and profile, adding users. Absent: a key acts as its owner here.
   */
  apiKey?: false;
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  /** The JSON body, or `'multipart'` for an upload: the web sends FormData and the server reads the parts itself. */
  body?: z.ZodType | 'multipart';
  /** The successful JSON answers by status. Error answers are the server's to add. */
  response?: { readonly [status: number]: z.ZodType };
  /**
   * The answer is a file, not JSON: the web downloads `endpointUrl(...)` instead of calling `call`.
   * `response` may still describe it for OpenAPI (`{ 200: z.any().describe('the file') }`).
   */
  download?: true;
  /** The answer is a redirect for a page load (an emailed link, Google sign-in): the browser navigates to `endpointUrl(...)`. */
  redirect?: true;
}

/** Keeps an entry's literal types (path, method, schemas) so both sides can infer from them. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/** `/coupon/:id` → `'id'`; `/a/:x/b/:y` → `'x' | 'y'`; no parameters → never. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful call answers (the 2xx response schema's output). */
export type EndpointResponse<E extends Endpoint> = E['response'] extends { readonly [status: number]: z.ZodType }
  ? z.output<E['response'][Extract<keyof E['response'], SuccessStatus>]>
  : never;
