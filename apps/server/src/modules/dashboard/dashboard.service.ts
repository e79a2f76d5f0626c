import { centsToDollars, type AdminStats } from '@copydesk/shared';
import type { AppContext } from '../../lib/app-context.js';
import type { UserRow } from '../../db/schema/index.js';
import { dashboardRepository } from './dashboard.repository.js';

/** How many Unassigned items the dashboard lists; the fulfilment queue has the rest. */
export const UNASSIGNED_SHOWN = 5;

/**
 * GET /dashboard/admin-stats: agencies, open and overdue work, the money held in wallets, and the
 * paid items nobody has taken yet (how many, and the first few by due date).
 */
export async function adminStats(ctx: AppContext, _actor: UserRow): Promise<AdminStats> {
  const { db } = ctx;
  const [agencies, openItems, overdueItems, walletCents, unassignedCount, unassigned] = await Promise.all([
    dashboardRepository.agencyCounts(db),
    dashboardRepository.openItems(db),
    dashboardRepository.overdueItems(db),
    dashboardRepository.walletCents(db),
    dashboardRepository.unassignedCount(db),
    dashboardRepository.unassignedItems(db, UNASSIGNED_SHOWN),
  ]);
  const now = Date.now();
  return {
    agencies: agencies.total,
    active_agencies: agencies.active,
    open_items: openItems,
    overdue_items: overdueItems,
    wallet_balance: centsToDollars(walletCents),
    unassigned_items: unassignedCount,
    unassigned: unassigned.map((item) => ({
      id: item.id,
      order_id: item.orderId,
      article_title: item.articleTitle,
      order_type: item.orderType,
      agency: { id: item.agencyId, name: item.agencyName },
      due_at: item.dueAt?.toISOString() ?? null,
      overdue: item.dueAt !== null && item.dueAt.getTime() < now,
    })),
  };
}
