import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sandboxCharges } from '../../db/schema/index.js';
import type { SandboxCharge, SandboxLedger } from '../../lib/payment-gateway.js';

const chargeOf = (row: typeof sandboxCharges.$inferSelect): SandboxCharge => ({
  idempotencyKey: row.idempotencyKey,
  chargeRef: row.chargeRef,
  agencyId: row.agencyId,
  amountCents: row.amountCents,
  card: row.card ?? null,
  savedRef: row.savedRef,
});

/**
 * The sandbox gateway's books in the portal's database. Each call is its own statement, never part
 * of a portal transaction: like a real processor, the record stands whatever the portal does next.
 */
export function databaseSandboxLedger(db: DbOrTx): SandboxLedger {
  return {
    async find(idempotencyKey) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey)).limit(1);
      return row ? chargeOf(row) : null;
    },
    async record(charge) {
      const [inserted] = await db.insert(sandboxCharges).values(charge).onConflictDoNothing({ target: sandboxCharges.idempotencyKey }).returning();
      if (inserted) return chargeOf(inserted);
      const [existing] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, charge.idempotencyKey)).limit(1);
      return chargeOf(existing!);
    },
    async refund(chargeRef, amountCents) {
      await db
        .update(sandboxCharges)
        .set({ refundedCents: sql`greatest(${sandboxCharges.refundedCents}, ${amountCents})` })
        .where(and(eq(sandboxCharges.chargeRef, chargeRef), lt(sandboxCharges.refundedCents, sandboxCharges.amountCents)));
    },
  };
}
