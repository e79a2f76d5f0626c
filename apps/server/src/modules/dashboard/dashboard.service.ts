import { centsToDollars, type AdminStats } from '@copydesk/shared';
import type { AppContext } from '../../lib/app-context.js';
import type { UserRow } from '../../db/schema/index.js';
import { dashboardRepository } from './dashboard.repository.js';

/** GET /dashboard/admin-stats: agencies, open and overdue work, and the money held in wallets. */
export async function adminStats(ctx: AppContext, _actor: UserRow): Promise<AdminStats> {
  const { db } = ctx;
  const [agencies, openItems, overdueItems, walletCents] = await Promise.all([
    dashboardRepository.agencyCounts(db),
    dashboardRepository.openItems(db),
    dashboardRepository.overdueItems(db),
    dashboardRepository.walletCents(db),
  ]);
  return {
    agencies: agencies.total,
    active_agencies: agencies.active,
    open_items: openItems,
    overdue_items: overdueItems,
    wallet_balance: centsToDollars(walletCents),
  };
}
