import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorMessageOf, fallbackErrorCode, messages, type ErrorCode, type FixedMessageCode } from '@copydesk/shared';
import { isDatabaseUnavailable } from '../db/client.js';
import { AppError, type ErrorBody, type FieldErrors } from '../lib/app-error.js';

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

/** An answer of a code of the table (packages/shared/src/error-codes.ts), with its message unless another is given. */
const body = (code: FixedMessageCode, message: string = errorMessageOf(code), errors?: FieldErrors): ErrorBody => ({
  code,
  message,
  ...(errors ? { errors } : {}),
});

/**
 * The one error handler: domain errors, validation failures and framework errors all answer
 * `{code, message, errors?}` with the status each case has (docs/decisions/0022-api-conventions.md);
 * every code is one of the shared table's. 5xx details never leave the server; an unreachable
 * database is a 503 with Retry-After, not a 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send(err.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const key = toKey(issue.instancePath, err.validationContext);
        (errors[key] ??= []).push(issue.message ?? messages.invalidData);
      }
      const first = Object.values(errors)[0]?.[0] ?? messages.invalidData;
      return reply.status(422).send(body('validation.failed', first, errors));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match its schema');
      return reply.status(500).send(body('server.error'));
    }
    switch (err.code) {
      case 'FST_UNDER_PRESSURE':
        // @fastify/under-pressure: the event loop is far behind; the plugin set Retry-After.
        return reply.status(503).send(body('service.overloaded'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('request.malformed_json'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return reply.status(413).send(body('request.payload_too_large'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // The framework's own 4xx (415, a rate limit's 429…): the code of its status; the text is
      // the framework's, except a rate limit's, which is always the product's.
      const code: ErrorCode = fallbackErrorCode(status);
      const message = status === 429 ? messages.tooManyRequests : err.message || messages.invalidData;
      return reply.status(status).send({ code, message } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(err)) {
      // Not a bug in the request: the database is down, restarting or dropped the connection. The
      // pool reconnects by itself; the caller may retry.
      request.log.warn({ reason: rootMessage(err) }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(body('service.unavailable'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('server.error'));
  });
}
