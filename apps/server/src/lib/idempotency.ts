import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { billingMessages } from '@copydesk/shared';
import { sqlState, type Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from './app-error.js';

export interface StoredResponse {
  status: number;
  body: unknown;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs a money operation at most once per (user, scope, Idempotency-Key) (DESIGN.md §4). A repeat
 * with the same key and body answers the first response; the same key with another body is a 422;
 * a repeat while the first is still running is a 409. Server faults release the key for a retry.
 */
export async function withIdempotency(
  db: Database,
  options: { userId: number; scope: string; key: string | undefined; body: unknown },
  run: () => Promise<unknown>,
): Promise<StoredResponse> {
  if (options.key === undefined) return { status: 200, body: await run() };
  if (!KEY_PATTERN.test(options.key)) throw AppError.field('Idempotency-Key', 'The Idempotency-Key header must be 1 to 255 visible characters.');
  const requestHash = createHash('sha256').update(JSON.stringify(options.body ?? null)).digest('hex');
  const where = and(eq(idempotencyKeys.userId, options.userId), eq(idempotencyKeys.scope, options.scope), eq(idempotencyKeys.key, options.key));

  try {
    await db.insert(idempotencyKeys).values({ userId: options.userId, scope: options.scope, key: options.key, requestHash, status: 'in_progress' });
  } catch (err) {
    if (sqlState(err) !== '23505') throw err;
    const [existing] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!existing) throw new AppError('CONFLICT', billingMessages.idempotencyInProgress);
    if (existing.requestHash !== requestHash) throw AppError.field('Idempotency-Key', billingMessages.idempotencyMismatch);
    if (existing.status !== 'done') throw new AppError('CONFLICT', billingMessages.idempotencyInProgress);
    return { status: existing.responseStatus ?? 200, body: existing.responseBody };
  }

  let response: StoredResponse;
  try {
    response = { status: 200, body: await run() };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) {
      await db.delete(idempotencyKeys).where(where);
      throw err;
    }
    response = { status: err.status, body: { message: err.message, ...(err.errors ? { errors: err.errors } : {}) } };
  }
  await db.update(idempotencyKeys).set({ status: 'done', responseStatus: response.status, responseBody: response.body }).where(where);
  return response;
}
