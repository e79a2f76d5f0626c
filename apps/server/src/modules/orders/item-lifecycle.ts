import type { DbOrTx } from '../../db/client.js';
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
export function moveItems(db: DbOrTx, move: ItemMove): Promise<number[]> {
  if (!move.itemIds.length) return Promise.resolve([]);
  return ordersRepository.moveItems(db, move);
}

/** Moves one item; false when the table does not allow the move from where the item is now. */
export async function moveItem(db: DbOrTx, itemId: number, move: Omit<ItemMove, 'itemIds'>): Promise<boolean> {
  return (await moveItems(db, { ...move, itemIds: [itemId] })).length === 1;
}
