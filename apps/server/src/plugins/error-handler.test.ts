import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityMessages, messages } from '@copydesk/shared';
import { registerErrorHandler } from './error-handler.js';

/** A driver error as node-postgres raises it, wrapped the way Drizzle wraps a failed query. */
function pgError(code: string, message: string): Error {
  const driver = Object.assign(new Error(message), { code, severity: 'FATAL' });
  return new Error('Failed query: select "id" from "users" where "email" = $1\nparams: someone@example.com', { cause: driver });
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

const unavailable: Record<string, () => unknown> = {
  'admin_shutdown (57P01, pg_terminate_backend)': () => pgError('57P01', 'terminating connection due to administrator command'),
  'crash_shutdown (57P02)': () => pgError('57P02', 'terminating connection because of crash of another server process'),
  'cannot_connect_now (57P03, still starting)': () => pgError('57P03', 'the database system is starting up'),
  'connection_failure (08006)': () => pgError('08006', 'connection failure'),
  'too many connections (53300)': () => pgError('53300', 'sorry, too many clients already'),
  ECONNREFUSED: () => socketError('ECONNREFUSED'),
  ECONNRESET: () => new Error('Failed query: select 1', { cause: socketError('ECONNRESET') }),
  'a refused connect to every address of a host': () => new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]),
  'a connection that dropped mid-query': () => new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
  'no connection within the pool timeout': () => new Error('timeout exceeded when trying to connect'),
  'a new connection that timed out': () => new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
  'a rollback on a dead connection': () => new Error('Client has encountered a connection error and is not queryable'),
};

const bugs: Record<string, () => unknown> = {
  'a unique violation nobody caught (23505)': () => pgError('23505', 'duplicate key value violates unique constraint'),
  'a syntax error (42601)': () => pgError('42601', 'syntax error at or near "selct"'),
  'a plain bug': () => new TypeError("Cannot read properties of undefined (reading 'id')"),
};

describe('the error handler and an unreachable database', () => {
  const app = Fastify({ logger: false });
  const all = { ...unavailable, ...bugs };
  const names = Object.keys(all);
  beforeAll(async () => {
    registerErrorHandler(app);
    app.get<{ Params: { n: string } }>('/fail/:n', async (request) => {
      throw all[names[Number(request.params.n)]!]!();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(Object.keys(unavailable))('answers 503 with a message and Retry-After for %s', async (name) => {
    const res = await app.inject({ method: 'GET', url: `/fail/${names.indexOf(name)}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'service.unavailable', message: availabilityMessages.databaseUnavailable });
    expect(res.headers['retry-after']).toBe('5');
  });

  it.each(Object.keys(bugs))('still answers 500 without details for %s', async (name) => {
    const res = await app.inject({ method: 'GET', url: `/fail/${names.indexOf(name)}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'server.error', message: messages.serverError });
  });
});
