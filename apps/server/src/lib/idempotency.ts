import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from './app-error.js';

export interface StoredResponse {
  status: number;
  body: unknown;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * How long a request holds its key. A request still "in progress" after this died with its process
 * (a crash, a deploy): the next request with the same key and body takes the key over instead of
 * answering 409 forever. Longer than any payment takes, gateway time-outs included.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;
/** A finished key answers repeats for a day; after that the key is free again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Marks the key done with `body` inside the operation's own transaction, so the answer commits
 * with the work or not at all: a crash after the commit leaves a finished key, never one that a
 * retry may take over and run again. A no-op for a request without a key.
 */
export type FinishInTransaction = (tx: Transaction, body: unknown) => Promise<void>;

/**
 * The `finish` of a request without a key: there is no answer to store, so an operation given this
 * one may skip the transaction it would otherwise open to store it in.
 */
export const nothingToFinish: FinishInTransaction = async () => undefined;

/** What identifies a request's body under its key. */
export const requestHashOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/**
 * Runs a money operation at most once per (user, scope, Idempotency-Key)
 * (docs/decisions/0006-idempotency-keys.md). A repeat with the same key and body answers the first
 * response; the same key with another body is a 422; a repeat while the first is still running is a
 * 409, until the first's lease (`leaseMs`, default IDEMPOTENCY_LEASE_MS) runs out. Server faults
 * release the key for a retry, unless the operation already finished it inside its own transaction
 * (`finish`), in which case the work committed and the stored answer stands; keys expire after
 * 24 h.
 */
export async function withIdempotency(
  db: Database,
  options: { userId: number; scope: string; key: string | undefined; body: unknown; leaseMs?: number },
  run: (finish: FinishInTransaction) => Promise<unknown>,
): Promise<StoredResponse> {
  if (options.key === undefined) return { status: 200, body: await run(nothingToFinish) };
  if (!KEY_PATTERN.test(options.key)) throw AppError.field('idempotency.key_invalid', 'Idempotency-Key');
  const requestHash = requestHashOf(options.body);
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const where = and(eq(idempotencyKeys.userId, options.userId), eq(idempotencyKeys.scope, options.scope), eq(idempotencyKeys.key, options.key));

  // One statement claims the key: a new key is inserted; an expired one (a finished key older than
  // a day, or an abandoned one past its lease with the same body) is taken over by this request.
  // Two requests cannot both claim it: the unique index makes the second wait and then see the
  // first's row, which is neither expired nor abandoned.
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: options.userId, scope: options.scope, key: options.key, requestHash, status: 'in_progress' })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.scope, idempotencyKeys.key],
      set: { requestHash, status: 'in_progress', responseStatus: null, responseBody: null, createdAt: sql`now()` },
      setWhere: or(
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})`),
        and(
          eq(idempotencyKeys.status, 'in_progress'),
          eq(idempotencyKeys.requestHash, requestHash),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
        ),
      ),
    })
    .returning({ id: idempotencyKeys.id });

  if (!claimed.length) {
    const [existing] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!existing) throw new AppError('idempotency.in_progress');
    if (existing.requestHash !== requestHash) throw AppError.field('idempotency.key_reused', 'Idempotency-Key');
    if (existing.status !== 'done') throw new AppError('idempotency.in_progress');
    return { status: existing.responseStatus ?? 200, body: existing.responseBody };
  }

  const inProgress = and(where, eq(idempotencyKeys.status, 'in_progress'));
  let finishedInTransaction = false;
  const finish: FinishInTransaction = async (tx, body) => {
    await tx.update(idempotencyKeys).set({ status: 'done', responseStatus: 200, responseBody: body }).where(inProgress);
    finishedInTransaction = true;
  };
  let response: StoredResponse;
  try {
    response = { status: 200, body: await run(finish) };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) {
      // Released for a retry only if the work did not commit its answer first.
      await db.delete(idempotencyKeys).where(inProgress);
      throw err;
    }
    response = { status: err.status, body: err.toBody() };
  }
  // Work that returned normally after `finish` committed its answer with it: nothing left to write.
  if (response.status === 200 && finishedInTransaction) return response;
  await db.update(idempotencyKeys).set({ status: 'done', responseStatus: response.status, responseBody: response.body }).where(inProgress);
  return response;
}

/** Housekeeping: keys older than a day answer nothing any more. */
export async function deleteExpiredIdempotencyKeys(db: Database) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})`));
}
