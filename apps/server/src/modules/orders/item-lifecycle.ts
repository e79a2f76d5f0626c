import type { WebhookEvent } from '@copydesk/shared';
import type { DbOrTx } from '../../db/client.js';
import { hasWebhookFor, recordWebhookEvent, webhookData, type WebhookEventType } from '../webhooks/events.js';
import { ordersRepository, type ItemMove, type ItemMover, type ItemState } from './orders.repository.js';

export type { ItemMove, ItemMover, ItemState };

/**
 * The item lifecycle (docs/decisions/0004-item-state-machine.md). The legal moves and who may make
 * them are one table in the database (`item_transitions`, migration 0017):
 *
 *   Unpaid → Unassigned                    payment
 *   Unassigned → In Progress               fulfilment (take or assign)
 *   Revision Requested → In Progress       fulfilment
 *   In Progress → Pending Review           fulfilment (delivery)
 *   Pending Review → Approved              orderer, auto_approval
 *   Pending Review → Revision Requested    orderer
 *   any but Approved → Deleted             admin (a paid item is refunded first)
 *   Unpaid → Deleted                       orderer too (migration 0024, docs/decisions/0034-customers-delete-unpaid-orders.md)
 *
 * `moveItems` is the only way status changes: the services, the automatic approval and the payment
 * booking (in SQL) all go through `move_items`, which writes the status, what the new state carries
 * and one activity entry per item; a trigger refuses any other change, from any client. Services
 * still check the state first where the customer gets a message of its own.
 */
export async function moveItems(db: DbOrTx, move: ItemMove): Promise<number[]> {
  if (!move.itemIds.length) return [];
  const moved = await ordersRepository.moveItems(db, move);
  await recordMoveEvents(db, move, moved);
  return moved;
}

/** The webhook event of an item arriving in a state (docs/decisions/0044-webhooks.md). */
const EVENT_OF_STATE: Partial<Record<ItemState, WebhookEvent>> = {
  'Pending Review': 'content.delivered',
  'Revision Requested': 'content.revision_requested',
  Approved: 'content.approved',
};

/**
 * The webhook events of a move, in its transaction: one per moved item, then `order.completed` for
 * each order the move completed. An order is completed when it is paid and every live item is
 * approved (the derived status in orders.repository.ts), so only an approval, or the deletion of
 * its last item not approved, completes one; neither can happen twice to the same order, as an
 * approved item never moves again and a completed order has nothing left to delete but approved
 * items (which cannot be deleted).
 */
async function recordMoveEvents(db: DbOrTx, move: ItemMove, moved: number[]) {
  const type = EVENT_OF_STATE[move.to];
  const completes = move.to === 'Approved' || move.to === 'Deleted';
  if (!moved.length || (!type && !completes)) return;
  const types: WebhookEventType[] = [...(type ? [type] : []), ...(completes ? (['order.completed'] as const) : [])];
  const owners = await ordersRepository.ownersOfItems(db, moved);
  // One read per agency; an agency without an endpoint for these events costs nothing more.
  const agencies = new Map<number, boolean>();
  for (const { agencyId } of owners) if (!agencies.has(agencyId)) agencies.set(agencyId, await hasWebhookFor(db, agencyId, types));
  const subscribed = owners.filter((o) => agencies.get(o.agencyId));
  if (type) {
    for (const { itemId, orderId, agencyId } of subscribed) {
      await recordWebhookEvent(db, { type, ownerId: agencyId, orderId, at: move.at, data: () => webhookData().item(db, itemId) });
    }
  }
  if (!completes) return;
  const orders = new Map(subscribed.map((o) => [o.orderId, o.agencyId]));
  for (const [orderId, agencyId] of orders) {
    const order = await ordersRepository.findVisible(db, { kind: 'all' }, orderId);
    if (order?.status !== 'COMPLETED') continue;
    await recordWebhookEvent(db, { type: 'order.completed', ownerId: agencyId, orderId, at: move.at, data: () => webhookData().order(db, orderId) });
  }
}

/** Moves one item; false when the table does not allow the move from where the item is now. */
export async function moveItem(db: DbOrTx, itemId: number, move: Omit<ItemMove, 'itemIds'>): Promise<boolean> {
  return (await moveItems(db, { ...move, itemIds: [itemId] })).length === 1;
}
