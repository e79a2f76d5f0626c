import { appliedMigrationMillis, type Database } from '../../db/client.js';

export const healthRepository = {
  /**
   * One round trip that is both the ping and the migration check: `created_at` of the newest applied
   * migration (null when none is). Rejects when the database cannot be reached.
   */
  async appliedMigration(db: Database): Promise<number | null> {
    return appliedMigrationMillis(db);
  },
};
