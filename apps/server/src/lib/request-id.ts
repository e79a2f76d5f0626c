import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The id every log line of a request carries (`reqId`) and its answer returns as `X-Request-Id`.
 * An `X-Request-Id` from the caller (a load balancer, another service) is kept when it is
 * well-formed, so one id follows a request across systems; anything else (too long, characters a
 * log line or header should not carry, several values) is replaced by a new UUID.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const wellFormed = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && wellFormed.test(given) ? given : randomUUID();
}

/**
 * The request being served, for lines logged through the app's own logger rather than the
 * request's (services and libraries log through `ctx.log`, the app's): `runInRequest` runs the rest
 * of a request's handling in its context, and `requestIdMixin` (pino's `mixin`) adds its id to
 * such lines. Lines of the request's own logger already carry it, and are left alone.
 */
const current = new AsyncLocalStorage<string>();
const requestLoggers = new WeakSet<object>();

export function runInRequest(id: string, requestLogger: object, next: () => void): void {
  requestLoggers.add(requestLogger);
  current.run(id, next);
}

export function requestIdMixin(_mergeObject: object, _level: number, logger: object): { reqId?: string } {
  const id = current.getStore();
  return id === undefined || requestLoggers.has(logger) ? {} : { reqId: id };
}
