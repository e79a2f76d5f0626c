import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { offerCredits } from '../../db/schema/index.js';

export const offersRepository = {
  /** The agency's one-time offer credit, once granted (the payment transaction grants it). */
  async creditOf(db: DbOrTx, agencyId: number) {
    const [row] = await db.select().from(offerCredits).where(eq(offerCredits.agencyId, agencyId)).limit(1);
    return row ?? null;
  },
};
