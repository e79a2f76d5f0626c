import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { availabilityMessages, messages } from '@copydesk/shared';
import { isDatabaseUnavailable } from '../db/client.js';
import { AppError } from '../lib/app-error.js';

/** Seconds a client (or load balancer) should wait before retrying while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/** `/sign/email` → `sign.email`, the Laravel-style key the clients read. */
function toKey(instancePath: string, context: string | undefined): string {
  const key = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return key || (context ?? 'body');
}

/** The driver's own words, not Drizzle's wrapper (whose message repeats the query and its parameters). */
function rootMessage(err: unknown): string {
  let e = err as { message?: unknown; cause?: unknown };
  for (let depth = 0; e.cause && typeof e.cause === 'object' && depth < 5; depth++) e = e.cause as typeof e;
  const code = (e as { code?: unknown }).code;
  return `${typeof code === 'string' ? `${code} ` : ''}${String(e.message)}`;
}

/**
 * The one error handler: domain errors, validation failures and framework errors all answer
 * `{message, errors?}` with the status each case has (docs/decisions/0022-api-conventions.md).
 * 5xx details never leave the server; an unreachable database is a 503 with Retry-After, not a 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const key = toKey(issue.instancePath, err.validationContext);
        (errors[key] ??= []).push(issue.message ?? messages.invalidData);
      }
      const first = Object.values(errors)[0]?.[0] ?? messages.invalidData;
      return reply.status(422).send({ message: first, errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match its schema');
      return reply.status(500).send({ message: messages.serverError });
    }
    switch (err.code) {
      case 'FST_UNDER_PRESSURE':
        // @fastify/under-pressure: the event loop is far behind; the plugin set Retry-After.
        return reply.status(503).send({ message: availabilityMessages.overloaded });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: messages.malformedJson });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return reply.status(413).send({ message: messages.payloadTooLarge });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? messages.tooManyRequests : err.message || messages.invalidData;
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(err)) {
      // Not a bug in the request: the database is down, restarting or dropped the connection. The
      // pool reconnects by itself; the caller may retry.
      request.log.warn({ reason: rootMessage(err) }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: availabilityMessages.databaseUnavailable });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: messages.serverError });
  });
}
