import { sql } from 'drizzle-orm';
import { DUE_BUSINESS_DAYS } from '@copydesk/shared';
import type { DbOrTx } from '../../db/client.js';
import { activityLogs, orderItems, orders } from '../../db/schema/index.js';

export const paidOrdersRepository = {
  /**
   * Marks an order paid in one statement: the order row, its unpaid items released to the writers
   * with their due date, and an activity-log line on every live item. (The row and statement
   * triggers keep the agency counters and the fulfilment queue totals as for separate statements.)
   */
  async markPaid(db: DbOrTx, args: { orderId: number; paymentId: number; userId: number; description: string }) {
    await db.execute(sql`
      with paid_order as (
        update ${orders} set paid_at = now(), payment_id = ${args.paymentId}, updated_at = now()
        where ${orders.id} = ${args.orderId}
      ), released as (
        update ${orderItems} set status = 'Unassigned', due_at = add_business_days(now(), ${DUE_BUSINESS_DAYS}), updated_at = now()
        where ${orderItems.orderId} = ${args.orderId} and ${orderItems.status} = 'Unpaid' and ${orderItems.deletedAt} is null
      )
      insert into ${activityLogs} (item_id, user_id, description)
      select ${orderItems.id}, ${args.userId}::integer, ${args.description}::text
      from ${orderItems}
      where ${orderItems.orderId} = ${args.orderId} and ${orderItems.deletedAt} is null`);
  },
};
