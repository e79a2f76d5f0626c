import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

export const healthRepository = {
  /** The cheapest round trip to the database; rejects when it cannot be reached. */
  async ping(db: Database): Promise<void> {
    await db.execute(sql`select 1`);
  },
};
