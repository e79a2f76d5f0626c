import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorCodesWithStatus, type Endpoint } from '@copydesk/shared';
import { guardOf, linkOrderCheckOf } from './access.js';

/**
 * Registers a route from its entry in the shared endpoint table (packages/shared/src/endpoints):
 * method, URL and schemas come from the contract, so server and web cannot disagree on them. The
 * route adds what only the server knows: rate limits, other hooks, the error answers it documents,
 * and the handler. Request and reply stay typed through the Zod type provider.
 *
 * Who may call it is the entry's `access`, and the guard for it (lib/access.ts `guardOf`) runs
 * first, before any hook the route adds: a route cannot forget it. The app refuses to start with a
 * route under /api that did not come through here (`onlyTableRoutes`).
 *
 *   route(app, endpoints.getCoupon, { errors }, async (request) => …request.params.id…);
 */

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** Error answers by status, e.g. `{ 401: errorResponseSchema, 422: errorResponseSchema }`. */
export type ErrorSchemas = { readonly [status: number]: z.ZodType };

type Field<E, K extends string> = E extends { [P in K]: infer V } ? V : undefined;

/** The Fastify schema an entry stands for: what the type provider reads to type request and reply. */
export type RouteSchema<E extends Endpoint, Errors extends ErrorSchemas> = {
  params: Field<E, 'params'>;
  querystring: Field<E, 'query'>;
  headers: Field<E, 'headers'>;
  body: Field<E, 'body'> extends z.ZodType ? Field<E, 'body'> : undefined;
  response: (Field<E, 'response'> extends object ? Field<E, 'response'> : unknown) & Errors;
};

type Shorthand<S extends FastifySchema> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** Everything `app.route` takes except what the entry decides (method, url, schema). */
export type RouteExtras<E extends Endpoint, Errors extends ErrorSchemas> = Omit<Shorthand<RouteSchema<E, Errors>>, 'schema'> & {
  /** Error answers to document (and serialise) besides the entry's successful ones. */
  errors?: Errors;
};

export type EndpointHandler<E extends Endpoint, Errors extends ErrorSchemas> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<E, Errors>,
  ZodTypeProvider
>;

/**
 * OpenAPI security of a guarded call (schemes in plugins/swagger.ts): a session's bearer token, or
 * an API key unless the entry refuses keys (`apiKey: false`, docs/decisions/0043-api-keys-and-mcp.md).
 */
const sessionOnly: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }];
const sessionOrApiKey: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { apiKey: [] }];

/** What route() marks its routes with in their config, so the app can tell them from any other. */
const TABLE_ROUTE = 'endpointTable';

/** Whether a route was registered by route() from the endpoint table. */
export const isTableRoute = (options: Pick<RouteOptions, 'config'>) => Boolean((options.config as Record<string, unknown> | undefined)?.[TABLE_ROUTE]);

/**
 * Makes a scope (the app's /api) refuse any route that did not come through route(): such a route
 * would have no guard, so registering it stops the start-up.
 */
export function onlyTableRoutes(scope: FastifyInstance) {
  scope.addHook('onRoute', (added) => {
    if (!isTableRoute(added)) throw new Error(`${String(added.method)} ${added.url} is not registered from the endpoint table (lib/route.ts)`);
  });
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The error answers as documented: each status says which codes of the error table
 * (packages/shared/src/error-codes.ts) an answer of that status carries.
 */
function documentErrors(errors: ErrorSchemas | undefined): ErrorSchemas | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([status, schema]) => {
      const codes = errorCodesWithStatus(Number(status));
      return [status, codes.length ? schema.describe(`Error codes: ${codes.join(', ')}`) : schema];
    }),
  );
}

export function route<const E extends Endpoint, const Errors extends ErrorSchemas = Record<never, never>>(
  app: ZodApp,
  endpoint: E,
  extras: RouteExtras<E, Errors>,
  handler: EndpointHandler<E, Errors>,
): void {
  const { errors, ...options } = extras;
  const response = endpoint.response || errors ? { ...endpoint.response, ...documentErrors(errors) } : undefined;
  const schema: FastifySchema = {
    ...(endpoint.tags && { tags: endpoint.tags }),
    ...(endpoint.access !== 'public' && { security: endpoint.apiKey === false ? sessionOnly : sessionOrApiKey }),
    ...(endpoint.summary && { summary: endpoint.summary }),
    ...(endpoint.headers && { headers: endpoint.headers }),
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    // A multipart body is read by the handler (lib/uploads.ts); OpenAPI only learns its type.
    ...(endpoint.body === 'multipart' ? { consumes: ['multipart/form-data'] } : endpoint.body && { body: endpoint.body }),
    ...(response && { response }),
  };
  // The generic route types cannot follow the entry's schema into `app.route`; the signature above
  // is what checks the handler and hooks against it.
  const guard = guardOf(endpoint);
  const onRequest = guard ? [guard, ...asArray(options.onRequest)] : options.onRequest;
  // A sign-in link's session may make this call only for its own order (lib/access.ts): checked first, before the route's own hooks.
  const linkCheck = linkOrderCheckOf(endpoint);
  const preValidation = linkCheck ? [linkCheck, ...asArray(options.preValidation)] : options.preValidation;
  const config = { ...(options.config as object | undefined), [TABLE_ROUTE]: true };
  app.route({ ...options, onRequest, preValidation, config, method: endpoint.method, url: endpoint.path, schema, handler } as RouteOptions);
}
