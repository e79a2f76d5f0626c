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
