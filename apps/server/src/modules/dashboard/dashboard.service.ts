import { centsToDollars, type AdminStats } from '@copydesk/shared';
import type { Database } from '../../db/client.js';
import { dashboardRepository } from './dashboard.repository.js';

/** GET /dashboard/admin-stats: agencies, open and overdue work, and the money held in wallets. */
export async function adminStats(db: Database): Promise<AdminStats> {
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
